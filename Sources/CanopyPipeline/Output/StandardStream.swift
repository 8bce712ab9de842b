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

/// Where one command invocation writes: its standard output and error, whether the error stream
/// is a terminal (`Progress` draws a bar only then) and the width help and usage text wrap at.
/// `canopy` runs with `standard`; a command run inside another process (the CLI tests) is given
/// sinks of its own, so that concurrent commands never share a stream. Sinks may be called from
/// any thread.
package struct Console: Sendable {
    package let output: @Sendable (String) -> Void
    package let error: @Sendable (String) -> Void
    package let errorIsTerminal: Bool
    /// Columns of help and usage text; nil: the terminal's (or `COLUMNS`), as ArgumentParser finds it.
    package let columns: Int?

    package init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        errorIsTerminal: Bool = false, columns: Int? = nil
    ) {
        self.output = output
        self.error = error
        self.errorIsTerminal = errorIsTerminal
        self.columns = columns
    }

    /// The process's own standard output and error (file descriptors 1 and 2).
    package static var standard: Console {
        Console(
            output: StandardStream.output, error: StandardStream.error, errorIsTerminal: isatty(STDERR_FILENO) == 1)
    }
}
