import CanopyAnalysis
import CanopyConfig
import CanopyModel
import CanopyParsers
import CanopySource
import Foundation

/// What one fuzz run exercises. Every target swallows the errors its code is allowed to throw:
/// only a crash, a sanitizer report or a timeout counts as a finding.
enum FuzzTarget: String, CaseIterable {
    /// `JUnitXMLParser` on the input as a file.
    case junit
    /// Format detection and every JSON parser (xcresult tests and summary, snapshots, audits),
    /// each forced onto the input whatever the detection says.
    case json
    /// The analysis of a run whose one failure carries the input as its message: identifier
    /// extraction, categories, `MessageNormalizer` and fingerprints.
    case normalizer
    /// `ConfigurationLoader` on the input as `canopy.yml`: YAML, every section's validation, the
    /// compiled patterns.
    case config
    /// `SourceIndexer` on the input as a Swift file: the nesting scan, SwiftParser on a thread
    /// with a large stack, the tree-depth bound and both passes of visitors; a file over a bound
    /// is skipped, never a crash or a hang.
    case source

    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["CANOPY_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("CANOPY_FUZZ_TARGET must be one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    /// A file rewritten for every input (the parsers read files, as in production).
    private static let scratch = NSTemporaryDirectory() + "canopy-fuzz-\(getpid())"

    func run(_ bytes: [UInt8]) {
        switch self {
        case .junit:
            let path = Self.write(bytes, extension: "xml")
            _ = try? JUnitXMLParser().parse(fileAt: path)
        case .json:
            let path = Self.write(bytes, extension: "json")
            let registry = ParserRegistry()
            _ = try? registry.parse(fileAt: path)
            for format in InputFormat.allCases where format != .junitXML {
                _ = try? registry.parser(for: format)?.parse(fileAt: path)
            }
        case .normalizer:
            let message = String(decoding: bytes, as: UTF8.self)
            let failure = Failure(message: message, detail: message)
            let attempts = [Attempt(outcome: .failed, failures: [failure]), Attempt(outcome: .passed)]
            let test = TestCase(
                identity: TestIdentity(className: "LoginTests", name: "testLogin()"), attempts: attempts)
            _ = ReportBuilder.build(run: Run(tests: [test, test]))
        case .config:
            _ = try? ConfigurationLoader.parse(String(decoding: bytes, as: UTF8.self), file: "fuzz.yml")
        case .source:
            let text = String(decoding: bytes, as: UTF8.self)
            _ = SourceIndexer.index(files: [
                SourceFile(path: "App/Fuzz.swift", text: text),
                SourceFile(path: "AppUITests/FuzzTests.swift", text: "import XCTest\n" + text),
            ])
        }
    }

    private static func write(_ bytes: [UInt8], extension name: String) -> String {
        let path = scratch + "." + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}
