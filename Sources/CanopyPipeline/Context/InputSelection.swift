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
    /// Inputs that may be absent (`--optional`: snapshots, audits): a path that is not there, or a
    /// pattern that matches nothing, is a note, not an error.
    package var optional: [String]

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
        audits: [String] = [], destination: String? = nil, labelled: [LabelledInput] = [], optional: [String] = []
    ) {
        self.optional = optional
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
            && optional.isEmpty
    }

    /// Each argument with the formats it may have (nil = any).
    var expectations: [Expectation] {
        // The formats a flag takes are those whose `flag` it is.
        func typed(_ arguments: [String], _ flag: String) -> [Expectation] {
            let formats = Set(InputFormat.allCases.filter { $0.flag == flag })
            return arguments.map { Expectation(argument: $0, flag: flag, formats: formats, destination: destination) }
        }
        // Labelled inputs first: a labelled file inside a directory also given is read with its label.
        return labelled.map { Expectation(argument: $0.path, destination: $0.destination) }
            + paths.map { Expectation(argument: $0, destination: destination) }
            + typed(junit, "--junit") + typed(xcresult, "--xcresult")
            + typed(snapshots, "--snapshots")
            + typed(audits, "--audits")
            + optional.map { Expectation(argument: $0, destination: destination, optional: true) }
    }
}

/// One argument of a selection: what it may hold, its destination, and whether it may be absent.
struct Expectation {
    var argument: String
    var flag: String?
    /// The formats it may have; nil for any.
    var formats: Set<InputFormat>?
    var destination: String?
    var optional = false
}

extension InputSelection {
    /// The arguments as given, for messages.
    var given: String { expectations.map(\.argument).joined(separator: ", ") }
}
