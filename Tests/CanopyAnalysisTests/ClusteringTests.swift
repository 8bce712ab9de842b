import CanopyAnalysis
import CanopyModel
import Testing

struct ClusteringTests {
    static func run(_ messages: [String]) -> Run { FailureCategoryTests.run(messages) }

    @Test func variantsOfOneCauseFoldIntoOneCluster() throws {
        let messages = (0..<300).map { index in
            #"/Users/ci/build\#(index)/App/FeedTests.swift:\#(40 + index) - Failed to tap "Podcast-\#(1000 + index)-row" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '"Podcast-\#(1000 + index)-row" IN identifiers'`, given input App element pid: \#(40000 + index) <XCUIElementQuery: 0x6000\#(String(index, radix: 16))a0> after \#(index).5s"#
        }
        let report = ReportBuilder.build(run: Self.run(messages))
        let cluster = try #require(report.clusters.first)
        #expect(report.clusters.count == 1)
        #expect(cluster.count == 300)
        #expect(cluster.testCount == 300)
        #expect(cluster.tests.count == ReportBuilder.clusterTestLimit)
        #expect(cluster.identifier == "Podcast-{id}-row")
        #expect(cluster.category == "elementNotFound")
        #expect(cluster.exampleMessage == messages[0])
        #expect(
            cluster.normalizedMessage
                == #"{path}:{n} - Failed to tap "Podcast-{id}-row" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '"Podcast-{id}-row" IN identifiers'`, given input App element pid: {pid} <XCUIElementQuery: {address}> after {duration}"#
        )
    }

    @Test func differentCausesDoNotFold() {
        let report = ReportBuilder.build(
            run: Self.run([
                #"Failed to tap "Login.Submit" Button: No matches found for '"Login.Submit" IN identifiers'"#,
                #"Failed to tap "Login.Cancel" Button: No matches found for '"Login.Cancel" IN identifiers'"#,
                #"Failed to tap "Login.Submit" Button: Find single matching element. Multiple matching elements found for <XCUIElementQuery: 0x1>."#,
                "XCTAssertTrue failed - Error banner not shown",
                "XCTAssertTrue failed - Welcome banner not shown",
            ]))
        #expect(report.clusters.count == 5)
        #expect(Set(report.failures.map(\.fingerprint)).count == 5)
    }

    @Test(arguments: [
        ("Exceeded timeout of 10 seconds at 2026-11-22T03:39:32Z", "Exceeded timeout of {duration} at {timestamp}"),
        ("frame {{0.0, 20.0}, {375.0, 44.0}} and [[16,79],[43,43]]", "frame {frame} and {frame}"),
        ("tab2 Cell4 took 250ms, id 3F2504E0-4F89-11D3-9A0C-0305E82C3301", "tab2 Cell4 took {duration}, id {uuid}"),
        ("Lost connection to the application (pid 49916)", "Lost connection to the application (pid {pid})"),
        ("time 0,012s  and\n 1,234.5 items ~/Library/Logs/x.log", "time {duration} and {n} items {path}"),
    ])
    func normalises(_ message: String, _ expected: String) {
        let report = ReportBuilder.build(run: Self.run([message]))
        #expect(report.failures.first?.normalizedMessage == expected)
    }

    @Test func fingerprintIsFNV1a64() {
        #expect(FNV1a.hex("") == "cbf29ce484222325")
        #expect(FNV1a.hex("a") == "af63dc4c8601ec8c")
        #expect(FNV1a.hex("foobar") == "85944171f73967e8")
    }

    @Test func fingerprintsAreStableAcrossBuilds() {
        let run = Self.run(["XCTAssertTrue failed - x", "Lost connection to the application (pid 7)"])
        #expect(
            ReportBuilder.build(run: run).failures.map(\.fingerprint)
                == ReportBuilder.build(run: run).failures.map(\.fingerprint))
        #expect(ReportBuilder.build(run: run) == ReportBuilder.build(run: run))
    }
}
