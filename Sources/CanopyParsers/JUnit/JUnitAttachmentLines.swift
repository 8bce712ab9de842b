import CanopyModel
import Foundation

/// The Jenkins convention for attachments in JUnit XML (`docs/input-formats.md`, "JUnit XML"): a line
/// `[[ATTACHMENT|/path/to/file.png]]` in a testcase's `system-out` or `system-err`.
///
/// The files of failing attempts become their attachments, written beside the page like a
/// bundle's; a relative path is taken from the report's directory. The parser keeps no output of
/// a passing testcase, so `AttachmentScope.all` finds no more here than `failing` does.
enum JUnitAttachmentLines {
    static let marker = "[[ATTACHMENT|"

    /// Adds the attachments named in the output of the attempts `scope` keeps.
    static func attach(to tests: inout [TestCase], reportPath: String, scope: AttachmentScope = .failing) {
        guard scope != .none else { return }
        let directory = (reportPath as NSString).deletingLastPathComponent
        for testIndex in tests.indices where tests[testIndex].attempts.contains(where: { scope.keeps($0.outcome) }) {
            for attemptIndex in tests[testIndex].attempts.indices
            where scope.keeps(tests[testIndex].attempts[attemptIndex].outcome) {
                let attempt = tests[testIndex].attempts[attemptIndex]
                var found: [AttemptAttachment] = []
                for text in [attempt.output, attempt.errorOutput].compactMap({ $0 }) where mentionsAttachment(text) {
                    for path in paths(in: text) {
                        let resolved = path.hasPrefix("/") || directory.isEmpty ? path : directory + "/" + path
                        found.append(
                            AttemptAttachment(
                                name: (path as NSString).lastPathComponent, sourcePath: resolved,
                                isFailureAssociated: attempt.outcome.isFailure))
                    }
                }
                if !found.isEmpty { tests[testIndex].attempts[attemptIndex].attachments = found }
            }
        }
    }

    /// Whether `text` holds the marker: a `memchr` hop from `[` to `[`, since it runs over the
    /// kept output of every failing attempt, and a large report fails thousands of tests.
    static func mentionsAttachment(_ text: String) -> Bool {
        var text = text
        let pattern = Array(marker.utf8)
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count >= pattern.count else { return false }
            var start = 0
            while start <= bytes.count - pattern.count {
                guard let hit = memchr(base + start, Int32(pattern[0]), bytes.count - start) else { return false }
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard index <= bytes.count - pattern.count else { return false }
                if UnsafeBufferPointer(rebasing: bytes[index..<(index + pattern.count)]).elementsEqual(pattern) {
                    return true
                }
                start = index + 1
            }
            return false
        }
    }

    /// The paths of the `[[ATTACHMENT|path]]` lines of `text`, in order.
    static func paths(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(marker), trimmed.hasSuffix("]]") else { return nil }
            let path = String(trimmed.dropFirst(marker.count).dropLast(2))
            return path.isEmpty || path.contains("\0") ? nil : path
        }
    }
}
