import CanopyHistoryTestSupport
import CanopyModel
import CanopyParsers
import Foundation
import Testing

@testable import CanopyHistory

/// A NUL in an xcresult test name was stored with the NUL and read back cut at it, so the same
/// failing test was a "new failure" every night. Names are normalised once, when the JSON is read:
/// each `\u0000` becomes U+FFFD with a warning, and the name then round-trips through both stores.
@Suite struct NULNameTests {
    static let document = #"""
        {"testNodes":[{"nodeType":"UI test bundle","name":"AppUITests","children":[
          {"nodeType":"Test Suite","name":"LoginTests","children":[
            {"nodeType":"Test Case","name":"testLogin\u0000Twice()","nodeIdentifier":"LoginTests/testLogin\u0000Twice()",
             "result":"Failed","duration":"2s","children":[{"nodeType":"Failure Message","name":"LoginTests.swift:12: tapped \u0000 nothing"}]}
          ]}
        ]}]}
        """#

    static func parse() throws -> ParsedInput {
        let directory = NSTemporaryDirectory() + "canopy-nul-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tests.json"
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        return try ParserRegistry().parse(fileAt: path)
    }

    @Test func aNULInANameIsReplacedWithAWarning() throws {
        let input = try Self.parse()
        let test = try #require(input.tests.first)
        #expect(test.identity.name == "testLogin\u{FFFD}Twice()")
        #expect(!test.identity.key.contains("\u{0}"))
        #expect(test.attempts.first?.failures.first?.message.contains("tapped \u{FFFD} nothing") == true)
        let warning = try #require(input.diagnostics.first { $0.message.contains("NUL") })
        #expect(warning.severity == .warning)
        #expect(warning.message.hasPrefix("3 NUL character(s)") && warning.message.contains("U+FFFD"))
        #expect(warning.file?.hasSuffix("tests.json") == true && warning.line == 3)
    }

    static var stores: [String] {
        let postgres = ProcessInfo.processInfo.environment["CANOPY_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
        return ["sqlite"] + (postgres == nil ? [] : ["postgres"])
    }

    @Test(arguments: stores)
    func theNameComesBackFromHistoryAsParsed(_ kind: String) async throws {
        let input = try Self.parse()
        let directory = NSTemporaryDirectory() + "canopy-nul-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var location = directory + "/history.sqlite"
        var drop: (admin: PostgresAddress, name: String)?
        if kind == "postgres", let url = ProcessInfo.processInfo.environment["CANOPY_TEST_POSTGRES"] {
            let admin = try PostgresAddress(url: url)
            let name = "canopy_nul_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
            try await PostgresHistoryStore.administer(admin, statements: ["CREATE DATABASE \(name)"])
            drop = (admin, String(name))
            var components = try #require(URLComponents(string: url))
            components.path = "/" + name
            location = try #require(components.string)
        }
        let store = try await HistoryStores.open(location)
        for night in 1...2 {
            let metadata = RunMetadata(
                runKey: "nul-\(night)", commit: "c\(night)", branch: "main",
                startedAt: Date(timeIntervalSince1970: 1_767_225_600 + Double(night) * 86_400))
            #expect(
                try await store.store(Run(metadata: metadata, tests: input.tests), digest: RunDigest()) == .inserted)
        }
        for night in 1...2 {
            let rows = try await store.testRuns(runKey: "nul-\(night)")
            #expect(rows.map(\.testKey) == input.tests.map(\.identity.key), "night \(night)")
        }
        await store.close()
        if let drop {
            try await PostgresHistoryStore.administer(
                drop.admin, statements: ["DROP DATABASE IF EXISTS \(drop.name) WITH (FORCE)"])
        }
    }
}
