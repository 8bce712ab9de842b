import CanopyModel
import CanopyRender
import Foundation
import Testing

@testable import CanopyPipeline

/// The Destinations view of the sample's night 14: the checkout suite on an iPad and an iPhone
/// (trainer JUnit), the player suite on the iPhone alone (xcresulttool JSON), and the app's
/// suites on no named device. Its counts add up to the run's tests, and a suite that never ran
/// on a destination is no difference there.
@Suite("the Destinations view counts what it leaves out, and suites not run are no difference")
struct DestinationsViewTests {
    static let iPad = "iPad Air 13-inch (M2) (18.2)"
    static let iPhone = "iPhone 16 Pro (18.2)"

    static func night14() async throws -> Dashboard {
        let nights = try InsightsAfterStoreTests.nights()
        let directory = NSTemporaryDirectory() + "canopy-destinations-view-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = try InsightsAfterStoreTests.context(
            store: directory + "/history.sqlite", night: nights[13], key: "night-14"
        ).options
        options.outputDirectory = directory + "/out"
        return try await RunCommand(options: options).run().dashboard
    }

    @Test(
        "night 14: 298 tests, 18 on the iPad and 42 on the iPhone, 238 on no device; the player suite ran on the iPhone only"
    )
    func sampleNight() async throws {
        let dashboard = try await Self.night14()
        let destinations = try #require(dashboard.destinations)
        #expect(destinations.destinations == [Self.iPad, Self.iPhone])
        #expect(dashboard.headline.tests.value == 298)
        #expect(destinations.runTests == 298)

        // A player test ran on the iPhone alone, as its whole suite did: the same everywhere it could run.
        let player = destinations.tests.filter { $0.test.hasPrefix("PlayerUITests.PlayerTests/") }
        #expect(player.count == 24)
        for test in player {
            #expect(test.suiteAbsent == [0], "\(test.test)")
            #expect(test.isUniform, "\(test.test)")
            #expect(!test.line.contains("did not run"), "\(test.line)")
        }
        // The checkout suite ran on both: every test of it has a cell on each.
        let checkout = destinations.tests.filter { $0.test.hasPrefix("CheckoutUITests.CheckoutTests/") }
        #expect(checkout.count == 18 && checkout.allSatisfy { $0.cells.count == 2 && $0.suiteAbsent.isEmpty })

        let page = HTMLDashboardRenderer().render(dashboard)
        let view = try #require(page.range(of: "id=\"view-destinations\""))
        let html = String(page[view.upperBound...])
        let has = { (text: String) in html.contains(text) }
        // The header's count and the destinations' add up, or say what is left.
        #expect(
            has(
                "Of this run's 298 tests, 60 ran on a named destination: 18 on iPad Air 13-inch (M2) (18.2), 42 on iPhone 16 Pro (18.2). The other 238 tests name no device and are not in this view."
            ))
        // No test of a suite that ran on the iPad is missing there: nothing did not run.
        #expect(
            has(
                "<tr><th scope=\"row\">iPad Air 13-inch (M2) (18.2)</th><td class=\"n\">18</td><td class=\"n\">0</td><td class=\"n\">0</td><td class=\"n\">1</td><td class=\"n\">0</td><td class=\"n\">0</td></tr>"
            ))
        // The matrix marks the iPad cell of a player test as its suite's absence, not as a test missing there.
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"canopy-destinations\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try #require(
            try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        )
        let rows = try #require(data["t"] as? [[Any]])
        let letters = Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in
                (row.first as? String).flatMap { test in (row[2] as? String).map { (test, $0) } }
            })
        #expect(letters.count == 42)
        for test in player { #expect(letters[test.test]?.first == ".", "\(test.test): \(letters[test.test] ?? "")") }
        #expect(!letters.values.contains { $0.contains("-") }, "no test of a suite that ran somewhere is missing there")
    }
}
