import CanopyAnalysis
import Foundation
import Testing

/// The statistic against values worked by hand (and agreeing with SciPy's `mannwhitneyu`,
/// two-sided, exact or asymptotic with continuity correction).
struct MannWhitneyTests {
    @Test("every value of one sample below the other's: U = 0, exact p = 2 / C(6, 3) = 0.1")
    func separated() {
        let test = MannWhitney([1, 2, 3], [4, 5, 6])
        #expect(test.u == 0 && test.method == .exact)
        #expect(abs(test.pValue - 0.1) < 1e-12)
        #expect(MannWhitney([4, 5, 6], [1, 2, 3]).u == 9, "the other way round: n1 · n2")
    }

    @Test("interleaved samples of two: U = 1 of 0…4 (counts 1 1 2 1 1), p = 2 · 2/6")
    func interleaved() {
        let test = MannWhitney([1, 3], [2, 4])
        #expect(test.u == 1)
        #expect(abs(test.pValue - 2.0 / 3.0) < 1e-12)
    }

    @Test("five launches against seven: U = 33 of 35, the upper tail 4 of C(12, 5) = 792 orderings, p = 8/792")
    func launches() {
        let test = MannWhitney([3.1, 2.9, 3.4, 3.3, 3.2], [2.8, 2.7, 3.0, 2.95, 2.85, 2.75, 2.6])
        #expect(test.u == 33 && test.method == .exact)
        #expect(abs(test.pValue - 8.0 / 792.0) < 1e-12)
    }

    @Test("tied values take the normal approximation with the ties' variance: U = 1, z = −3 / √4.65, p = 0.16416")
    func ties() {
        let test = MannWhitney([1, 2, 2], [2, 3, 4])
        #expect(test.u == 1 && test.method == .normal)
        // mean 4.5; variance 9/12 · (7 − 24/30) = 4.65; |1 − 4.5| − ½ = 3.
        #expect(abs(test.pValue - erfc(3 / 4.65.squareRoot() / 2.0.squareRoot())) < 1e-12)
        #expect(abs(test.pValue - 0.164_159_728) < 1e-8)
    }

    @Test("the counts of U are the Gaussian binomial's coefficients, summing to C(n1 + n2, n1)")
    func counts() {
        #expect(MannWhitney.counts(2, 2) == [1, 1, 2, 1, 1])
        #expect(MannWhitney.counts(3, 3) == [1, 1, 2, 3, 3, 3, 3, 2, 1, 1])
        #expect(MannWhitney.counts(5, 50).reduce(0, +) == 3_478_761, "C(55, 5)")
        #expect(MannWhitney.counts(3, 2) == MannWhitney.counts(2, 3))
    }

    @Test("an empty sample proves nothing; values that are not numbers are left out")
    func empty() {
        #expect(MannWhitney([], [1, 2]).pValue == 1)
        let test = MannWhitney([1, .nan, 2, 3], [4, 5, 6])
        #expect(test.first == 3 && test.u == 0)
    }
}
