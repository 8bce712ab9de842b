/// An invalid configuration: the file (with line and column when known), the key path and what to
/// do. The pipeline reports it as `PipelineError.configuration`, exit code 2.
package struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as `path:line:column` when the position is known.
    package var file: String
    /// Where in the configuration: `gates.minimumCoverage`, `categories[2].pattern`, `(syntax)`.
    package var keyPath: String
    package var message: String

    package init(file: String, keyPath: String, message: String) {
        self.file = file
        self.keyPath = keyPath
        self.message = message
    }

    /// `file:line:column: error: at KEY: message`; an error of the file as a whole (`(file)`,
    /// `(syntax)`) names no key.
    package var description: String {
        keyPath.hasPrefix("(") ? "\(file): error: \(message)" : "\(file): error: at \(keyPath): \(message)"
    }
}
