import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation

/// Where `report` and `trend` read from and write to.
public struct HistoryOptions: Sendable {
    public var store: String?
    public var configPath: String?
    public var outputDirectory = "Reports"
    /// `report --baseline`: the stored run to compare with instead of the run before it.
    public var baseline: String?
    public var environment: [String: String]
    public var now: Date

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()) {
        self.environment = environment
        self.now = now
    }

    var runOptions: RunOptions {
        var options = RunOptions(environment: environment, now: now)
        options.store = store
        options.configPath = configPath
        options.outputDirectory = outputDirectory
        options.baseline = baseline
        options.quiet = true
        return options
    }
}
