/// How much of a snapshot input Canopy reads, so that a hostile or broken producer cannot take a CI
/// runner's memory or swell `report.json` with its elements. Past a per-file limit, the rest is
/// left out with a warning naming the file and what was kept; a file larger than
/// `maximumFileBytes` or past a per-run limit is refused. docs/history-and-safety.md lists them,
/// with the measurements behind them.
package enum SnapshotLimits {
    /// Elements kept per screen (its root and all descendants); real screens hold hundreds.
    package static let elementsPerScreen = 20_000
    /// Elements kept per snapshot file, over all its screens.
    package static let elementsPerFile = 200_000
    /// Screens kept per snapshot file (`{"screens": […]}`).
    package static let screensPerFile = 1_000
    /// The largest snapshot file read, in bytes: the whole file is parsed before any limit applies.
    package static let maximumFileBytes = 64 << 20
    /// Screens read per run, over all its inputs in the order given (`RunScreenBudget`).
    package static let screensPerRun = 5_000
    /// Elements read per run, over all its inputs in the order given (`RunScreenBudget`).
    package static let elementsPerRun = 400_000
}
