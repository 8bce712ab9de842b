import CanopyModel
import Testing

@testable import CanopyParsers

/// A11yUITests' own failure wordings (rwapp/A11yUITests, `A11yAssertions.failureMessage`), each
/// named as the check the README lists and with the severity its condition says (`docs/input-formats.md`).
@Suite("A11yUITests failure wordings")
struct A11yUITestsWordingTests {
    static let wordings: [(message: String, reason: String?, check: String, warning: Bool)] = [
        ("Element not tall enough", "Minimum size: 14", "minimumSize", true),
        ("Element not wide enough", "Minimum size: 14", "minimumSize", true),
        ("Interactive element not tall enough", nil, "minimumInteractiveSize", false),
        ("Interactive element not wide enough", nil, "minimumInteractiveSize", false),
        ("Label not meaningful", "Minimum length: 2", "labelPresence", true),
        ("Button should not contain the word button in the accessibility label", nil, "buttonLabel", false),
        ("Buttons should begin with a capital letter", nil, "buttonLabel", false),
        ("Button accessibility labels shouldn't contain punctuation", nil, "buttonLabel", false),
        ("Images should not contain image words in the accessibility label", nil, "imageLabel", false),
        ("Image file name is used as the accessibility label", nil, "imageLabel", false),
        ("Label is too long", "Max length: 40", "labelLength", true),
        ("Image should have Image trait", nil, "imageTrait", false),
        ("Button should have Button or Link trait", nil, "buttonTrait", false),
        ("Elements shouldn't have both Button and Link traits", nil, "conflictingTraits", false),
        ("Elements shouldn't have both Static Text and Updates Frequently traits", nil, "conflictingTraits", false),
        ("Elements with Plays Sound traits should also have a Button trait", nil, "conflictingTraits", true),
        ("Element disabled", nil, "disabled", true),
        ("Elements have duplicated labels", nil, "duplicated", true),
        ("Label does not match reference snapshot", nil, "snapshotMismatch", false),
        ("Frame does not match reference snapshot", nil, "snapshotMismatch", false),
        ("Snapshots contain a different number of items. This screen has changed", nil, "snapshotMismatch", false),
    ]

    static let element = #"Label: "Buy. Now" Button"#

    /// The shape `docs/input-formats.md` gives: `{condition}: {msg}\n{elements}.\n{reason}`.
    @Test("each check's wording, on lines", arguments: wordings.indices)
    func multiline(_ index: Int) throws {
        let wording = Self.wordings[index]
        let condition = wording.warning ? "⚠️ Accessibility Warning" : "❌ Accessibility Failure"
        let text = "\(condition): \(wording.message)\n\(Self.element).\n" + (wording.reason ?? "")
        let issue = try #require(FailureAuditRecognizer.a11yUITests(text, test: "A/t", source: "junit.xml")?.first)
        #expect(issue.auditType == wording.check, "\(wording.message)")
        #expect(issue.severity == (wording.warning ? .warning : .error))
        #expect(issue.compactDescription == wording.message)
        #expect(issue.element == ElementReference(label: "Buy. Now", elementType: "button"))
        #expect(issue.detailedDescription == wording.reason)
    }

    /// The one-line shape A11yUITests 2 writes: `{condition}: {msg}: {elements}. {reason}.`, or
    /// `{condition}: {msg}.` for a screen-wide check.
    @Test("each check's wording, on one line", arguments: wordings.indices)
    func oneLine(_ index: Int) throws {
        let wording = Self.wordings[index]
        let condition = wording.warning ? "⚠️ Accessibility Warning" : "❌ Accessibility Failure"
        let text = "\(condition): \(wording.message): \(Self.element)." + (wording.reason.map { " \($0)." } ?? "")
        let issue = try #require(FailureAuditRecognizer.a11yUITests(text, test: "A/t", source: "junit.xml")?.first)
        #expect(issue.auditType == wording.check, "\(wording.message)")
        #expect(issue.compactDescription == wording.message)
        #expect(issue.element == ElementReference(label: "Buy. Now", elementType: "button"))
        #expect(issue.detailedDescription == wording.reason)
    }

    @Test("two elements on one line, and a screen-wide check with none")
    func oneLineShapes() throws {
        let two =
            "⚠️ Accessibility Warning: Elements have duplicated labels: Label: \"Save\" Button, Identifier: \"Edit.Save\" Button."
        let issues = try #require(FailureAuditRecognizer.a11yUITests(two, test: nil, source: "x"))
        #expect(
            issues.map(\.element) == [
                ElementReference(label: "Save", elementType: "button"),
                ElementReference(identifier: "Edit.Save", elementType: "button"),
            ])
        #expect(
            issues.allSatisfy {
                $0.auditType == "duplicated" && $0.compactDescription == "Elements have duplicated labels"
            })
        let header = "❌ Accessibility Failure: Screen has no element with a header trait."
        let screenWide = try #require(FailureAuditRecognizer.a11yUITests(header, test: nil, source: "x")?.first)
        #expect(screenWide.auditType == "header")
        #expect(screenWide.compactDescription == "Screen has no element with a header trait")
        #expect(screenWide.element == nil)
    }
}
