extension TargetBranchNote {
    /// `the target branch 'main' has no run before this one in history.sqlite; so there is no baseline`.
    var text: String {
        let fallback =
            fallback.map { "compared with \($0) of the run's own branch instead" } ?? "so there is no baseline"
        return "the target branch '\(target)' has no run before this one in \(store); \(fallback)"
    }
}
