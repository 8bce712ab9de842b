import Foundation
import Testing

@testable import CanopyConfig

/// Hostile and mutated `canopy.yml` files: every one loads or fails with a
/// `ConfigurationError`, quickly; none crashes.
@Suite("Configuration fuzzing and hostile YAML")
struct ConfigurationFuzzTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Loads `text`; returns whether it was accepted. Any error but a configuration error is a failure.
    private func load(_ text: String) -> Bool {
        do {
            _ = try ConfigurationLoader.parse(text, file: "fuzz.yml")
            return true
        } catch is ConfigurationError {
            return false
        } catch {
            Issue.record("unexpected error \(error)")
            return false
        }
    }

    static let blockNesting: String = (0..<2_000).map { (depth: Int) -> String in
        String(repeating: " ", count: depth) + "k\(depth):"
    }.joined(separator: "\n")

    static let hostile: [(String, String)] = [
        ("deep flow sequence", "gates: " + String(repeating: "[", count: 100_000)),
        ("deep flow mapping", "gates: " + String(repeating: "{a: ", count: 100_000)),
        ("deep block nesting", blockNesting),
        ("billion laughs via aliases", billionLaughs),
        ("NUL bytes", "gates:\n  minimumCoverage: 0.5\u{0}\n"),
        ("a huge scalar", "store: " + String(repeating: "x", count: 20_000_000) + "\n"),
        ("tab indentation", "gates:\n\tminimumCoverage: 0.5\n"),
        ("undefined alias", "gates: *nowhere\n"),
        ("a regular expression that backtracks", "categories:\n  - name: x\n    pattern: '(a+)+$'\n"),
    ]

    @Test("hostile YAML is refused or read, in bounded time", arguments: hostile)
    func hostileYAML(_ label: String, _ text: String) {
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = load(text) }
        #expect(elapsed < .seconds(20), "\(label) took \(elapsed)")
    }

    /// Nine levels of aliases, each nine times the one before: 9^9 nodes if expanded.
    static let billionLaughs: String = {
        var lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append(
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        return "categories: *i\nidentifiers:\n  separators: *i\n" + lines.joined(separator: "\n") + "\n"
    }()

    /// A configuration that uses every section.
    static let valid = """
        store: Reports/history.sqlite
        identifiers:
          separators: [".", "_"]
          dynamicSegments:
            - placeholder: "<n>"
              pattern: "^[0-9]+$"
          dataDrivenFold:
            enabled: true
            minimumDistinctValues: 5
          interactiveElementTypes: [Button, Cell, TextField]
          maxIdentifierLength: 80
        coverage:
          branchDepth: 3
        categories:
          - name: timeout
            pattern: "(?i)timed? ?out"
            fields: [message]
            infrastructure: false
            description: Waits that ran out
        defaultCategories: true
        flakiness:
          windowDays: 14
          significance: 0.05
        gates:
          minimumCoverage: 0.5
          maximumNewFailures: 0
          maximumNewAuditErrors: 2
        quarantine:
          - test: LoginTests/testLogin()
            reason: flaky on iPad
            expires: 2030-01-01
        output:
          summaryBudget: 65536
          annotations: 10

        """

    @Test("a configuration with every section loads, and deterministic mutants of it load or fail with a key path")
    func mutatedConfiguration() throws {
        let original = Self.valid
        #expect(load(original))
        let tokens = [
            ":", "- ", "  ", "\n", "[", "]", "{", "}", "&x ", "*x", "!!str ", "!!binary ", "'", "\"", "#", "|", ">",
            "---", "...", "?", "1e9999", "-1", "\u{0}",
        ]
        var state: UInt64 = 0xC0FFEE
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        var accepted = 0
        for _ in 0..<400 {
            var scalars = Array(original.unicodeScalars)
            for _ in 0...next(3) {
                let position = next(scalars.count)
                switch next(4) {
                case 0: scalars.insert(contentsOf: tokens[next(tokens.count)].unicodeScalars, at: position)
                case 1: scalars.removeSubrange(position..<min(scalars.count, position + 1 + next(40)))
                case 2: scalars = Array(scalars[..<position])
                default:
                    let end = min(scalars.count, position + 1 + next(120))
                    scalars.insert(contentsOf: scalars[position..<end], at: position)
                }
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            if load(String(text)) { accepted += 1 }
        }
        // Some mutants (inside comments, say) stay valid; most must be refused.
        #expect(accepted < 400)
    }
}
