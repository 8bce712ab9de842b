import CanopyAnalysis
import Foundation
import Testing

@testable import CanopyConfig

/// Values canopy.yml could once hold that Canopy read as something else or quietly ignored: each
/// is now an error naming the file, line, column and key path, and saying what to write instead.
@Suite("Configuration validation")
struct ConfigurationValidationTests {
    /// The error loading `yaml` gives; records an issue when it loads.
    private func error(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> ConfigurationError? {
        do {
            _ = try ConfigurationLoader.parse(yaml, file: "c.yml")
            Issue.record("loaded: \(yaml)", sourceLocation: sourceLocation)
        } catch let error as ConfigurationError {
            return error
        } catch {
            Issue.record("not a configuration error: \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    // MARK: Dates

    @Test(
        "a quarantine expiry that is no day of the calendar is an error at its line, not a day rolled over",
        arguments: [
            ("2026-13-01", "there is no month 13"),
            ("2026-11-31", "there is no day 31 in November 2026 (it has 30 days)"),
            ("2026-02-30", "there is no day 30 in February 2026"),
            ("2100-02-29", "there is no day 29 in February 2100"),
            ("2026-00-10", "there is no month 0"),
            ("'2026-02-30'", "there is no day 30 in February 2026"),
            ("2026-11-22T25:00:00Z", "hour 25"),
            ("2026-11-22T02:00:00", "no zone"),
            ("2026-11-22 02:00:00", "expected a date (YYYY-MM-DD"),
            ("20261122", "expected a date (YYYY-MM-DD"),
            ("soon", "expected a date (YYYY-MM-DD"),
        ])
    func impossibleExpiry(_ value: String, _ message: String) throws {
        let failure = try #require(error("quarantine:\n  - test: \"A/*\"\n    expires: \(value)\n"))
        #expect(failure.file == "c.yml:3:14", "\(failure)")
        #expect(failure.keyPath == "quarantine[0].expires", "\(failure)")
        #expect(failure.message.contains(message), "\(failure)")
        #expect(failure.message.contains("YYYY-MM-DD"), "\(failure)")
    }

    @Test("a quarantine expiry is a day (midnight UTC, leap days included) or a time with a zone")
    func validExpiry() throws {
        let cases: [(String, TimeInterval)] = [
            ("2026-12-31", 1_798_675_200), ("'2026-12-31'", 1_798_675_200), ("2028-02-29", 1_835_395_200),
            ("2026-12-31T10:00:00Z", 1_798_711_200), ("2026-12-31T11:00:00.5+01:00", 1_798_711_200.5),
        ]
        for (value, seconds) in cases {
            let config = try ConfigurationLoader.parse(
                "quarantine:\n  - test: \"A/*\"\n    expires: \(value)\n", file: "c.yml")
            #expect(config.quarantine.first?.expires == Date(timeIntervalSince1970: seconds), "\(value)")
        }
    }

    @Test(
        "ISO8601Time checks every component against its range",
        arguments: [
            ("2026-02-30T00:00:00Z", ISO8601Time.Problem.day(30, month: 2, year: 2026, days: 28)),
            ("2026-11-22T25:00:00Z", .hour(25)), ("2026-11-22T02:60:00Z", .minute(60)),
            ("2026-11-22T02:00:60Z", .second(60)),
            ("2026-11-22T02:00:00+99:00", .offset("+99:00")), ("2026-11-22T02:00:00+01:60", .offset("+01:60")),
            ("2026-11-22T02:00:00-13:00", .offset("-13:00")), ("2026-11-22T02:00:00", .noZone),
            ("0000-01-01", .year(0)),
            ("2026-11-22T02:00Z", .form), ("2026-11-22T02:00:00.Z", .form), ("2026-11-22Z", .form),
            ("2026-11-22 ", .form),
            ("2026-11-22T02:00:00ZZ", .form), ("", .form),
        ])
    func strictTimes(_ text: String, _ problem: ISO8601Time.Problem) {
        #expect(throws: problem) { try ISO8601Time.date(text) }
    }

    @Test("ISO8601Time reads a day, fractions, Z and offsets in their ISO 8601 spellings")
    func validTimes() throws {
        let cases: [(String, TimeInterval)] = [
            ("2026-11-22", 1_795_305_600), ("2026-11-22T02:00:00Z", 1_795_312_800),
            ("2026-11-22T02:00:00.250Z", 1_795_312_800.25),
            ("2026-11-22T03:00:00+01:00", 1_795_312_800), ("2026-11-22T03:00:00+0100", 1_795_312_800),
            ("2026-11-22T03:00:00+01", 1_795_312_800), ("2026-11-21T14:00:00-12:00", 1_795_312_800),
            ("2026-11-22T16:00:00+14:00", 1_795_312_800), ("2024-02-29T00:00:00Z", 1_709_164_800),
        ]
        for (text, seconds) in cases {
            #expect(try ISO8601Time.date(text) == Date(timeIntervalSince1970: seconds), "\(text)")
        }
    }

    // MARK: Quarantine

    @Test(
        "auditType on a test entry is an error: it narrows an identifier entry's audit issues and a test entry has none"
    )
    func auditTypeOnTestEntry() throws {
        let failure = try #require(error("quarantine:\n  - test: \"A/*\"\n    auditType: contrast\n"))
        #expect(failure.file == "c.yml:3:5", "\(failure)")
        #expect(failure.keyPath == "quarantine[0].auditType", "\(failure)")
        #expect(failure.message.contains("identifier"), "\(failure)")
        let config = try ConfigurationLoader.parse(
            "quarantine:\n  - identifier: \"Podcast-{id}-row\"\n    auditType: contrast\n  - test: \"A/*\"\n    identifier: X\n    auditType: hitRegion\n",
            file: "c.yml")
        #expect(config.quarantine.map(\.auditType) == ["contrast", "hitRegion"])
    }

    // MARK: Interactive element types

    @Test(
        "an empty interactiveElementTypes is an error: no element would count, and a coverage gate would pass on nothing"
    )
    func emptyInteractiveElementTypes() throws {
        let failure = try #require(error("identifiers:\n  interactiveElementTypes: []\n"))
        #expect(failure.file == "c.yml:2:3", "\(failure)")
        #expect(failure.keyPath == "identifiers.interactiveElementTypes", "\(failure)")
        #expect(failure.message.contains("empty") && failure.message.contains("button"), "\(failure)")
    }

    // MARK: Duplicate keys

    @Test(
        "a duplicate key is an error at the duplicate, naming its key path and where it was first set",
        arguments: [
            (
                "gates:\n  maximumNewFailures: 0\n  maximumNewFailures: 3\n", "c.yml:3:3", "gates.maximumNewFailures",
                "line 2, column 3"
            ),
            ("store: a\nstore: b\n", "c.yml:2:1", "store", "line 1, column 1"),
            (
                "categories:\n  - name: a\n    pattern: x\n  - name: b\n    pattern: y\n    name: c\n", "c.yml:6:5",
                "categories[1].name", "line 4, column 5"
            ),
            (
                "gates: {maximumNewFailures: 0, maximumNewFailures: 1}\n", "c.yml:1:32", "gates.maximumNewFailures",
                "line 1, column 9"
            ),
            (
                "gates:\n  \"maximumNewFailures\": 0\n  maximumNewFailures: 1\n  maximumNewFailures: 2\n", "c.yml:3:3",
                "gates.maximumNewFailures", "line 2, column 3"
            ),
            // The duplicate that comes first in the file, whatever the order of the names.
            ("gates:\n  b: 1\n  a: 1\n  b: 2\n  a: 2\n", "c.yml:4:3", "gates.b", "line 2, column 3"),
            (
                "gates:\n  maximumNewFailures: 0\n  maximumNewFailures: 1\noutput:\n  annotations: 1\n  annotations: 2\n",
                "c.yml:3:3", "gates.maximumNewFailures", "line 2"
            ),
        ])
    func duplicateKey(_ yaml: String, _ place: String, _ keyPath: String, _ first: String) throws {
        let failure = try #require(error(yaml))
        #expect(failure.file == place, "\(failure)")
        #expect(failure.keyPath == keyPath, "\(failure)")
        #expect(failure.message.hasPrefix("duplicate key; "), "\(failure)")
        #expect(failure.message.contains(first), "\(failure)")
        #expect(!failure.description.contains("\n"), "\(failure)")
    }

    @Test("a repeated key that is not a string is an error at its first place, on one line")
    func duplicateComplexKey() throws {
        let failure = try #require(error("? [a]\n: 1\n? [a]\n: 2\n"))
        #expect(
            failure.description
                == "c.yml:1:3: error: not valid YAML: a key is set twice in one mapping; keep one of the two")
    }

    // MARK: Required keys

    @Test(
        "a misspelt required key is reported as unknown, listing the known keys, before the missing key it stands for",
        arguments: [
            (
                "categories:\n  - name: foo\n    patern: \"x\"\n", "c.yml:3:5", "categories[0].patern",
                "description, fields, fix, infrastructure, name, pattern"
            ),
            (
                "categories:\n  - nam: foo\n    pattern: \"x\"\n", "c.yml:2:5", "categories[0].nam",
                "description, fields, fix, infrastructure, name, pattern"
            ),
            (
                "identifiers:\n  dynamicSegments:\n    - placeholder: id\n      patern: x\n", "c.yml:4:7",
                "identifiers.dynamicSegments[0].patern", "pattern, placeholder, position"
            ),
        ])
    func misspeltRequiredKey(_ yaml: String, _ place: String, _ keyPath: String, _ known: String) throws {
        let failure = try #require(error(yaml))
        #expect(failure.file == place, "\(failure)")
        #expect(failure.keyPath == keyPath, "\(failure)")
        #expect(
            failure.message.hasPrefix("unknown key '") && failure.message.hasSuffix("known keys here: \(known)"),
            "\(failure)")
    }

    // MARK: Placeholders

    @Test(
        "a placeholder that is empty, has braces, whitespace or a separator is an error at its key",
        arguments: [
            ("\"{id}\"", "braces"), ("\"\"", "empty"), ("a.b", "separator '.'"), ("a-b", "separator '-'"),
            ("\"a b\"", "whitespace"),
            ("\"id\\t\"", "whitespace"), ("\"{\"", "braces"),
        ])
    func badPlaceholder(_ value: String, _ reason: String) throws {
        let segment = try #require(
            error("identifiers:\n  dynamicSegments:\n    - placeholder: \(value)\n      pattern: x\n"))
        #expect(segment.file == "c.yml:3:7", "\(segment)")
        #expect(segment.keyPath == "identifiers.dynamicSegments[0].placeholder", "\(segment)")
        #expect(segment.message.contains(reason), "\(segment)")
        let fold = try #require(error("identifiers:\n  dataDrivenFold:\n    placeholder: \(value)\n"))
        #expect(fold.file == "c.yml:3:5", "\(fold)")
        #expect(fold.keyPath == "identifiers.dataDrivenFold.placeholder", "\(fold)")
        #expect(fold.message.contains(reason), "\(fold)")
    }

    @Test("placeholders are checked against the separators in effect, the default placeholders too")
    func placeholdersAndSeparators() throws {
        let config = try ConfigurationLoader.parse(
            "identifiers:\n  separators: [\"/\"]\n  dynamicSegments:\n    - placeholder: a.b\n      pattern: x\n  dataDrivenFold:\n    placeholder: row_value\n",
            file: "c.yml")
        #expect(config.analysis.identifiers.dynamicSegments.map(\.placeholder) == ["a.b"])
        #expect(config.analysis.identifiers.dataDrivenFold.placeholder == "row_value")
        let slash = try #require(
            error("identifiers:\n  separators: [\"/\"]\n  dataDrivenFold:\n    placeholder: a/b\n"))
        #expect(slash.keyPath == "identifiers.dataDrivenFold.placeholder", "\(slash)")
        // 'x' splits the default placeholder 'index' (and 'e' would split 'value').
        let letter = try #require(error("identifiers:\n  separators: [\".\", x]\n"))
        #expect(letter.keyPath == "identifiers.separators[1]", "\(letter)")
        #expect(letter.file == "c.yml:2:21", "\(letter)")
        #expect(letter.message.contains("'index'"), "\(letter)")
    }

    // MARK: Categories

    @Test(
        "a category with no fields, an empty or repeated name, or an empty pattern is an error at its key",
        arguments: [
            (
                "categories:\n  - name: a\n    pattern: x\n    fields: []\n", "c.yml:4:5", "categories[0].fields",
                "empty"
            ),
            ("categories:\n  - name: \"\"\n    pattern: x\n", "c.yml:2:5", "categories[0].name", "empty"),
            ("categories:\n  - name: \" \"\n    pattern: x\n", "c.yml:2:5", "categories[0].name", "empty"),
            (
                "categories:\n  - name: a\n    pattern: x\n  - name: a\n    pattern: y\n", "c.yml:4:5",
                "categories[1].name", "categories[0]"
            ),
            (
                "categories:\n  - name: a\n    pattern: ''\n", "c.yml:3:5", "categories[0].pattern",
                "empty and would match every failure"
            ),
            // `other` is what no category matched: such a rule was dropped, silently.
            (
                "categories:\n  - name: other\n    pattern: x\n", "c.yml:2:5", "categories[0].name",
                "would never be tried"
            ),
        ])
    func badCategory(_ yaml: String, _ place: String, _ keyPath: String, _ reason: String) throws {
        let failure = try #require(error(yaml))
        #expect(failure.file == place, "\(failure)")
        #expect(failure.keyPath == keyPath, "\(failure)")
        #expect(failure.message.contains(reason), "\(failure)")
        #expect(!failure.message.contains("not a valid regular expression"), "\(failure)")
    }

    // MARK: Numbers

    @Test("a whole number too large for any limit is out of range, not 'not a whole number'")
    func hugeInteger() throws {
        for value in ["99999999999999999999999", "-99999999999999999999999"] {
            let failure = try #require(error("gates:\n  maximumNewFailures: \(value)\n"))
            #expect(failure.keyPath == "gates.maximumNewFailures", "\(failure)")
            #expect(failure.message == "\(value) is out of range; expected 0…1000000", "\(failure)")
        }
    }

    @Test(
        "a fraction is a YAML number, as the README documents (0…1): a percent or a quoted number is an error saying what to write",
        arguments: [
            ("60%", "write 60% as 0.6"), ("\"60%\"", "write 60% as 0.6"), ("\"0.95\"", "remove the quotes"),
            ("high", "expected a number"),
        ])
    func fractionIsANumber(_ value: String, _ hint: String) throws {
        let failure = try #require(error("gates:\n  minimumCoverage: \(value)\n"))
        #expect(failure.keyPath == "gates.minimumCoverage", "\(failure)")
        #expect(failure.message.contains(hint), "\(failure)")
        let config = try ConfigurationLoader.parse(
            "gates:\n  minimumCoverage: 0.95\n  maximumCoverageDrop: 0\n", file: "c.yml")
        #expect(config.gates.minimumCoverage == 0.95 && config.gates.maximumCoverageDrop == 0)
    }

    // MARK: Files

    @Test("a missing configuration file says whether --config or CANOPY_CONFIG named it")
    func missingFile() {
        let path = NSTemporaryDirectory() + "canopy-no-such-\(UUID().uuidString).yml"
        let cases: [(String?, String)] = [
            (
                nil,
                "\(path): error: the configuration file CANOPY_CONFIG names does not exist; fix the path or unset CANOPY_CONFIG"
            ),
            (path, "\(path): error: the configuration file --config names does not exist; check the path"),
        ]
        for (explicit, message) in cases {
            do {
                _ = try ConfigurationLoader.load(
                    explicit: explicit, environment: ["CANOPY_CONFIG": explicit == nil ? path : "/elsewhere.yml"])
                Issue.record("loaded a missing file")
            } catch {
                #expect("\(error)" == message)
            }
        }
        let directory = NSTemporaryDirectory()
        do {
            _ = try ConfigurationLoader.load(explicit: nil, environment: ["CANOPY_CONFIG": directory])
            Issue.record("loaded a directory")
        } catch {
            #expect(
                "\(error)"
                    == "\(directory): error: it is a directory; give CANOPY_CONFIG a YAML file such as Config/canopy.yml"
            )
        }
    }
}
