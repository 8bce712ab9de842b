import CanopySource
import Foundation

extension CommandContext {
    /// The directory `--source` names, or the checkout when it holds an Xcode project; nil when
    /// no sources are read.
    var sourceDirectory: String? {
        options.source.directory(
            checkout: SourcePathResolver.checkout(ci, home: options.environment["HOME"]))
    }

    /// The source index and CODEOWNERS of `directory` (by default `sourceDirectory`), read on a
    /// thread of its own; nil when no sources are read.
    ///
    /// - Throws: `PipelineError.source` for an unreadable directory or file or a bad CODEOWNERS line.
    func sourceCatalog(directory: String? = nil) async throws -> SourceCatalog? {
        guard let directory = directory ?? sourceDirectory else { return nil }
        do {
            return try await DedicatedThread.run("source") { try SourceCatalog.load(directory: directory) }
        } catch let error as SourceError {
            throw PipelineError.source(error.description)
        }
    }
}
