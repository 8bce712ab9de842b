import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// Run metadata given on the command line (wins over CI detection).
struct MetadataOptions: ParsableArguments {
    @Option(help: "Commit of the run (default: from CI, else git).")
    var commit: String?

    @Option(help: "Branch of the run.")
    var branch: String?

    @Option(
        name: .customLong("run-key"),
        help: ArgumentHelp("Stable key of the run (default: from CI, else a hash of the inputs).", valueName: "key"))
    var runKey: String?

    @Option(
        name: .customLong("started-at"),
        help: ArgumentHelp("Start: ISO 8601 (2026-11-22T02:00:00Z) or a day (default: the inputs').", valueName: "time")
    )
    var startedAt: String?

    @Option(name: .customLong("build-url"), help: "Link to the CI build.")
    var buildURL: String?

    @Option(
        name: .customLong("pull-request"),
        help: ArgumentHelp("The pull or merge request's number (default: from CI).", valueName: "n"))
    var pullRequest: String?

    /// Checked while the arguments are parsed, so the usage line names the command.
    func validate() throws {
        if let runKey, runKey.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError(
                "--run-key is empty; leave it out to use the CI's run or a content hash of the inputs")
        }
        if let runKey, runKey.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError(
                "--run-key holds a line break or another control character; a key is printed on one line and listed tab-separated"
            )
        }
        if let pullRequest, pullRequest.isEmpty || !pullRequest.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw ValidationError("--pull-request '\(pullRequest)' is not a request number: give its number, e.g. 42")
        }
        if let startedAt {
            let date: Date
            do {
                date = try ISO8601Time.date(startedAt)
            } catch {
                throw ValidationError(
                    "--started-at '\(startedAt)' is not an ISO 8601 time: \(error); give one such as 2026-11-22T02:00:00Z, 2026-11-22T03:00:00.250+01:00 or 2026-11-22"
                )
            }
            guard InputRange.date(date) != nil else {
                throw ValidationError(
                    "--started-at '\(startedAt)' is outside the times Canopy accepts (2000-01-01 to 2100-01-01)")
            }
        }
    }

    func metadata() throws -> RunMetadata {
        RunMetadata(
            runKey: runKey, commit: commit, branch: branch, pullRequest: pullRequest, buildURL: buildURL,
            startedAt: try startedAt.map { try ISO8601Time.date($0) })
    }
}
