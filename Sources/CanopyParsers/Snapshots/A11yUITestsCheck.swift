/// Names the A11yUITests check behind a failure message (`docs/input-formats.md`,
/// "Accessibility audits").
enum A11yUITestsCheck {
    /// A11yUITests' own wordings (`A11yAssertions`), lowercased, most specific first: matched in
    /// the message alone, since reasons such as "Minimum length: 2" would mislead.
    static let wordings: [(phrase: String, check: String)] = [
        ("interactive element not", "minimumInteractiveSize"),
        ("element not tall enough", "minimumSize"), ("element not wide enough", "minimumSize"),
        ("label not meaningful", "labelPresence"),
        ("label is too long", "labelLength"),
        ("should not contain the word button", "buttonLabel"), ("buttons should begin with a capital", "buttonLabel"),
        ("button accessibility labels", "buttonLabel"),
        ("should not contain image words", "imageLabel"), ("image file name", "imageLabel"),
        ("should have image trait", "imageTrait"),
        ("should have button or link trait", "buttonTrait"),
        ("shouldn't have both", "conflictingTraits"), ("should also have a button trait", "conflictingTraits"),
        ("header trait", "header"),
        ("element disabled", "disabled"),
        ("duplicated labels", "duplicated"),
        ("does not match reference snapshot", "snapshotMismatch"), ("different number of items", "snapshotMismatch"),
    ]

    /// Looser phrases for other versions' and hand-written wordings, most specific first.
    static let phrases: [(phrase: String, check: String)] = [
        ("interactive", "minimumInteractiveSize"), ("minimum size", "minimumSize"), ("too small", "minimumSize"),
        ("button label", "buttonLabel"), ("image label", "imageLabel"), ("label length", "labelLength"),
        ("too long", "labelLength"), ("length", "labelLength"), ("duplicate", "duplicated"),
        ("image trait", "imageTrait"),
        ("header", "header"), ("button trait", "buttonTrait"), ("conflicting", "conflictingTraits"),
        ("disabled", "disabled"), ("spacing", "controlSpacing"), ("too close", "controlSpacing"),
        ("overlap", "controlOverlap"),
        ("snapshot", "snapshotMismatch"), ("no label", "labelPresence"), ("label", "labelPresence"),
    ]

    static func name(message: String, reason: String) -> String {
        let message = message.lowercased()
        if let check = wordings.first(where: { message.contains($0.phrase) })?.check { return check }
        for text in [message, message + " " + reason.lowercased()] {
            if text.contains("trait"), text.contains("image") { return "imageTrait" }
            if text.contains("trait"), text.contains("button"), !text.contains("label") { return "buttonTrait" }
            if let check = phrases.first(where: { text.contains($0.phrase) })?.check { return check }
        }
        return "a11yUITests"
    }
}
