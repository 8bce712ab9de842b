/// How much of a snapshot input Canopy reads, so that a hostile or broken producer cannot take a CI
/// runner's memory (one million children of one element took over 1 GB and wrote a 125 MB
/// `report.json`). Past a limit, the rest is left out with a warning naming the file and what was
/// kept; a file larger than `maximumFileBytes` is refused. docs/history-and-safety.md lists them.
public enum SnapshotLimits {
    /// Elements kept per screen (its root and all descendants); real screens hold hundreds.
    public static let elementsPerScreen = 20_000
    /// Elements kept per snapshot file, over all its screens.
    public static let elementsPerFile = 200_000
    /// Screens kept per snapshot file (`{"screens": […]}`).
    public static let screensPerFile = 1_000
    /// The largest snapshot file read, in bytes: the whole file is parsed before any limit applies.
    public static let maximumFileBytes = 64 << 20
    /// Screens read per run, over all its inputs in the order given (`RunScreenBudget`).
    public static let screensPerRun = 5_000
    /// Elements read per run, over all its inputs in the order given (`RunScreenBudget`).
    public static let elementsPerRun = 400_000
}
