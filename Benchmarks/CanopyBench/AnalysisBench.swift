import CanopyAnalysis
import CanopyModel
import CanopyParsers
import Foundation

/// `CanopyBench analysis FILE`: parse one JUnit file, then time `ReportBuilder.build` on it.
///
/// The design target: the whole analysis adds no more than the parse time again.
enum AnalysisBench {
    static func run(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw BenchError.usage("analysis FILE") }
        let parseStart = Date()
        let input = try JUnitXMLParser().parse(fileAt: path)
        let parseSeconds = Date().timeIntervalSince(parseStart)
        let run = RunAssembler.assemble([input])
        let analysisStart = Date()
        let report = ReportBuilder.build(run: run)
        let analysisSeconds = Date().timeIntervalSince(analysisStart)
        print("parse.seconds: \(parseSeconds)")
        print("analysis.seconds: \(analysisSeconds)")
        print("analysis.ratio: \(analysisSeconds / parseSeconds)")
        print("analysis.tests: \(run.tests.count)")
        print("analysis.failures: \(report.summary.failures)")
        print("analysis.clusters: \(report.summary.clusters)")
        print("analysis.identifiers: \(report.summary.identifiers)")
    }
}
