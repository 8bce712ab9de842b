import CanopyAnalysis
import Testing

/// Every identifier form of `docs/input-formats.md` ("XCUITest failure wordings").
struct IdentifierExtractorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: [ExtractedReference]
        var testDescription: String { String(text.prefix(60)) }
    }

    static let cases: [Case] = [
        Case(
            text:
                #"Failed to tap "Details" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '"Details" IN identifiers'`, given input App element pid: 44723"#,
            expected: [ExtractedReference(text: "Details", kind: .identifier, elementType: "button")]),
        Case(
            text: #"Elements matching predicate 'identifier == "RefineSearch.filterName.cell" AND value == "Color"'"#,
            expected: [ExtractedReference(text: "RefineSearch.filterName.cell", kind: .identifier)]),
        Case(
            text: #"predicate 'label == "Pay now" OR identifier ==[c] "Checkout.Pay"'"#,
            expected: [
                ExtractedReference(text: "Pay now", kind: .label),
                ExtractedReference(text: "Checkout.Pay", kind: .identifier),
            ]),
        Case(
            text: "Find element with identifier: 'Login.Submit'",
            expected: [ExtractedReference(text: "Login.Submit", kind: .identifier)]),
        Case(
            text:
                #"Failed to tap "code-key-1" Button: Find single matching element. Multiple matching elements found for <XCUIElementQuery: 0x600003b2c5a0>."#,
            expected: [ExtractedReference(text: "code-key-1", kind: .name, elementType: "button")]),
        Case(
            text:
                "❌ Accessibility Failure\nButton label is not valid\nIdentifier: \"Player.playButton\" Button, Label: \"Too Small\" Button.\nButtons should have a label",
            expected: [
                ExtractedReference(text: "Player.playButton", kind: .identifier, elementType: "button"),
                ExtractedReference(text: "Too Small", kind: .label, elementType: "button"),
            ]),
        Case(
            text:
                "t =     1.20s Tap \"Login.Submit\" Button\nt =     2.00s Type 'hello' into \"Login.Email\" Text Field\n",
            expected: [
                ExtractedReference(text: "Login.Submit", kind: .name, elementType: "button"),
                ExtractedReference(text: "Login.Email", kind: .name, elementType: "textField"),
            ]),
        // XCUITest's refusal of an identifier query past 128 characters names the identifier.
        Case(
            text:
                "Invalid query - string identifier 'Checkout.PaymentSheet.SavedCards.List.Row.Edit' exceeds maximum length of 128 characters",
            expected: [ExtractedReference(text: "Checkout.PaymentSheet.SavedCards.List.Row.Edit", kind: .identifier)]),
        // The `from input {( … )}` list is what the query searched, not what it looked for.
        Case(
            text:
                #"Failed to tap "Pay" Button: No matches found for Elements matching predicate 'label == "Pay"' from input {( Other, 0x600003f1c000, {{0.0, 400.0}, {393.0, 452.0}}, identifier: 'Checkout.PaymentSheet' )}"#,
            expected: [ExtractedReference(text: "Pay", kind: .label, elementType: "button")]),
        Case(
            text:
                "Failed to tap Cell: No matches found for Element at index 7 from input {(\n    Cell, 0x600003f1c1c0, {{0.0, 100.0}, {393.0, 80.0}}, identifier: 'Podcast-42-row', label: 'Episode 42'\n)}",
            expected: []),
        Case(
            text:
                #"Failed to get matching snapshot: No matches found for Elements matching predicate 'identifier BEGINSWITH "Podcast-"' from input {( Table, identifier: 'Feed' )}"#,
            expected: []),
        // What follows an input list is read again; an unclosed list hides the rest of the text.
        Case(
            text: #"from input {( Cell, identifier: 'Podcast-42-row' )} then Tap "Login.Submit" Button"#,
            expected: [ExtractedReference(text: "Login.Submit", kind: .name, elementType: "button")]),
        // The element a failed event was dispatched to is the target.
        Case(
            text:
                "Failed to synthesize event: Neither element nor any descendant has keyboard focus. Event dispatch snapshot: TextField, {{41.0, 352.0}, {341.0, 67.0}}, identifier: 'Login.EmailField', placeholderValue: 'Email'",
            expected: [ExtractedReference(text: "Login.EmailField", kind: .identifier)]),
        // Element types are capitalised in XCUITest's wording; a lowercase word after a quote is prose.
        Case(text: #"XCTAssertNotNil failed - "session_token" key missing from keychain"#, expected: []),
        Case(text: #""avatarPlaceholder" image was not rendered"#, expected: []),
        Case(text: "XCTAssertEqual failed: (\"a\") is not equal to (\"b\")", expected: []),
        Case(text: "[No identifier] Button", expected: []),
    ]

    @Test(arguments: cases)
    func extractsEveryForm(_ testCase: Case) {
        #expect(IdentifierExtractor.references(in: testCase.text) == testCase.expected)
    }

    @Test func theApplicationAQuerySearchedIsNotItsTarget() {
        let text =
            "Failed to get matching snapshot: No matches found for Descendants matching type Table from input {( Application, pid: 8023, label: 'App' )}"
        #expect(IdentifierExtractor.references(in: text) == [])
    }

    /// `app.tables["Feed"].cells["Podcast-42-row"].buttons["Podcast-42-play"]`: the sequence ends
    /// at the step that found nothing, so that step is the failure's target, not the first one.
    @Test func theLastStepOfAMatchSequenceIsTheTarget() {
        let text =
            #"Failed to get matching snapshot: No matches found for first query match sequence: `Descendants matching type Table` -> `Elements matching predicate '"Feed" IN identifiers'` -> `Descendants matching type Cell` -> `Elements matching predicate '"Podcast-42-row" IN identifiers'` -> `Descendants matching type Button` -> `Elements matching predicate '"Podcast-42-play" IN identifiers'`, given input App element pid: 44723"#
        #expect(IdentifierExtractor.targets(in: text).map(\.text) == ["Podcast-42-play", "Podcast-42-row", "Feed"])
        // Mentions keep their order of appearance, for activity logs.
        #expect(IdentifierExtractor.references(in: text).map(\.text) == ["Feed", "Podcast-42-row", "Podcast-42-play"])
        // The name before the sequence merges with its step.
        let tap =
            #"Failed to tap "Details" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '"Details" IN identifiers'`, given input App element pid: 44723"#
        #expect(
            IdentifierExtractor.targets(in: tap) == [
                ExtractedReference(text: "Details", kind: .identifier, elementType: "button")
            ])
    }
}
