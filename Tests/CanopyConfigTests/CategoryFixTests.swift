import CanopyAnalysis
import Foundation
import Testing

@testable import CanopyConfig

@Suite("Failure categories say what usually fixes them")
struct CategoryFixTests {
    @Test("every built-in category has a description and what usually fixes it; a configured one can say its own")
    func fixTexts() throws {
        for rule in FailureCategoryRule.defaults + [FailureCategoryRule.other] {
            #expect(rule.description?.isEmpty == false, "\(rule.name)")
            #expect(rule.fix?.isEmpty == false, "\(rule.name)")
        }
        let configuration = try ConfigurationLoader.parse(
            "categories:\n  - name: backendDown\n    pattern: 'HTTP 503'\n    fix: Re-run once staging is up\n",
            file: "c.yml")
        #expect(configuration.analysis.categories.first?.fix == "Re-run once staging is up")
    }
}
