import CanopyModel
import Testing

@testable import CanopyParsers

/// The identity rules of `docs/identity-and-verdicts.md` on the producers' real shapes: what
/// makes two entries attempts of one test, and what makes them two tests.
@Suite("Identity rules on real producers' shapes")
struct IdentityRulesTests {
    private func junit(_ name: String) throws -> ParsedInput {
        try JUnitXMLParser().parse(fileAt: Fixture.path("junit/" + name))
    }

    /// Ant/Jenkins allow a testcase with no name: each is a test of its own, named by its
    /// position in its suite, never a retry of another.
    @Test("testcases without a name are one test each, never attempts of each other")
    func unnamedTestcases() throws {
        let input = try junit("unnamed-testcases.xml")
        let totals = Run(tests: input.tests).totals
        #expect(totals.tests == 4)
        #expect(totals.passed == 1 && totals.skipped == 1 && totals.failed == 2 && totals.flaky == 0)
        #expect(input.tests.map(\.identity.key) == [
            "legacy.SmokeTests/(unnamed testcase 1)", "legacy.SmokeTests/(unnamed testcase 2)",
            "legacy.SmokeTests/(unnamed testcase 3)", "legacy.SmokeTests/(unnamed testcase 4)",
        ])
        let warnings = input.diagnostics.filter { $0.message.contains("without a name") }
        #expect(warnings.count == 4)
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.line != nil && $0.message.contains("position in its suite") })
    }
}
