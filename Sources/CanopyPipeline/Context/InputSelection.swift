import CanopyModel
import CanopyParsers
import Foundation

/// The inputs of one command: plain paths detected by content, or paths given with a flag that
/// says what they must be (`--junit`, `--xcresult`, `--snapshots`, `--audits`).
package struct InputSelection: Sendable, Equatable {
    package var paths: [String]
    package var junit: [String]
    package var xcresult: [String]
    package var snapshots: [String]
    package var audits: [String]

    package init(
        paths: [String] = [], junit: [String] = [], xcresult: [String] = [], snapshots: [String] = [],
        audits: [String] = []
    ) {
        self.paths = paths
        self.junit = junit
        self.xcresult = xcresult
        self.snapshots = snapshots
        self.audits = audits
    }

    package var isEmpty: Bool {
        paths.isEmpty && junit.isEmpty && xcresult.isEmpty && snapshots.isEmpty && audits.isEmpty
    }

    /// Each argument with the formats it may have (nil = any).
    var expectations: [(argument: String, flag: String?, formats: Set<InputFormat>?)] {
        // The formats a flag takes are those whose `flag` it is.
        func typed(_ arguments: [String], _ flag: String) -> [(
            argument: String, flag: String?, formats: Set<InputFormat>?
        )] {
            let formats = Set(InputFormat.allCases.filter { $0.flag == flag })
            return arguments.map { ($0, flag, formats) }
        }
        return paths.map { ($0, nil, nil) } + typed(junit, "--junit") + typed(xcresult, "--xcresult")
            + typed(snapshots, "--snapshots")
            + typed(audits, "--audits")
    }
}

extension InputSelection {
    /// The arguments as given, for messages.
    var given: String { expectations.map(\.argument).joined(separator: ", ") }
}
