import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

extension InspectCommand.Format: ExpressibleByArgument {}
extension AnnotationMode: ExpressibleByArgument {}
extension AttachmentScope: ExpressibleByArgument {}

/// The inputs of a run: plain paths detected by content, or typed flags.
struct InputOptions: ParsableArguments {
    @Argument(help: "Report files, directories or globs; the format is detected from the content.", completion: .file())
    var paths: [String] = []

    @Option(help: "A JUnit XML file or directory (repeatable).", completion: .file())
    var junit: [String] = []

    @Option(help: "An .xcresult bundle, or xcresulttool JSON (`get test-results`) (repeatable).", completion: .file(extensions: ["json", "xcresult"]))
    var xcresult: [String] = []

    @Option(help: "An element-tree or A11yUITests snapshot file or directory (repeatable).", completion: .file())
    var snapshots: [String] = []

    @Option(help: "An accessibility audit JSON file or directory (repeatable).", completion: .file())
    var audits: [String] = []

    var selection: InputSelection {
        InputSelection(paths: paths, junit: junit, xcresult: xcresult, snapshots: snapshots, audits: audits)
    }

    func validate() throws {
        if selection.isEmpty { throw ValidationError("give the report files to read (paths, directories, or --junit/--xcresult/--snapshots/--audits)") }
    }
}

/// Where history and output live.
struct StoreOptions: ParsableArguments {
    @Option(help: "History store: a SQLite path or postgres://user@host/db (default: CANOPY_STORE, then `store:` in the config, then <out>/history.sqlite).", completion: .file())
    var store: String?

    @Option(help: "Configuration file (default: CANOPY_CONFIG, then Config/canopy.yml when present).", completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @Option(help: "Output directory of the summaries, dashboards and reports; <out>/history.sqlite is the default store.", completion: .directory)
    var out = "Reports"
}

/// Run metadata given on the command line (wins over CI detection).
struct MetadataOptions: ParsableArguments {
    @Option(help: "Commit of the run (default: from CI, else the working directory's git).")
    var commit: String?

    @Option(help: "Branch of the run.")
    var branch: String?

    @Option(name: .customLong("run-key"), help: "Stable key of the run (default: CI provider + build + attempt, else a content hash of the inputs).")
    var runKey: String?

    @Option(name: .customLong("started-at"), help: "Start time: ISO 8601 with Z or an offset (2026-11-22T02:00:00Z), or a day (default: from the inputs, else now).")
    var startedAt: String?

    @Option(name: .customLong("build-url"), help: "Link to the CI build.")
    var buildURL: String?

    /// Checked while the arguments are parsed, so the usage line names the command.
    func validate() throws {
        if let runKey, runKey.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--run-key is empty; leave it out to use the CI's run or a content hash of the inputs")
        }
        if let runKey, runKey.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--run-key holds a line break or another control character; a key is printed on one line and listed tab-separated")
        }
        if let startedAt {
            let date: Date
            do {
                date = try ISO8601Time.date(startedAt)
            } catch {
                throw ValidationError(
                    "--started-at '\(startedAt)' is not an ISO 8601 time: \(error); give one such as 2026-11-22T02:00:00Z, 2026-11-22T03:00:00.250+01:00 or 2026-11-22")
            }
            guard InputRange.date(date) != nil else {
                throw ValidationError("--started-at '\(startedAt)' is outside the times Canopy accepts (2000-01-01 to 2100-01-01)")
            }
        }
    }

    func metadata() throws -> RunMetadata {
        RunMetadata(runKey: runKey, commit: commit, branch: branch, buildURL: buildURL, startedAt: try startedAt.map { try ISO8601Time.date($0) })
    }
}

/// Output verbosity.
struct VerbosityOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print only errors (and, for run and check, failed gates).")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print the inputs' notes and where the time went.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose ask for opposite things; give one") }
    }
}

/// What `run` and `check` compare the run with.
struct ComparisonOptions: ParsableArguments {
    @Option(help: "Compare against this stored run instead of the previous run (see --base-branch).")
    var baseline: String?

    @Option(
        name: .customLong("base-branch"),
        help: "The branch a pull request targets: its latest run is the baseline (default: from CI).")
    var baseBranch: String?

    func apply(to options: inout RunOptions) {
        options.baseline = baseline
        options.baseBranch = baseBranch
    }
}

extension RunOptions {
    init(inputs: InputOptions, store: StoreOptions, metadata: MetadataOptions, verbosity: VerbosityOptions) throws {
        self.init()
        self.inputs = inputs.selection
        self.store = store.store
        configPath = store.config
        outputDirectory = store.out
        self.metadata = try metadata.metadata()
        quiet = verbosity.quiet
        verbose = verbosity.verbose
    }
}

extension HistoryOptions {
    init(store: StoreOptions) {
        self.init()
        self.store = store.store
        configPath = store.config
        outputDirectory = store.out
    }
}

/// Writes lines to standard output, each on one line that no CI runner reads as a command (test
/// names and messages are the report writer's text: `String.oneLine`); only the annotations Canopy
/// made itself go `asWorkflowCommands`.
func emit(_ lines: [String], asWorkflowCommands: Bool = false) {
    guard !lines.isEmpty else { return }
    let text = asWorkflowCommands ? lines : lines.map(\.oneLine)
    StandardStream.output(text.joined(separator: "\n") + "\n")
}

/// Writes lines to standard error (which CI runners read for commands too), as `emit` does.
func warn(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    StandardStream.error(lines.map(\.oneLine).joined(separator: "\n") + "\n")
}
