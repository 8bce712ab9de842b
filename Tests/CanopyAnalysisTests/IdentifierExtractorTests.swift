import CanopyAnalysis
import Testing

/// Every identifier form of FORMATS.md §5.
struct IdentifierExtractorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: [ExtractedReference]
        var testDescription: String { String(text.prefix(60)) }
    }

    static let cases: [Case] = [
        Case(
            text: #"Failed to tap "Details" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '"Details" IN identifiers'`, given input App element pid: 44723"#,
            expected: [ExtractedReference(text: "Details", kind: .identifier, elementType: "button")]),
        Case(
            text: #"Elements matching predicate 'identifier == "RefineSearch.filterName.cell" AND value == "Color"'"#,
            expected: [ExtractedReference(text: "RefineSearch.filterName.cell", kind: .identifier)]),
        Case(
            text: #"predicate 'label == "Pay now" OR identifier ==[c] "Checkout.Pay"'"#,
            expected: [ExtractedReference(text: "Pay now", kind: .label), ExtractedReference(text: "Checkout.Pay", kind: .identifier)]),
        Case(text: "Find element with identifier: 'Login.Submit'", expected: [ExtractedReference(text: "Login.Submit", kind: .identifier)]),
        Case(
            text: #"Failed to tap "code-key-1" Button: Find single matching element. Multiple matching elements found for <XCUIElementQuery: 0x600003b2c5a0>."#,
            expected: [ExtractedReference(text: "code-key-1", kind: .name, elementType: "button")]),
        Case(
            text: "❌ Accessibility Failure\nButton label is not valid\nIdentifier: \"Player.playButton\" Button, Label: \"Too Small\" Button.\nButtons should have a label",
            expected: [
                ExtractedReference(text: "Player.playButton", kind: .identifier, elementType: "button"),
                ExtractedReference(text: "Too Small", kind: .label, elementType: "button"),
            ]),
        Case(
            text: "t =     1.20s Tap \"Login.Submit\" Button\nt =     2.00s Type 'hello' into \"Login.Email\" Text Field\n",
            expected: [
                ExtractedReference(text: "Login.Submit", kind: .name, elementType: "button"),
                ExtractedReference(text: "Login.Email", kind: .name, elementType: "textField"),
            ]),
        // XCUITest's refusal of an identifier query past 128 characters names the identifier.
        Case(
            text: "Invalid query - string identifier 'Checkout.PaymentSheet.SavedCards.List.Row.Edit' exceeds maximum length of 128 characters",
            expected: [ExtractedReference(text: "Checkout.PaymentSheet.SavedCards.List.Row.Edit", kind: .identifier)]),
        Case(text: "XCTAssertEqual failed: (\"a\") is not equal to (\"b\")", expected: []),
        Case(text: "[No identifier] Button", expected: []),
    ]

    @Test(arguments: cases)
    func extractsEveryForm(_ testCase: Case) {
        #expect(IdentifierExtractor.references(in: testCase.text) == testCase.expected)
    }

    @Test func applicationLabelInSnapshotQueryIsALabelNotAnIdentifier() {
        let text = "Failed to get matching snapshot: No matches found for Descendants matching type Table from input {( Application, pid: 8023, label: 'App' )}"
        #expect(IdentifierExtractor.references(in: text) == [ExtractedReference(text: "App", kind: .label)])
    }
}
