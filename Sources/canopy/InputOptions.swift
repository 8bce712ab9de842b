import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// The inputs of a run: plain paths detected by content, or typed flags.
struct InputOptions: ParsableArguments {
    @Argument(help: "Report files, directories or globs; the format is detected from the content.", completion: .file())
    var paths: [String] = []

    @Option(help: "A JUnit XML file or directory (repeatable).", completion: .file())
    var junit: [String] = []

    @Option(
        help: "An .xcresult bundle, or xcresulttool JSON (`get test-results`) (repeatable).",
        completion: .file(extensions: ["json", "xcresult"]))
    var xcresult: [String] = []

    @Option(help: "An element-tree or A11yUITests snapshot file or directory (repeatable).", completion: .file())
    var snapshots: [String] = []

    @Option(help: "An accessibility audit JSON file or directory (repeatable).", completion: .file())
    var audits: [String] = []

    var selection: InputSelection {
        InputSelection(paths: paths, junit: junit, xcresult: xcresult, snapshots: snapshots, audits: audits)
    }

    func validate() throws {
        if selection.isEmpty {
            throw ValidationError(
                "give the report files to read (paths, directories, or --junit/--xcresult/--snapshots/--audits)")
        }
    }
}
