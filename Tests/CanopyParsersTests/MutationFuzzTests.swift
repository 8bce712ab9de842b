import CanopyBundleFixtures
import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// A deterministic mutation fuzzer that runs in `make test`: byte flips, truncations, splices and
/// inserted structural tokens applied to every fixture, each result parsed through detection and
/// every parser. A parse may fail with a `ParserError`; it must not crash or take long.
/// (`make fuzz` runs libFuzzer on the same code for longer; this keeps a floor in every test run.)
@Suite("Mutation fuzzing of the parsers")
struct MutationFuzzTests {
    static let mutationsPerFixture = 60

    static let fixtures: [String] = {
        let root = Fixture.directory
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return files.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.sorted()
    }()

    /// Tokens that sit at structural points of XML and JSON.
    static let tokens: [[UInt8]] = [
        "<", ">", "</", "/>", "<!--", "-->", "<![CDATA[", "]]>", "&", "&amp;", "&#0;", "&#xFFFF;", "\"", "'", "=",
        "<testcase>", "<failure message=\"", "<system-out>", "{", "}", "[", "]", ",", ":", "\\", "\\u", "\\uD800",
        "null",
        "1e999", "-0", "\"children\":[", "\"nodeType\":\"Test Case\"", "\"testNodes\":", "\"elementType\":", "\u{0}",
    ].map { Array($0.utf8) }

    static func mutate(_ bytes: [UInt8], _ generator: inout SplitMix) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            guard !result.isEmpty else { return Self.tokens.randomElement(using: &generator) ?? [] }
            let position = Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: result[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1: result = Array(result[..<position])
            case 2:
                let token = Self.tokens.randomElement(using: &generator) ?? []
                result.insert(contentsOf: token, at: position)
            case 3:
                let end = min(result.count, position + Int.random(in: 1...64, using: &generator))
                result.removeSubrange(position..<end)
            case 4:
                // Splice: repeat a slice, as a runaway writer would.
                let end = min(result.count, position + Int.random(in: 1...256, using: &generator))
                let slice = Array(result[position..<end])
                for _ in 0..<Int.random(in: 1...8, using: &generator) { result.insert(contentsOf: slice, at: position) }
            default: result[position] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        return result
    }

    @Test("mutated fixtures parse or fail with a ParserError, never crash", arguments: fixtures)
    func mutatedFixture(_ name: String) throws {
        let original = try Array(Data(contentsOf: URL(fileURLWithPath: Fixture.path(name))))
        var generator = SplitMix(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }))
        let directory = try TemporaryFile.directory()
        let path = directory + "/mutant." + (name.hasSuffix(".xml") ? "xml" : "json")
        let registry = ParserRegistry()
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for _ in 0..<Self.mutationsPerFixture {
                try Data(Self.mutate(original, &generator)).write(to: URL(fileURLWithPath: path))
                _ = try? registry.parse(fileAt: path)
                if name.hasSuffix(".json") {
                    for format in InputFormat.allCases where format != .junitXML {
                        _ = try? registry.parser(for: format)?.parse(fileAt: path)
                    }
                }
            }
        }
        #expect(elapsed < .seconds(60), "\(Self.mutationsPerFixture) mutants of \(name) took \(elapsed)")
        try? FileManager.default.removeItem(atPath: directory)
    }
}
