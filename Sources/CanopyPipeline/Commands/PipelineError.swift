import CanopyParsers

/// Why a command could not do its work. Every case maps to exit code 2 and says what to do.
package enum PipelineError: Error, Sendable, CustomStringConvertible {
    /// One or more inputs could not be read; nothing was stored.
    case inputs([ParserError])
    /// The configuration is invalid (file, line, column and key path in the error).
    case configuration(ConfigurationError)
    /// The command line asks for something impossible.
    case usage(String)
    /// Writing an output file failed.
    case output(path: String, reason: String)
    /// The history store could not be opened or used (the message has any password redacted).
    case store(String)
    /// The Swift sources or the CODEOWNERS file could not be read (path and line in the message).
    case source(String)
    /// The run was stored, then its files could not be written (`reason`); `directory` still holds
    /// the files of the run before, none of this one.
    case outputsAfterStore(_ reason: String, runKey: String, store: String, directory: String)

    package var description: String {
        switch self {
        case .inputs(let errors):
            return errors.map(\.description).joined(separator: "\n")
        case .configuration(let error):
            return error.description
        case .usage(let message):
            return "error: \(message)"
        case .output(let path, let reason):
            return "\(path): error: cannot write: \(reason)"
        case .store(let message):
            return "error: history store: \(message)"
        case .source(let message):
            return "error: \(message)"
        case .outputsAfterStore(let reason, let runKey, let store, let directory):
            return """
                \(reason)
                error: run \(runKey) is stored in \(store), but its files were not written: \(directory) still holds the \
                previous run's files, none of this run's. Fix the problem above and run the same command again: the run \
                is already stored, so it only writes the files.
                """
        }
    }

    /// The process exit code for this error.
    package var exitCode: Int32 { 2 }
}
