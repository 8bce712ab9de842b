import Foundation

/// Why `canopy affected` selects a test, or why every test must run (docs/source-index.md,
/// "Affected UI tests"), worded for its text and `canopy.affected/1` output from the typed reasons
/// `AffectedSelection` gives.
package enum AffectedWords {
    /// An identifier a changed file declares, as a reason cites it.
    package struct Declared: Sendable, Equatable, Hashable {
        package var identifier: String
        package var file: String
        package var line: Int
        /// Whether the base revision declared it, rather than the file as it is.
        package var atBase: Bool

        package init(identifier: String, file: String, line: Int, atBase: Bool) {
            self.identifier = identifier
            self.file = file
            self.line = line
            self.atBase = atBase
        }
    }

    /// The run a stored touch was last seen in: its day (`2026-11-21`, UTC) and commit, its key
    /// only when it has neither.
    package struct Run: Sendable, Equatable, Hashable {
        package var day: String?
        package var commit: String?
        package var key: String?

        package init(day: String?, commit: String?, key: String?) {
            self.day = day
            self.commit = commit
            self.key = key
        }
    }

    /// Why a test is selected.
    package enum Reason: Sendable, Equatable, Hashable {
        /// History saw the test touch `identifier` in `run`.
        case touched(identifier: String, run: Run, declared: Declared)
        /// A query in the test method, at `place`, names `identifier`.
        case queries(identifier: String, place: String, declared: Declared)
        /// A query in a helper of the test's class (`inherits` nil) or of a type the class
        /// inherits, at `place`, names `identifier`.
        case classQueries(identifier: String, place: String, inherits: String?, declared: Declared)
    }

    /// Why every test must run.
    package enum RunEverything: Sendable, Equatable, Hashable {
        /// The history store holds no runs.
        case noRuns
        /// A changed file is gone and there is no base revision to read.
        case gone(path: String)
        /// A changed file declares no identifier (nor did it at the base, when `base` was read).
        case declaresNothing(path: String, base: Bool)
        /// A query in test method `type.function` names `identifier` and history never saw it.
        case unseenTest(type: String, function: String, identifier: String, place: String)
        /// A query in class `name` (or a type it `inherits`) names `identifier` and history never
        /// saw a test of the class.
        case unseenClass(name: String, inherits: String?, identifier: String, place: String)
        /// A selected test whose bundle is unknown.
        case unknownBundle(test: String)
    }

    package static func reason(_ reason: Reason) -> String {
        switch reason {
        case .touched(let identifier, let run, let declared):
            "touched \(identifier) in \(Self.run(run)); \(Self.declared(declared))"
        case .queries(let identifier, let place, let declared):
            "queries \(identifier) at \(place); \(Self.declared(declared))"
        case .classQueries(let identifier, let place, let inherits, let declared):
            "\(inherits.map { "inherits \($0), which queries" } ?? "its class queries") \(identifier) at \(place); "
                + Self.declared(declared)
        }
    }

    package static func runEverything(_ reason: RunEverything) -> String {
        switch reason {
        case .noRuns: "the history store holds no runs"
        case .gone(let path): "\(path) is gone and without --base what it declared is unknown"
        case .declaresNothing(let path, let base):
            "\(path) declares no accessibility identifier" + (base ? " (nor did it at the base revision)" : "")
        case .unseenTest(let type, let function, let identifier, let place):
            "\(type).\(function) queries \(identifier) (\(place)) and history never saw it"
        case .unseenClass(let name, let inherits, let identifier, let place):
            "\(name) \(inherits.map { "inherits \($0), which queries" } ?? "queries") \(identifier) (\(place)) "
                + "and history never saw a test of it"
        case .unknownBundle(let test): "the test bundle of \(test) is unknown, so -only-testing cannot name it"
        }
    }

    /// `Cart.Pay (declared App/Cart.swift:12)`, `… at the base revision)` when the base declared it.
    static func declared(_ declared: Declared) -> String {
        "\(declared.identifier) (declared \(declared.file):\(declared.line)"
            + (declared.atBase ? " at the base revision)" : ")")
    }

    /// `the run of 2026-11-21 at commit 4f9a3edac6bd`, `the run at commit …`, or `run KEY`.
    static func run(_ run: Run) -> String {
        var words: [String] = []
        if let day = run.day { words.append("the run of \(day)") }
        if let commit = run.commit {
            words.append((words.isEmpty ? "the run " : "") + "at commit \(commit.prefix(12))")
        }
        return words.isEmpty ? "run \(run.key ?? "")" : words.joined(separator: " ")
    }
}
