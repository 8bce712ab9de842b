import CanopyAnalysis
import CanopyModel
import Foundation
import Testing

/// The tests that touched each identifier template are the sets the identifier tree counts as a
/// node's own `tests`, handed to history through the digest and left out of the report's JSON.
struct IdentifierTestsTests {
    @Test func eachTemplateListsTheTestsItsNodeCounts() throws {
        let report = ReportBuilder.build(run: try EndToEndTests.run())
        let identifiers = report.identifierTree.filter(\.isIdentifier)
        #expect(!identifiers.isEmpty)
        for node in identifiers {
            #expect((report.identifierTests[node.path] ?? []).count == node.own.tests, "\(node.path)")
        }
        #expect(Set(report.identifierTests.keys).isSubset(of: Set(identifiers.map(\.path))))
        let pay = try #require(report.identifierTests["Checkout.PaymentSheet.PayButton"])
        #expect(pay.contains { $0.hasPrefix("AppUITests.CheckoutTests/testPayRetry") })
        #expect(pay == pay.sorted())
        #expect(report.digest.identifierTests == report.identifierTests)
    }

    @Test func theReportsJSONLeavesThemOut() throws {
        let report = ReportBuilder.build(run: try EndToEndTests.run())
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(!json.contains("identifierTests"))
        #expect(json.contains("\"identifierTree\""))
    }
}
