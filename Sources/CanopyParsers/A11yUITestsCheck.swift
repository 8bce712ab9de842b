/// Names the A11yUITests check behind a failure message (FORMATS.md §4).
enum A11yUITestsCheck {
    /// Phrases (lowercased) that identify a check, most specific first.
    static let phrases: [(phrase: String, check: String)] = [
        ("interactive", "minimumInteractiveSize"), ("minimum size", "minimumSize"), ("too small", "minimumSize"),
        ("button label", "buttonLabel"), ("image label", "imageLabel"), ("label length", "labelLength"),
        ("too long", "labelLength"), ("length", "labelLength"), ("duplicate", "duplicated"), ("image trait", "imageTrait"),
        ("header", "header"), ("button trait", "buttonTrait"), ("conflicting", "conflictingTraits"),
        ("disabled", "disabled"), ("spacing", "controlSpacing"), ("overlap", "controlOverlap"),
        ("snapshot", "snapshotMismatch"), ("no label", "labelPresence"), ("label", "labelPresence"),
    ]

    static func name(message: String, reason: String) -> String {
        let text = (message + " " + reason).lowercased()
        if text.contains("trait"), text.contains("image") { return "imageTrait" }
        if text.contains("trait"), text.contains("button"), !text.contains("label") { return "buttonTrait" }
        return phrases.first { text.contains($0.phrase) }?.check ?? "a11yUITests"
    }
}
