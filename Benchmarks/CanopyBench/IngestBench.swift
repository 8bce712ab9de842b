import CanopyModel
import CanopyParsers
import CanopyPipeline
import Foundation

/// `CanopyBench xcresult FILE|DIR` and `CanopyBench snapshots DIR`: parse in-process and print
/// time, throughput and peak memory. Given the bench output directory (as `bench/run.sh` does),
/// they read `xcresult-70mb.json` (about 230,000 attempts, within the 250,000 a tests JSON may
/// hold) and `snapshots/` inside it, generating them when missing with `bench/gen_xcresult.py`
/// and `bench/gen_snapshots.py`.
enum IngestBench {
    static func run(_ kind: String, _ arguments: [String]) throws {
        guard let argument = arguments.first else { throw BenchError.usage("\(kind) FILE|DIR") }
        switch kind {
        case "xcresult": try xcresult(resolveXCResult(argument))
        default: try snapshots(resolveSnapshots(argument))
        }
    }

    private static func xcresult(_ path: String) throws {
        let start = Date()
        let input = try XCResultTestsParser().parse(fileAt: path)
        let seconds = Date().timeIntervalSince(start)
        let assembleStart = Date()
        let run = RunAssembler.assemble([input])
        let assembleSeconds = Date().timeIntervalSince(assembleStart)
        let megabytes = Double(input.file.bytes) / 1_000_000
        print("## xcresult tests JSON: \(path)")
        print("xcresult.bytes: \(String(format: "%.1f", megabytes)) MB")
        print("xcresult.seconds: \(String(format: "%.3f", seconds)) s")
        print("xcresult.throughput: \(String(format: "%.1f", megabytes / seconds)) MB/s")
        print("xcresult.assembleSeconds: \(String(format: "%.3f", assembleSeconds)) s")
        print("xcresult.tests: \(run.totals.tests) tests")
        print("xcresult.attempts: \(run.totals.attempts) attempts")
        print("xcresult.passedOnRetry: \(run.totals.passedOnRetry) tests")
        print("xcresult.peakRSS: \(peakResidentMegabytes()) MB")
    }

    private static func snapshots(_ directory: String) throws {
        let start = Date()
        let files = try InputExpander.expand([directory])
        let results = ParserRegistry().parseAll(files)
        let inputs = try results.map { try $0.get() }
        let seconds = Date().timeIntervalSince(start)
        let run = RunAssembler.assemble(inputs)
        let megabytes = Double(inputs.reduce(0) { $0 + $1.file.bytes }) / 1_000_000
        print("## element snapshots: \(directory)")
        print("snapshots.files: \(files.count) files")
        print("snapshots.bytes: \(String(format: "%.1f", megabytes)) MB")
        print("snapshots.seconds: \(String(format: "%.3f", seconds)) s")
        print("snapshots.throughput: \(String(format: "%.1f", megabytes / seconds)) MB/s")
        print("snapshots.filesPerSecond: \(String(format: "%.0f", Double(files.count) / seconds)) files/s")
        print("snapshots.screens: \(run.totals.screens) screens")
        print("snapshots.elements: \(run.totals.elements) elements")
        print("snapshots.peakRSS: \(peakResidentMegabytes()) MB")
    }

    private static func resolveXCResult(_ argument: String) throws -> String {
        guard isDirectory(argument) else { return argument }
        let file = argument + "/xcresult-70mb.json"
        if !FileManager.default.fileExists(atPath: file) {
            try generate("bench/gen_xcresult.py", out: file, arguments: ["--mb", "70"])
        }
        return file
    }

    private static func resolveSnapshots(_ argument: String) throws -> String {
        let nested = argument + "/snapshots"
        if argument.hasSuffix("snapshots") || argument.hasSuffix("snapshots/") { return argument }
        if !FileManager.default.fileExists(atPath: nested) { try generate("bench/gen_snapshots.py", out: nested) }
        return nested
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    private static func generate(_ script: String, out: String, arguments: [String] = []) throws {
        print("bench: generating \(out)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--out", out] + arguments
        try process.run()
        process.waitUntilExit()
    }

    /// Peak resident set size of this process in MiB.
    private static func peakResidentMegabytes() -> Int { Platform.peakResidentBytes() / (1024 * 1024) }
}
