import CanopyAnalysis
import CanopyModel
import Testing

/// Which element a failure lands on, in XCUITest's own wordings, against a snapshot of the screen.
struct FailureElementTests {
    static let screen = Screen(
        name: "Checkout", source: "checkout.json", kind: .elementTree,
        root: ElementSnapshot(
            label: "Podcasts", elementType: "application",
            children: [
                ElementSnapshot(
                    identifier: "Checkout.PaymentSheet", elementType: "other",
                    children: [
                        ElementSnapshot(
                            identifier: "Checkout.PaymentSheet.PayButton", label: "Pay", elementType: "button")
                    ]),
                ElementSnapshot(identifier: "MiniPlayer.Play", label: "Play", elementType: "button"),
                ElementSnapshot(identifier: "Podcast-42-play", label: "Play", elementType: "button"),
                ElementSnapshot(identifier: "Podcast-43-play", label: "Play", elementType: "button"),
                ElementSnapshot(identifier: "Podcast-42-listen", label: "Listen", elementType: "button"),
                ElementSnapshot(identifier: "Podcast-43-listen", label: "Listen", elementType: "button"),
            ]))

    static func element(of message: String) -> ElementMatch? {
        let test = TestCase(
            identity: TestIdentity(className: "AppUITests.FeedTests", name: "test()"),
            attempts: [Attempt(outcome: .failed, failures: [Failure(message: message)])])
        return ReportBuilder.build(run: Run(tests: [test], screens: [screen])).failures.first?.element
    }

    static let pay = ElementMatch(
        identifier: "Checkout.PaymentSheet.PayButton", template: "Checkout.PaymentSheet.PayButton",
        elementType: "button", resolution: .label)

    /// `app.buttons["Pay"]` queries identifiers and labels alike: `"Pay" IN identifiers` names the
    /// element labelled Pay when no element has that identifier.
    @Test func anIdentifierQueryForALabelLandsOnTheLabelledElement() {
        #expect(
            Self.element(
                of:
                    #"Failed to tap "Pay" Button: No matches found for Elements matching predicate '"Pay" IN identifiers' from input {( Other, 0x600003f1c000, {{0.0, 400.0}, {393.0, 452.0}}, identifier: 'Checkout.PaymentSheet' )}"#
            ) == Self.pay)
    }

    @Test func theQueriedElementWinsOverTheInputItSearched() {
        #expect(
            Self.element(
                of:
                    #"Failed to tap "Pay" Button: No matches found for Elements matching predicate 'label == "Pay"' from input {( Other, 0x600003f1c000, {{0.0, 400.0}, {393.0, 452.0}}, identifier: 'Checkout.PaymentSheet' )}"#
            ) == Self.pay)
        #expect(
            Self.element(
                of:
                    "Failed to tap Cell: No matches found for Element at index 7 from input {( Cell, 0x600003f1c1c0, {{0.0, 100.0}, {393.0, 80.0}}, identifier: 'Podcast-42-row', label: 'Episode 42' )}"
            ) == nil)
    }

    @Test func aMatchSequenceLandsOnItsLastStep() {
        let message =
            #"Failed to get matching snapshot: No matches found for first query match sequence: `Descendants matching type Table` -> `Elements matching predicate '"Feed" IN identifiers'` -> `Descendants matching type Cell` -> `Elements matching predicate '"Podcast-42-row" IN identifiers'` -> `Descendants matching type Button` -> `Elements matching predicate '"Podcast-42-play" IN identifiers'`, given input App element pid: 44723"#
        #expect(
            Self.element(of: message)
                == ElementMatch(
                    identifier: "Podcast-42-play", template: "Podcast-{id}-play", elementType: "button",
                    resolution: .explicit))
    }

    /// "Play" labels a mini-player button and every episode's play button: which one the test
    /// meant is the whole question, so the failure names none. A label shared by one template's
    /// elements (every episode's Listen button) still names that template.
    @Test func aLabelOfDifferentElementsNamesNone() {
        #expect(
            Self.element(
                of:
                    #"Failed to tap "Play" Button: Find single matching element. Multiple matching elements found for <XCUIElementQuery: 0x600003b2c5a0>."#
            ) == nil)
        #expect(
            Self.element(
                of:
                    #"Failed to tap "Play" Button: No matches found for Elements matching predicate '"Play" IN identifiers'"#
            ) == nil)
        let listen = Self.element(
            of:
                #"Failed to tap "Listen" Button: No matches found for Elements matching predicate '"Listen" IN identifiers'"#
        )
        #expect(listen?.template == "Podcast-{id}-listen")
        #expect(listen?.resolution == .label)
    }

    /// Without a snapshot that knows the text, identifier syntax is taken at its word.
    @Test func anUnknownIdentifierIsExplicit() {
        #expect(
            Self.element(of: #"No matches found for Elements matching predicate '"Checkout.Promo" IN identifiers'"#)?
                .resolution == .explicit)
    }
}
