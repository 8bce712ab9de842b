/// Names the A11yUITests check behind a failure message (`docs/input-formats.md`,
/// "Accessibility audits").
enum A11yUITestsCheck {
    /// A11yUITests' own wordings (`A11yAssertions`), lowercased, most specific first: matched in
    /// the message alone, since reasons such as "Minimum length: 2" would mislead.
    enum Wording: String, CaseIterable {
        case interactiveElementNot = "interactive element not"
        case elementNotTallEnough = "element not tall enough"
        case elementNotWideEnough = "element not wide enough"
        case labelNotMeaningful = "label not meaningful"
        case labelIsTooLong = "label is too long"
        case shouldNotContainTheWordButton = "should not contain the word button"
        case buttonsShouldBeginWithACapital = "buttons should begin with a capital"
        case buttonAccessibilityLabels = "button accessibility labels"
        case shouldNotContainImageWords = "should not contain image words"
        case imageFileName = "image file name"
        case shouldHaveImageTrait = "should have image trait"
        case shouldHaveButtonOrLinkTrait = "should have button or link trait"
        case shouldntHaveBoth = "shouldn't have both"
        case shouldAlsoHaveAButtonTrait = "should also have a button trait"
        case headerTrait = "header trait"
        case elementDisabled = "element disabled"
        case duplicatedLabels = "duplicated labels"
        case doesNotMatchReferenceSnapshot = "does not match reference snapshot"
        case differentNumberOfItems = "different number of items"

        /// The check the phrase names.
        var check: String {
            switch self {
            case .interactiveElementNot: "minimumInteractiveSize"
            case .elementNotTallEnough, .elementNotWideEnough: "minimumSize"
            case .labelNotMeaningful: "labelPresence"
            case .labelIsTooLong: "labelLength"
            case .shouldNotContainTheWordButton, .buttonsShouldBeginWithACapital, .buttonAccessibilityLabels:
                "buttonLabel"
            case .shouldNotContainImageWords, .imageFileName: "imageLabel"
            case .shouldHaveImageTrait: "imageTrait"
            case .shouldHaveButtonOrLinkTrait: "buttonTrait"
            case .shouldntHaveBoth, .shouldAlsoHaveAButtonTrait: "conflictingTraits"
            case .headerTrait: "header"
            case .elementDisabled: "disabled"
            case .duplicatedLabels: "duplicated"
            case .doesNotMatchReferenceSnapshot, .differentNumberOfItems: "snapshotMismatch"
            }
        }
    }

    static let wordings = Wording.allCases.map { (phrase: $0.rawValue, check: $0.check) }

    /// Looser phrases for other versions' and hand-written wordings, most specific first.
    enum Phrase: String, CaseIterable {
        case interactive = "interactive"
        case minimumSize = "minimum size"
        case tooSmall = "too small"
        case buttonLabel = "button label"
        case imageLabel = "image label"
        case labelLength = "label length"
        case tooLong = "too long"
        case length = "length"
        case duplicate = "duplicate"
        case imageTrait = "image trait"
        case header = "header"
        case buttonTrait = "button trait"
        case conflicting = "conflicting"
        case disabled = "disabled"
        case spacing = "spacing"
        case tooClose = "too close"
        case overlap = "overlap"
        case snapshot = "snapshot"
        case noLabel = "no label"
        case label = "label"

        /// The check the phrase names.
        var check: String {
            switch self {
            case .interactive: "minimumInteractiveSize"
            case .minimumSize, .tooSmall: "minimumSize"
            case .buttonLabel: "buttonLabel"
            case .imageLabel: "imageLabel"
            case .labelLength, .tooLong, .length: "labelLength"
            case .duplicate: "duplicated"
            case .imageTrait: "imageTrait"
            case .header: "header"
            case .buttonTrait: "buttonTrait"
            case .conflicting: "conflictingTraits"
            case .disabled: "disabled"
            case .spacing, .tooClose: "controlSpacing"
            case .overlap: "controlOverlap"
            case .snapshot: "snapshotMismatch"
            case .noLabel, .label: "labelPresence"
            }
        }
    }

    static let phrases = Phrase.allCases.map { (phrase: $0.rawValue, check: $0.check) }

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
