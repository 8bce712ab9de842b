import CanopyAnalysis
import Foundation
import Testing

@testable import CanopyConfig

@Suite("Metric change thresholds and gate")
struct MetricChangesConfigurationTests {
    @Test("metricChanges: sets the window, minimum runs, effect and significance; an unknown key is an error")
    func readsThresholds() throws {
        #expect(try ConfigurationLoader.parse("gates: {}\n", file: "c.yml").metricChanges == MetricChangeThresholds())
        let configuration = try ConfigurationLoader.parse(
            "metricChanges:\n  runs: 20\n  minimumRuns: 5\n  minimumEffect: 10\n  significance: 0.05\n", file: "c.yml")
        #expect(
            configuration.metricChanges
                == MetricChangeThresholds(runs: 20, minimumRuns: 5, minimumEffectPercent: 10, significance: 0.05))
        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader.parse("metricChanges:\n  window: 3\n", file: "c.yml")
        }
        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader.parse("metricChanges:\n  significance: 0.9\n", file: "c.yml")
        }
    }

    @Test("gates.maximumMetricRegressions: 0 unless set, a number allows that many, null turns it off")
    func gate() throws {
        #expect(try ConfigurationLoader.parse("gates: {}\n", file: "c.yml").gates.maximumMetricRegressions == 0)
        #expect(
            try ConfigurationLoader.parse("gates:\n  maximumMetricRegressions: 2\n", file: "c.yml").gates
                .maximumMetricRegressions == 2)
        #expect(
            try ConfigurationLoader.parse("gates:\n  maximumMetricRegressions: null\n", file: "c.yml").gates
                .maximumMetricRegressions == nil)
    }
}
