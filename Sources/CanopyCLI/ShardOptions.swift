import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// A run assembled from shards: each CI leg stores its part (`--shard`), a final step merges them
/// (`run --expect-shards`). Both need the run's key (`--run-key`), the same in every leg.
struct ShardOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Store the inputs as a shard of the --run-key run.",
            valueName: "name"))
    var shard: String?

    func validate() throws {
        guard let shard else { return }
        if shard.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--shard is empty") }
        if shard.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--shard holds a line break or another control character")
        }
    }

    /// Checks that a shard names its run, and puts the shard in `options`.
    func apply(to options: inout RunOptions) throws {
        guard let shard else { return }
        if options.metadata.runKey == nil {
            throw ValidationError(
                "--shard needs --run-key: the key every leg of the run gives (e.g. \"$GITHUB_RUN_ID-$GITHUB_RUN_ATTEMPT\")"
            )
        }
        options.shard = shard.trimmingCharacters(in: .whitespaces)
    }
}
