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
    /// The destination of every input without one of its own (`--destination NAME`).
    package var destination: String?
    /// Inputs each given with its destination (`--destination NAME=PATH`), in order.
    package var labelled: [LabelledInput]

    /// An input path and the destination its tests ran on.
    package struct LabelledInput: Sendable, Equatable {
        package var destination: String
        package var path: String

        package init(destination: String, path: String) {
            self.destination = destination
            self.path = path
        }
    }

    package init(
        paths: [String] = [], junit: [String] = [], xcresult: [String] = [], snapshots: [String] = [],
        audits: [String] = [], destination: String? = nil, labelled: [LabelledInput] = []
    ) {
        self.paths = paths
        self.junit = junit
        self.xcresult = xcresult
        self.snapshots = snapshots
        self.audits = audits
        self.destination = destination
        self.labelled = labelled
    }

    package var isEmpty: Bool {
        paths.isEmpty && junit.isEmpty && xcresult.isEmpty && snapshots.isEmpty && audits.isEmpty && labelled.isEmpty
    }

    /// Each argument with the formats it may have (nil = any).
    var expectations: [(argument: String, flag: String?, formats: Set<InputFormat>?, destination: String?)] {
        // The formats a flag takes are those whose `flag` it is.
        func typed(_ arguments: [String], _ flag: String) -> [(
            argument: String, flag: String?, formats: Set<InputFormat>?, destination: String?
        )] {
            let formats = Set(InputFormat.allCases.filter { $0.flag == flag })
            return arguments.map { ($0, flag, formats, destination) }
        }
        // Labelled inputs first: a labelled file inside a directory also given is read with its label.
        return labelled.map { ($0.path, nil, nil, $0.destination) } + paths.map { ($0, nil, nil, destination) }
            + typed(junit, "--junit") + typed(xcresult, "--xcresult")
            + typed(snapshots, "--snapshots")
            + typed(audits, "--audits")
    }
}

extension InputSelection {
    /// The arguments as given, for messages.
    var given: String { expectations.map(\.argument).joined(separator: ", ") }
}
