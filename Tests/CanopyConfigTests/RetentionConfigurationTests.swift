import Foundation
import Testing

@testable import CanopyConfig

/// `history.retention:` in canopy.yml: absent means no pruning after run and ingest; each value is
/// checked, and a bad one is an error naming its key, line and column.
@Suite("history.retention")
struct RetentionConfigurationTests {
    @Test func absentMeansNoRetentionAndTheDefaultsAreAYearAndAMonth() throws {
        #expect(try ConfigurationLoader.parse("store: history.sqlite\n", file: "c.yml").retention == nil)
        #expect(try ConfigurationLoader.parse("history: {}\n", file: "c.yml").retention == nil)
        let defaults = try #require(
            try ConfigurationLoader.parse("history:\n  retention: {}\n", file: "c.yml").retention)
        #expect(defaults.days == 365)
        #expect(defaults.pullRequestDays == 30)
        #expect(defaults.targetBranch == "main")
    }

    @Test func everyKeyIsRead() throws {
        let yaml = "history:\n  retention:\n    days: 180\n    pullRequestDays: 14\n    targetBranch: develop\n"
        let retention = try #require(try ConfigurationLoader.parse(yaml, file: "c.yml").retention)
        #expect(retention.days == 180)
        #expect(retention.pullRequestDays == 14)
        #expect(retention.targetBranch == "develop")
    }

    @Test(
        arguments: [
            ("history:\n  retention:\n    days: 0\n", "c.yml:3:11", "history.retention.days", "0 is out of range"),
            (
                "history:\n  retention:\n    days: a year\n", "c.yml:3:11", "history.retention.days",
                "expected a whole number"
            ),
            (
                "history:\n  retention:\n    pullRequestDays: -1\n", "c.yml:3:22", "history.retention.pullRequestDays",
                "-1 is out of range"
            ),
            (
                "history:\n  retention:\n    days: 20\n    pullRequestDays: 30\n", "c.yml:4:5",
                "history.retention.pullRequestDays", "longer than the target branch's 20"
            ),
            (
                "history:\n  retention:\n    targetBranch: ' '\n", "c.yml:3:5", "history.retention.targetBranch",
                "the branch is empty"
            ),
            (
                "history:\n  retention:\n    day: 30\n", "c.yml:3:5", "history.retention.day",
                "unknown key 'day'; known keys here: days, pullRequestDays, targetBranch"
            ),
            ("history:\n  keep: 30\n", "c.yml:2:3", "history.keep", "unknown key 'keep'; known keys here: retention"),
            ("history:\n  retention: 30\n", "c.yml:2:14", "history.retention", "expected a mapping"),
        ])
    func aBadValueNamesItsKey(yaml: String, place: String, key: String, message: String) {
        do {
            _ = try ConfigurationLoader.parse(yaml, file: "c.yml")
            Issue.record("loaded: \(yaml)")
        } catch let error as ConfigurationError {
            #expect(error.file == place, "\(error)")
            #expect(error.keyPath == key, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        } catch {
            Issue.record("not a configuration error: \(error)")
        }
    }
}
