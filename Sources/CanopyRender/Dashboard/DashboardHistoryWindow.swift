/// The runs a page's history counts: one branch's stored runs in the window and, on a pull or
/// merge request, this run besides (its target branch's window plus this run). Every count of runs
/// on the page says it counts these (`failed in 3 of the last 14 runs of main + this run`).
package struct DashboardHistoryWindow: Sendable, Equatable, Hashable, Codable {
    /// The branch whose runs the window holds; nil for every branch.
    package var branch: String?
    /// The stored runs of `branch` in the window.
    package var runs: Int
    /// Whether this run is counted besides `runs` (a request's run, on its target branch's window).
    package var plusThisRun: Bool

    package init(branch: String?, runs: Int, plusThisRun: Bool = false) {
        self.branch = branch
        self.runs = runs
        self.plusThisRun = plusThisRun
    }

    /// Every run the window counts.
    package var total: Int { runs + (plusThisRun ? 1 : 0) }

    /// `last 14 runs of main`, `last 14 runs of main + this run`, `last 14 runs of every branch`;
    /// `this run alone (no run of main before it)` when this run is all there is.
    package var name: String {
        let branch = branch.map { "of \($0)" } ?? "of every branch"
        if plusThisRun, runs == 0 { return "this run alone (no run \(branch) before it)" }
        return "last \(Format.plural(runs, "run")) \(branch)" + (plusThisRun ? " + this run" : "")
    }

    /// Where a history strip's results come from: `main + this run`, `main`.
    package static func source(branch: String?, plusThisRun: Bool) -> String {
        (branch ?? "every branch") + (plusThisRun ? " + this run" : "")
    }

    /// The window in a sentence: `the last 14 runs of main + this run`, `this run alone (…)`.
    package var phrase: String { plusThisRun && runs == 0 ? name : "the \(name)" }

    /// `failed in 11 of the last 14 runs of main + this run`: `failed` runs of the `ran` runs of the
    /// window that ran a test (all of them, or some: `failed in 3 of the 5 runs that ran it, of the
    /// last 14 runs of main`).
    package func failedIn(_ failed: Int, of ran: Int) -> String {
        guard ran != total else { return "failed in \(Format.count(failed)) of \(phrase)" }
        return "failed in \(Format.count(failed)) of the \(Format.plural(ran, "run")) that ran it, of \(phrase)"
    }
}
