import Foundation

/// The Mann–Whitney U test of two samples (the Wilcoxon rank-sum test): whether values of one tend
/// to be larger than the other's, from their ranks alone, so one wild measurement weighs no more
/// than any other larger one.
package struct MannWhitney: Sendable, Equatable, Hashable {
    /// How the p-value was found.
    package enum Method: String, Sendable, Equatable, Hashable, Codable {
        /// From the exact distribution of U (no tied values, samples small enough to count).
        case exact
        /// From the normal approximation, with the ties' correction of the variance and a
        /// continuity correction of ½.
        case normal
    }

    /// U of the first sample: the pairs (x of the first, y of the second) with x > y, plus half of
    /// those with x = y. 0 when every value of the first is below every value of the second;
    /// `first * second` when every one is above.
    package var u: Double
    /// The samples' sizes.
    package var first: Int
    package var second: Int
    /// The two-sided p-value: the chance of a U at least this far from its middle (`first * second / 2`)
    /// when both samples come from one distribution. 1 when either sample is empty.
    package var pValue: Double
    package var method: Method

    /// The test of `first` against `second`; values that are not numbers are left out.
    package init(_ first: [Double], _ second: [Double]) {
        let a = first.filter { !$0.isNaN }
        let b = second.filter { !$0.isNaN }
        self.first = a.count
        self.second = b.count
        guard !a.isEmpty, !b.isEmpty else {
            u = 0
            pValue = 1
            method = .exact
            return
        }
        let ranked = Self.ranks(a + b)
        let rankSum = ranked.ranks.prefix(a.count).reduce(0, +)
        let n1 = Double(a.count)
        u = rankSum - n1 * (n1 + 1) / 2
        if ranked.tieTerm == 0, a.count * b.count <= Self.exactCells {
            method = .exact
            pValue = Self.exactPValue(u: Int(exactly: u.rounded()) ?? 0, a.count, b.count)
        } else {
            method = .normal
            pValue = Self.normalPValue(u: u, a.count, b.count, tieTerm: ranked.tieTerm)
        }
    }

    /// The largest `first * second` whose U distribution is counted exactly.
    static let exactCells = 10_000

    /// The mid-ranks (1-based; tied values share the mean of their ranks) of `values` in their
    /// order, and Σ(t³ − t) over the groups of t tied values.
    static func ranks(_ values: [Double]) -> (ranks: [Double], tieTerm: Double) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var tieTerm = 0.0
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            let rank = Double(start + end + 2) / 2
            for index in start...end { ranks[order[index]] = rank }
            let tied = Double(end - start + 1)
            tieTerm += tied * tied * tied - tied
            start = end + 1
        }
        return (ranks, tieTerm)
    }

    /// Two-sided p from the exact distribution of U: twice the smaller tail at `u`, at most 1.
    static func exactPValue(u: Int, _ n1: Int, _ n2: Int) -> Double {
        let counts = Self.counts(n1, n2)
        let total = counts.reduce(0, +)
        let lower = counts[0...min(max(u, 0), counts.count - 1)].reduce(0, +)
        let upper = counts[min(max(u, 0), counts.count - 1)...].reduce(0, +)
        return min(1, 2 * min(lower, upper) / total)
    }

    /// How many of the C(n1 + n2, n1) orderings of the two samples give each U (0…n1·n2): the
    /// coefficients of the Gaussian binomial [n1 + n2 choose n1], built as the product of
    /// (1 − q^(n2 + i)) / (1 − q^i) for i in 1…n1, each step leaving [n2 + i choose i].
    package static func counts(_ n1: Int, _ n2: Int) -> [Double] {
        let (small, large) = n1 <= n2 ? (n1, n2) : (n2, n1)
        var counts = [Double](repeating: 0, count: small * large + 1)
        counts[0] = 1
        guard small > 0 else { return counts }
        for i in 1...small {
            let degree = i * large
            let shift = large + i
            // Multiply by (1 − q^shift), highest power first.
            if shift <= degree {
                for power in stride(from: degree, through: shift, by: -1) { counts[power] -= counts[power - shift] }
            }
            // Divide by (1 − q^i): a running sum with step i.
            for power in i...degree { counts[power] += counts[power - i] }
        }
        return counts.map { max(0, $0.rounded()) }
    }

    /// Two-sided p from the normal approximation: U's mean n1·n2/2 and variance
    /// n1·n2/12 · ((N + 1) − Σ(t³ − t)/(N(N − 1))), |U − mean| less ½.
    static func normalPValue(u: Double, _ n1: Int, _ n2: Int, tieTerm: Double) -> Double {
        let (a, b) = (Double(n1), Double(n2))
        let n = a + b
        let mean = a * b / 2
        let variance = a * b / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { return 1 }
        let z = max(0, abs(u - mean) - 0.5) / variance.squareRoot()
        return min(1, erfc(z / 2.0.squareRoot()))
    }
}
