/// How an element was named in a failure, an activity line or an audit.
package enum ReferenceKind: String, Sendable, Equatable, Hashable, Codable {
    /// Identifier syntax: `"X" IN identifiers`, `identifier == "X"`, `identifier: 'X'`, `Identifier: "X"`.
    case identifier
    /// Label syntax: `label == "X"`, A11yUITests `Label: "X"`.
    case label
    /// A quoted name before an element type (`Failed to tap "X" Button`, `Tap "X" Button`): an
    /// identifier or a label, resolved against the run's known identifiers and labels.
    case name
}
