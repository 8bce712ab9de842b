import CanopyModel
import CanopyParsers
import Foundation

/// `CanopyBench parse FILE`: parse one JUnit file in-process and print time and totals.
enum ParseBench {
    static func run(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw BenchError.usage("parse FILE") }
        let start = Date()
        let input = try JUnitXMLParser().parse(fileAt: path)
        let seconds = Date().timeIntervalSince(start)
        let megabytes = Double(input.file.bytes) / 1_000_000
        print("parse.seconds: \(seconds)")
        print("parse.throughput: \(megabytes / seconds) MB/s")
        print("parse.tests: \(input.tests.count)")
    }
}
