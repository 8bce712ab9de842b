import Foundation
import Testing

@testable import CanopyParsers
@testable import CanopyPipeline

/// What `canopy run` and `ingest` show while they read: a bar on a terminal, lines in a log, nothing when quiet.
@Suite struct ProgressTests {
    /// Collects what a `Progress` writes.
    final class Capture: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ more: String) { lock.withLock { text += more } }
        var written: String { lock.withLock { text } }
        /// The bar's frames, each redraw starting with a carriage return.
        var frames: [String] { written.split(separator: "\r").map(String.init) }
    }

    @Test func theBarFillsByBytesWithinALargeFileAndCountsEachByteOnce() throws {
        let capture = Capture()
        let progress = Progress(mode: .bar, output: capture.append, redrawInterval: 3_600)
        progress.start(files: 2, bytes: 20_000_000)
        progress.reading("big.xml", bytes: 5_000_000)
        // Within the redraw interval of the last frame: no new frame.
        progress.reading("big.xml", bytes: 1_000_000)
        #expect(capture.frames.count == 1)
        let first = try #require(capture.frames.first)
        #expect(
            first.hasPrefix(
                String(repeating: "█", count: 6) + String(repeating: "░", count: 18) + " 0/2 files  5.0 of 20.0 MB"),
            "\(first)")
        // The file ends: only what was not heard of yet is added (10 MB in all, not 16).
        progress.parsed("big.xml", bytes: 10_000_000)
        #expect(capture.frames.last?.contains("1/2 files  10.0 of 20.0 MB") == true, "\(capture.written)")
        // A file read whole (JSON) counts when it is done.
        progress.parsed("tests.json", bytes: 10_000_000)
        let last = try #require(capture.frames.last)
        #expect(last.hasPrefix(String(repeating: "█", count: 24) + " 2/2 files  20.0 of 20.0 MB"), "\(last)")
        progress.finish()
        #expect(capture.written.hasSuffix("\n"))

        // A file read twice (sanitised) is heard of twice but counts once.
        let again = Capture()
        let sanitised = Progress(mode: .bar, output: again.append, redrawInterval: 0)
        sanitised.start(files: 1, bytes: 10_000_000)
        sanitised.reading("dirty.xml", bytes: 10_000_000)
        sanitised.reading("dirty.xml", bytes: 8_000_000)
        #expect(again.frames.last?.contains("10.0 of 10.0 MB") == true, "never past the total: \(again.written)")
        sanitised.parsed("dirty.xml", bytes: 10_000_000)
        #expect(again.frames.last?.contains("1/1 files  10.0 of 10.0 MB") == true, "\(again.written)")
    }

    @Test func aLogGetsOneLinePerFileAndQuietGetsNothing() {
        let lines = Capture()
        let log = Progress(mode: .lines, output: lines.append)
        log.start(files: 2, bytes: 3_000_000)
        log.reading("a.xml", bytes: 1_000_000)
        log.parsed("a.xml", bytes: 2_000_000)
        log.parsed("b.json", bytes: 1_000_000)
        log.finish()
        #expect(lines.written == "read a.xml (2.0 MB) [1/2]\nread b.json (1.0 MB) [2/2]\n")

        let silent = Capture()
        let quiet = Progress(mode: .quiet, output: silent.append)
        quiet.start(files: 1, bytes: 10)
        quiet.reading("a.xml", bytes: 10)
        quiet.parsed("a.xml", bytes: 10)
        quiet.log("note: skipped x")
        quiet.finish()
        #expect(silent.written.isEmpty)
    }

    @Test func aStreamedJUnitFileIsHeardOfPieceByPiece() throws {
        let path = NSTemporaryDirectory() + "canopy-progress-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var xml = "<testsuites><testsuite name=\"S\">"
        for index in 0..<8_000 {
            xml +=
                "<testcase classname=\"S\" name=\"test\(index)\" time=\"0.1\"><system-out>\(String(repeating: "x", count: 40))</system-out></testcase>"
        }
        xml += "</testsuite></testsuites>"
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        let pieces = Capture()
        let input = try ParserRegistry().parse(fileAt: path, onRead: { pieces.append("\($0)\n") })
        #expect(input.tests.count == 8_000)
        let sizes = pieces.written.split(separator: "\n").compactMap { Int($0) }
        #expect(sizes.count >= 3, "a file over 3 pieces of 256 KiB is heard of more than once")
        #expect(sizes.reduce(0, +) == xml.utf8.count)
    }
}
