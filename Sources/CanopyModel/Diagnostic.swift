/// A recoverable oddity or a fatal problem found while reading an input.
///
/// Parsers report what they could not understand as diagnostics instead of crashing or staying
/// silent; an `.error` diagnostic means the input was rejected.
package struct Diagnostic: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    package enum Severity: String, Sendable, Equatable, Hashable, Codable, Comparable {
        case note
        case warning
        case error

        private var order: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.order < rhs.order }
    }

    package var severity: Severity
    package var file: String?
    package var line: Int?
    package var column: Int?
    package var message: String

    package init(_ severity: Severity, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column: severity: message`, the form compilers and editors understand.
    package var description: String {
        var prefix = ""
        if let file {
            prefix = file
            if let line {
                prefix += ":\(line)"
                if let column { prefix += ":\(column)" }
            }
            prefix += ": "
        }
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}
