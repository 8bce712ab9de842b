import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// The inputs of a run: plain paths detected by content, or typed flags.
struct InputOptions: ParsableArguments {
    @Argument(help: "Report files, directories or globs (any format).", completion: .file())
    var paths: [String] = []

    @Option(help: "A JUnit XML file or directory (repeatable).", completion: .file())
    var junit: [String] = []

    @Option(
        help: "An .xcresult bundle or xcresulttool JSON (repeatable).",
        completion: .file(extensions: ["json", "xcresult"]))
    var xcresult: [String] = []

    @Option(help: "Element-tree or A11yUITests snapshots (repeatable).", completion: .file())
    var snapshots: [String] = []

    @Option(help: "Accessibility audit JSON files (repeatable).", completion: .file())
    var audits: [String] = []

    @Option(help: "Snapshots or audits that may be absent: a note, not an error (repeatable).", completion: .file())
    var optional: [String] = []

    @Option(
        help: ArgumentHelp(
            "Device the inputs ran on where they do not say: NAME for all, NAME=PATH for one (repeatable).",
            valueName: "name[=path]"))
    var destination: [String] = []

    var selection: InputSelection {
        let split = try? Self.destinations(destination)
        return InputSelection(
            paths: paths, junit: junit, xcresult: xcresult, snapshots: snapshots, audits: audits,
            destination: split?.all, labelled: split?.labelled ?? [], optional: optional)
    }

    /// `--destination` values: at most one bare NAME for every input, and NAME=PATH pairs.
    static func destinations(_ values: [String]) throws -> (all: String?, labelled: [InputSelection.LabelledInput]) {
        var all: String?
        var labelled: [InputSelection.LabelledInput] = []
        for value in values {
            let (name, path): (Substring, Substring?) =
                if let equals = value.firstIndex(of: "=") {
                    (value[..<equals], value[value.index(after: equals)...])
                } else {
                    (value[...], nil)
                }
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                throw ValidationError("--destination \"\(value)\" has no name: give NAME, or NAME=PATH")
            }
            if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw ValidationError("--destination \"\(trimmed)\" holds a line break or another control character")
            }
            if let path {
                if path.isEmpty { throw ValidationError("--destination \"\(value)\" has no path after `=`") }
                labelled.append(InputSelection.LabelledInput(destination: trimmed, path: String(path)))
            } else if let all, all != trimmed {
                throw ValidationError(
                    "--destination is given twice (\"\(all)\", \"\(trimmed)\"): give one NAME for every input, or NAME=PATH for each input"
                )
            } else {
                all = trimmed
            }
        }
        return (all, labelled)
    }

    func validate() throws {
        _ = try Self.destinations(destination)
    }

    /// Refuses a command given nothing to read (every command but `run --expect-shards`).
    func requireSome() throws {
        if selection.isEmpty {
            throw ValidationError(
                "give the report files to read (paths, directories, or --junit/--xcresult/--snapshots/--audits)")
        }
    }
}
