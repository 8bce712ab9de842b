import Foundation

/// The statistics flakiness rests on.
package enum FlakinessStatistics {
    /// Upper bound of the Wilson score interval for `failures` out of `trials` at `z`.
    ///
    /// With no trials the bound is 1 (nothing is known).
    package static func wilsonUpperBound(failures: Int, trials: Int, z: Double) -> Double {
        guard trials > 0 else { return 1 }
        let n = Double(trials)
        let p = Double(failures) / n
        let z2 = z * z
        let centre = p + z2 / (2 * n)
        let margin = z * ((p * (1 - p) + z2 / (4 * n)) / n).squareRoot()
        return min(1, (centre + margin) / (1 + z2 / n))
    }

    /// Probability of `length` failures in a row at failure rate `rate` (the run-length test).
    package static func runLengthProbability(rate: Double, length: Int) -> Double {
        pow(max(0, min(1, rate)), Double(length))
    }

    /// Binary entropy in bits of a failure fraction: 0 for all-pass or all-fail, 1 at one half.
    package static func entropy(failures: Int, trials: Int) -> Double {
        guard trials > 0, failures > 0, failures < trials else { return 0 }
        let p = Double(failures) / Double(trials)
        return -(p * log2(p) + (1 - p) * log2(1 - p))
    }

    /// Mean of `values` (oldest first) weighted by `decay` to the power of each value's age.
    package static func exponentiallyWeightedMean(_ values: [Double], decay: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        var weight = 1.0
        var total = 0.0
        var weights = 0.0
        for value in values.reversed() {
            total += weight * value
            weights += weight
            weight *= decay
        }
        return weights > 0 ? total / weights : 0
    }
}
