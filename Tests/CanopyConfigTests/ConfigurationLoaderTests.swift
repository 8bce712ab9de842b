import CanopyAnalysis
import Foundation
import Testing

@testable import CanopyConfig

@Suite("Configuration loading")
struct ConfigurationLoaderTests {
    @Test("quarantine globs and expiry")
    func quarantine() {
        let entry = QuarantineEntry(test: "AppUITests.FeedTests/*", expires: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(entry.matches(testKey: "AppUITests.FeedTests/testScroll"))
        #expect(!entry.matches(testKey: "AppUITests.LoginTests/testScroll"))
        #expect(entry.isActive(on: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(!entry.isActive(on: Date(timeIntervalSince1970: 1_900_000_000)))
        let audit = QuarantineEntry(identifier: "Podcast-{id}-row", auditType: "contrast")
        #expect(audit.matches(identifier: "Podcast-{id}-row", auditType: "contrast"))
        #expect(!audit.matches(identifier: "Podcast-{id}-row", auditType: "hitRegion"))
        #expect(QuarantineEntry.glob("*Tests/test*", matches: "AppUITests/testLogin"))
    }

    @Test("configuration maps every section onto the typed values")
    func configuration() throws {
        let yaml = """
            store: /tmp/h.sqlite
            identifiers:
              separators: [".", "-"]
              maxIdentifierLength: 64
            categories:
              - name: backendDown
                pattern: 'HTTP 5\\d\\d'
                fields: [message, output]
                infrastructure: true
            flakiness:
              windowDays: 14
              significance: 0.1
            gates:
              minimumCoverage: 0.6
              maximumFailuresPerCategory: {appCrashed: 0}
            quarantine:
              - test: "A/*"
                expires: 2030-01-01
            output:
              annotations: 3
            """
        let config = try ConfigurationLoader.parse(yaml, file: "c.yml")
        #expect(config.store == "/tmp/h.sqlite")
        #expect(config.analysis.identifiers.separators == [".", "-"])
        #expect(config.analysis.identifiers.maxIdentifierLength == 64)
        #expect(config.analysis.categories.first?.infrastructure == true)
        #expect(config.flakiness.windowDays == 14)
        #expect(config.flakiness.significance == 0.1)
        #expect(config.gates.minimumCoverage == 0.6)
        #expect(config.gates.maximumNewFailures == 0)
        #expect(config.gates.maximumFailuresPerCategory == ["appCrashed": 0])
        #expect(config.quarantine.first?.test == "A/*")
        #expect(config.output.annotations == 3)
        #expect(try ConfigurationLoader.parse("", file: "empty.yml").gates.maximumNewFailures == 0)
    }

    @Test(
        "interactive element types are read in any spelling of a case name; a name of no type is an error at its line")
    func interactiveElementTypes() throws {
        let yaml =
            "identifiers:\n  interactiveElementTypes: [Button, XCUIElementTypeTextField, \"secure text field\", switch, tableRow, menuBarItem]\n"
        let config = try ConfigurationLoader.parse(yaml, file: "c.yml")
        #expect(
            config.analysis.identifiers.interactiveElementTypes == [
                "button", "textField", "secureTextField", "switch", "tableRow", "menuBarItem",
            ])
        do {
            _ = try ConfigurationLoader.parse(
                "identifiers:\n  interactiveElementTypes:\n    - button\n    - Buton\n", file: "c.yml")
            Issue.record("a misspelt element type loaded")
        } catch let error as ConfigurationError {
            #expect(error.keyPath == "identifiers.interactiveElementTypes[1]")
            #expect(error.file == "c.yml:4:7")
            #expect(error.message.contains("'Buton'") && error.message.contains("button"))
        }
    }

    @Test("identifiers.convention: null or '' turns the check off; left out, the default applies")
    func conventionOff() throws {
        let byDefault = try ConfigurationLoader.parse("identifiers:\n  maxIdentifierLength: 64\n", file: "c.yml")
        #expect(byDefault.analysis.identifiers.convention != nil)
        for off in ["null", "~", "''"] {
            let config = try ConfigurationLoader.parse("identifiers:\n  convention: \(off)\n", file: "c.yml")
            #expect(config.analysis.identifiers.convention == nil, "\(off)")
        }
    }

    @Test(
        "config errors name the line and column, for values checked by the reader too",
        arguments: [
            (
                "identifiers:\n  dynamicSegments:\n    - placeholder: id\n      pattern: '[0-9]+'\n      position: middle\n",
                "c.yml:5:7", "identifiers.dynamicSegments[0].position"
            ),
            (
                "identifiers:\n  dynamicSegments:\n    - placeholder: id\n", "c.yml:3:7",
                "identifiers.dynamicSegments[0]"
            ),
            (
                "categories:\n  - name: foo\n    pattern: x\n    fields: [message, msg]\n", "c.yml:4:23",
                "categories[0].fields[1]"
            ),
            ("categories:\n  - name: foo\n", "c.yml:2:5", "categories[0]"),
            ("quarantine:\n  - reason: r\n", "c.yml:2:5", "quarantine[0]"),
            ("identifiers:\n  separators: ['.', '..']\n", "c.yml:2:21", "identifiers.separators[1]"),
        ])
    func configErrorPlaces(_ yaml: String, _ place: String, _ keyPath: String) throws {
        do {
            _ = try ConfigurationLoader.parse(yaml, file: "c.yml")
            Issue.record("loaded: \(yaml)")
        } catch let error as ConfigurationError {
            #expect(error.file == place, "\(error)")
            #expect(error.keyPath == keyPath, "\(error)")
        }
    }

    @Test("the shipped Config/canopy.yml loads")
    func shippedConfig() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Config/canopy.yml").path
        let config = try ConfigurationLoader.load(path: path)
        #expect(config.gates.maximumNewAuditErrors == 0)
    }
}
