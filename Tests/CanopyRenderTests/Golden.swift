import Foundation
import Testing

/// Golden files in `Tests/CanopyRenderTests/Golden/`; `RECORD=1 swift test` rewrites them.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD"] == "1" }

    /// Compares `actual` with the golden file `name` (or records it), reporting the first differing line.
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "missing golden file \(name); run `RECORD=1 swift test --filter CanopyRenderTests` to create it",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let index =
            zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let want = index < expectedLines.count ? String(expectedLines[index].prefix(300)) : "<end of file>"
        let got = index < actualLines.count ? String(actualLines[index].prefix(300)) : "<end of file>"
        Issue.record(
            "\(name) differs at line \(index + 1) (re-record with RECORD=1 if intended):\n  expected: \(want)\n  actual:   \(got)",
            sourceLocation: sourceLocation)
    }
}
