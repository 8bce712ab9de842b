import Foundation

/// Standard output and error, written with `write(2)`: when the reader has gone (`canopy inspect …
/// | head -1`), the rest is dropped and the command ends with its own exit code. (With SIGPIPE
/// ignored, `FileHandle.write` stops the process at the first failed write instead.)
package enum StandardStream {
    package static func output(_ text: String) { write(text, to: STDOUT_FILENO) }
    package static func error(_ text: String) { write(text, to: STDERR_FILENO) }

    /// Call once at start: a closed pipe is then a failed write, not a signal that kills the
    /// process with status 141.
    package static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Platform.write(descriptor, base + offset, count: bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
