import Foundation

/// What Canopy wrote for a scenario: the history's ingests, then `run` on the current run, then
/// `report` and `trend` of the same history.
struct ScenarioOutputs {
    var root: String
    var ingests: [CanopyBinary.Result] = []
    var run: CanopyBinary.Result
    var report: CanopyBinary.Result?
    var trend: CanopyBinary.Result?
    /// `canopy report --list` after a run that exited 2.
    var list: CanopyBinary.Result?

    var runOut: String { root + "/out-run" }
    var reportOut: String { root + "/out-report" }
    var trendOut: String { root + "/out-trend" }

    /// A file Canopy wrote, or nil.
    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
}

enum ScenarioRunner {
    /// Writes the scenario under `root` and runs Canopy on it.
    static func run(_ scenario: Scenario, root: String) throws -> (Scenario, ScenarioOutputs) {
        try? FileManager.default.removeItem(atPath: root)
        let files = ScenarioFiles(scenario: scenario, root: root)
        let scenario = try files.write()
        let store = root + "/history.sqlite"
        var ingests: [CanopyBinary.Result] = []
        for run in scenario.runs.dropLast() {
            ingests.append(
                try CanopyBinary.run(
                    [
                        "ingest", "--quiet", "--config", files.configPath, "--out", root + "/out-ingest", "--store",
                        store, "--run-key", "oracle-run-\(run.index)", "--commit", run.commit, "--branch", run.branch,
                        "--started-at", run.startedAt, files.runDirectory(run.index),
                    ], scratch: root))
        }
        let current = scenario.current
        var arguments = [
            "run", "--config", files.configPath, "--out", root + "/out-run", "--store", store, "--annotations", "none",
            "--run-key", "oracle-run-\(current.index)", "--commit", current.commit, "--branch", current.branch,
            "--started-at", current.startedAt,
        ]
        if current.isPullRequest { arguments += ["--base-branch", "main"] }
        arguments.append(files.runDirectory(current.index))
        var outputs = ScenarioOutputs(root: root, ingests: ingests, run: try CanopyBinary.run(arguments, scratch: root))
        if outputs.run.status != 2 {
            outputs.report = try CanopyBinary.run(
                ["report", "--config", files.configPath, "--out", outputs.reportOut, "--store", store], scratch: root)
            var trend = [
                "trend", "--config", files.configPath, "--out", outputs.trendOut, "--store", store, "--runs", "50",
            ]
            if !current.isPullRequest { trend += ["--branch", "main"] }
            outputs.trend = try CanopyBinary.run(trend, scratch: root)
        } else {
            outputs.list = try CanopyBinary.run(["report", "--list", "--store", store], scratch: root)
        }
        return (scenario, outputs)
    }
}
