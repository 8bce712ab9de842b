import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation

/// `canopy ingest`: parse and store a run. Idempotent: the same run twice is one run.
package struct IngestCommand {
    package let context: CommandContext

    package init(options: RunOptions) throws {
        context = try CommandContext(options: options)
    }

    /// Returns the run key and whether it was new.
    package func run() async throws -> (runKey: String, inserted: Bool, tests: Int) {
        let context = context
        let prepared = try await context.reader.prepare()
        let result = try await context.history.withStore { store in
            let result = try await store.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows)
            if result == .alreadyStored {
                try await prepared.requireStored(in: store, storeLocation: context.storeLocation)
            }
            if let line = PruneCommand.line(for: await context.retention.apply(in: store)) {
                context.progress.log(line)
            }
            return result
        }
        return (prepared.run.metadata.runKey ?? "", result == .inserted, prepared.run.tests.count)
    }

    /// `ingest --shard`: stores the inputs as a shard of the run (`CommandContext.storeShard`);
    /// returns what to print. A leg of a run already merged is refused (exit 2).
    package func storeShard() async throws -> [String] {
        let receipt = try await context.shards.storeShard()
        let present = "\(receipt.present.count) shard(s) of the run stored: \(receipt.present.joined(separator: ", "))"
        switch receipt.result {
        case .stored:
            return ["stored shard \(receipt.shard) of run \(receipt.runKey) (\(receipt.tests) tests); \(present)"]
        case .replaced:
            return [
                "stored shard \(receipt.shard) of run \(receipt.runKey) (\(receipt.tests) tests), replacing the one sent before; \(present)"
            ]
        case .runAlreadyStored:
            throw ShardLegs.refusedLeg(receipt)
        }
    }
}
