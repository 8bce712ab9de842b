import CanopyAnalysis
import CanopyModel
import CanopyParsers
import Foundation

/// `CanopyBench analysis FILE [--runs N]`: parse one JUnit file, then time `ReportBuilder.build`
/// on it; N times (default 5), each analysis paired with its own parse.
///
/// The design target: the whole analysis adds no more than the parse time again. On a shared
/// 2-core machine single timings move by ±20%, so the figure is the median of the paired ratios.
enum AnalysisBench {
    static func run(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw BenchError.usage("analysis FILE [--runs N]") }
        var runs = 1
        if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count,
            let count = Int(arguments[flag + 1]), count > 0
        {
            runs = count
        }
        var parses: [Double] = []
        var analyses: [Double] = []
        var report: Report?
        var tests = 0
        for _ in 0..<runs {
            let parseStart = Date()
            let input = try JUnitXMLParser().parse(fileAt: path)
            parses.append(Date().timeIntervalSince(parseStart))
            let run = RunAssembler.assemble([input])
            tests = run.tests.count
            let analysisStart = Date()
            report = ReportBuilder.build(run: run)
            analyses.append(Date().timeIntervalSince(analysisStart))
        }
        let ratios = zip(analyses, parses).map { $0 / $1 }
        print("analysis.runs: \(runs)")
        print("parse.seconds: \(median(parses)) (median)")
        print("analysis.seconds: \(median(analyses)) (median; min \(analyses.min() ?? 0))")
        print("analysis.ratio: \(median(ratios)) (median of paired runs; target <= 1)")
        print("analysis.tests: \(tests)")
        print("analysis.failureMessages: \(report?.failures.count ?? 0)")
        print("analysis.clusters: \(report?.summary.clusters ?? 0)")
        print("analysis.identifiers: \(report?.summary.identifiers ?? 0)")
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
