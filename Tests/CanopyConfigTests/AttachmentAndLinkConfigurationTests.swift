import CanopyModel
import Foundation
import Testing

@testable import CanopyConfig

/// `attachments.scope` and `output.dashboardURL` in canopy.yml.
@Suite("Attachment scope and dashboard URL in the configuration")
struct AttachmentAndLinkConfigurationTests {
    @Test func defaultsAreFailingAttemptsAndNoURL() throws {
        let configuration = try ConfigurationLoader.parse("gates: {}\n", file: "c.yml")
        #expect(configuration.attachments.scope == .failing)
        #expect(configuration.output.dashboardURL == nil)
    }

    @Test(arguments: [("failing", AttachmentScope.failing), ("all", .all), ("none", .none)])
    func scopeIsRead(_ value: String, _ scope: AttachmentScope) throws {
        let configuration = try ConfigurationLoader.parse("attachments:\n  scope: \(value)\n", file: "c.yml")
        #expect(configuration.attachments.scope == scope)
    }

    @Test func anUnknownScopeIsAnErrorAtItsKey() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationLoader.parse("attachments:\n  scope: passing\n", file: "c.yml")
        }
        #expect(error.keyPath == "attachments.scope", "\(error)")
        #expect(error.message.contains("expected failing, all or none, found 'passing'"), "\(error)")
    }

    @Test func dashboardURLIsReadAndMustBeHTTP() throws {
        let configuration = try ConfigurationLoader.parse(
            "output:\n  dashboardURL: https://example.github.io/app/\n", file: "c.yml")
        #expect(configuration.output.dashboardURL == "https://example.github.io/app/")
        for bad in ["Reports/site/index.html", "file:///tmp/index.html", "javascript:alert(1)"] {
            let error = try #require(throws: ConfigurationError.self) {
                try ConfigurationLoader.parse("output:\n  dashboardURL: \"\(bad)\"\n", file: "c.yml")
            }
            #expect(error.keyPath == "output.dashboardURL", "\(error)")
            #expect(error.file == "c.yml:2:3", "\(error)")
        }
    }
}
