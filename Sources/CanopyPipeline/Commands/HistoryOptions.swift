import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation

/// Where `report` and `trend` read from and write to.
package struct HistoryOptions: Sendable {
    package var store: String?
    package var configPath: String?
    package var outputDirectory = "Reports"
    /// `report --baseline`: the stored run to compare with instead of the run before it.
    package var baseline: String?
    /// `--source`/`--no-source`: the app's sources for declarations and owners.
    package var source = SourceSelection.automatic
    /// `--owner @team`: only the tests and failures this owner owns.
    package var owner: String?
    package var environment: [String: String]
    /// Where the command's progress and notes go (standard error, or a test's sink).
    package var console = Console.standard
    package var now: Date

    package init(environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()) {
        self.environment = environment
        self.now = now
    }

    var runOptions: RunOptions {
        var options = RunOptions(environment: environment, now: now)
        options.console = console
        options.store = store
        options.configPath = configPath
        options.outputDirectory = outputDirectory
        options.baseline = baseline
        options.source = source
        options.quiet = true
        return options
    }
}
