import CanopyAnalysis
import Foundation
import Testing

@testable import CanopyConfig

@Suite("Slower-test thresholds")
struct SlowerTestsConfigurationTests {
    @Test("slowerTests: sets the ratio, seconds and limit; a ratio under 1 is an error naming its key")
    func readsThresholds() throws {
        #expect(
            try ConfigurationLoader.parse("gates: {}\n", file: "c.yml").slowerTests
                == SlowdownThresholds(ratio: 2, seconds: 5, limit: 10))
        let configuration = try ConfigurationLoader.parse(
            "slowerTests:\n  ratio: 1.5\n  seconds: 2\n  limit: 3\n", file: "c.yml")
        #expect(configuration.slowerTests == SlowdownThresholds(ratio: 1.5, seconds: 2, limit: 3))
        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader.parse("slowerTests:\n  ratio: 0.5\n", file: "c.yml")
        }
    }
}
