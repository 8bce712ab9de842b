/// Canopy's words written into the data it stores, not onto a surface: history keeps them as
/// written, so they are worded where the data is made and cannot change without splitting or
/// altering stored history (the English-in-one-layer test lists this file as data).
extension String {
    /// What Canopy writes where it cut text, stored with the text: `[N bytes cut by Canopy]`, after
    /// ` … ` where it kept the head, between ` … ` where it kept the head and the tail.
    package static func cutNote(bytes: Int) -> String { "[\(bytes) bytes cut by Canopy]" }
}

/// The names and labels Canopy gives a JUnit testcase its producer did not name.
package enum StoredNames {
    /// The class of a testcase that names none and sits in no suite: part of its test key.
    package static let noClass = "(no class)"

    /// The name of a testcase without one, by its position in its suite: part of its test key.
    package static func unnamedTestcase(_ position: Int) -> String { "(unnamed testcase \(position))" }

    /// The label of the passing attempt Surefire's flakyFailure/flakyError implies.
    package static let passedOnRerun = "passed on rerun"

    /// The label of the passing attempt xcresultparser's `flaky="true"` testcase implies.
    package static let passedOnCollapsedRetry = "passed on retry (collapsed by the producer)"
}
