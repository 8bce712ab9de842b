import CanopyHistory
import CanopyModel
import CanopyParsers
import CanopyRender
import Foundation

/// A run assembled from shards (`docs/ci.md`, "One run from many jobs"): each CI leg stores what
/// it parsed (`canopy ingest --shard`), and a final step (`canopy run --expect-shards N`) reads
/// every shard back and assembles the run from all of them as `canopy run` would from all the
/// legs' files: the same inputs, the same `RunAssembler`, the same run. A value of the leg's
/// settings (`CommandContext.shards`).
package struct ShardLegs: Sendable {
    /// This leg's inputs, read as `run` reads them.
    var reader: RunReader
    var history: HistoryAccess
    /// `--shard`: this leg's name.
    var shard: String?
    /// `--expect-shards`: how many legs the run has.
    var expected: Int?
    /// The environment a test pauses a merge by (`ShardMergePause`).
    var environment: [String: String]

    var runKey: String? { reader.metadata.runKey }
    var progress: Progress { reader.progress }

    /// What `--shard` stored, and the shards of the run now present.
    package struct ShardReceipt: Sendable {
        package var runKey: String
        package var shard: String
        package var tests: Int
        package var result: StoredShard.StoreResult
        package var present: [String]
        /// The leg as stored (`ShardPayload`).
        var payload: String
    }

    /// A run assembled from its stored legs, and those legs as the merge read them (with their
    /// payloads): its store requires them unchanged (`HistoryWriter.beginStore(_:merging:)`).
    struct MergedShards: Sendable {
        var run: Run
        var legs: [StoredShard]
    }

    /// Parses the inputs (all or nothing: a leg with an unreadable input stores nothing) and
    /// stores them as the shard `--shard` names of the run `--run-key` names. A run already
    /// stored keeps nothing of the leg (`result` says so); the caller refuses it.
    package func storeShard() async throws -> ShardReceipt {
        guard let name = shard, let runKey else {
            throw PipelineError.usage("--shard needs --run-key: the key every leg of the run gives")
        }
        let (parsed, unreadable, _) = try await reader.readInputs()
        if !unreadable.isEmpty { throw PipelineError.inputs(unreadable) }
        // The leg's tests as its own run would count them.
        let tests = RunAssembler.assemble(parsed, attachments: reader.attachmentScope).tests.count
        let payload = try ShardPayload.encode(parsed)
        let shard = StoredShard(runKey: runKey, name: name, tests: tests, storedAt: reader.now, payload: payload)
        return try await history.withStore { store in
            let result = try await store.storeShard(shard)
            let present = try await store.shards(runKey: runKey, payloads: false).map(\.name)
            return ShardReceipt(
                runKey: runKey, shard: name, tests: tests, result: result, present: present, payload: payload)
        }
    }

    /// The refusal of a leg that arrived once its run was stored (merged): exit 2, naming the run.
    static func refusedLeg(_ receipt: ShardReceipt) -> PipelineError {
        refusedLeg(receipt.shard, runKey: receipt.runKey)
    }

    static func refusedLeg(_ shard: String, runKey: String) -> PipelineError {
        .usage(
            "run \(runKey) was already merged and stored before shard \(shard) arrived: shard \(shard) is not part of it "
                + "and was not kept. A run is judged once: if its merge job did not finish, run it again (it judges the "
                + "legs it merged); to judge this leg, send every leg again under a new --run-key and run the merge job "
                + "for that key")
    }

    /// The run `--run-key` names, assembled from its `--expect-shards` stored shards, after this
    /// leg's inputs are stored as `--shard` when given. Throws, judging nothing, while a shard is
    /// missing or when more are stored than expected.
    ///
    /// A run already stored was merged by an earlier merge of the same key (one killed after its
    /// commit, or the same job run again): its legs are kept until that merge wrote its files, so
    /// the run is assembled from them again and `run` renders the stored run as it would for any
    /// stored key. This leg (`--shard`) must then be the one merged. Once its merge wrote its
    /// files the legs are gone and the command is refused.
    func mergedShards() async throws -> MergedShards {
        guard let expected, let runKey else {
            throw PipelineError.usage("--expect-shards needs --run-key: the key every shard was stored with")
        }
        var ownLeg: ShardReceipt?
        if shard != nil, !reader.inputs.isEmpty { ownLeg = try await storeShard() }
        let (stored, merged) = try await history.withStore { store in
            (try await store.shards(runKey: runKey, payloads: true), try await store.run(key: runKey) != nil)
        }
        if merged {
            if stored.isEmpty { throw Self.mergeFinished(runKey) }
            if let ownLeg, stored.first(where: { $0.name == ownLeg.shard })?.payload != ownLeg.payload {
                throw Self.refusedLeg(ownLeg.shard, runKey: runKey)
            }
        }
        await ShardMergePause.afterRead(environment: environment)
        let names = ShardNames.sorted(stored.map(\.name))
        guard stored.count == expected else {
            throw ShardNames.incompleteError(runKey: runKey, present: names, expected: expected)
        }
        let ordered = stored.sorted { ShardNames.precedes($0.name, $1.name) }
        let payloads = ordered.map { $0.payload ?? "" }
        let decoded = await DedicatedThread.run("shards") { ShardPayload.decodeAll(payloads) }
        var parsed: [ParsedInput] = []
        for (shard, result) in zip(ordered, decoded) {
            do {
                parsed += try result.get()
            } catch {
                throw PipelineError.usage(
                    "shard \(shard.name) of run \(runKey) cannot be read (stored by another version of Canopy?): \(error); "
                        + "send it again with `canopy ingest --run-key \(runKey) --shard \(shard.name) …`")
            }
        }
        var run = try reader.assemble(parsed, digests: [:])
        run.metadata.shards = names
        return MergedShards(run: run, legs: stored)
    }

    /// Deletes the run's legs once its merge has written its files: they are in the run now.
    func deleteShards(of runKey: String) async {
        do { try await history.withStore { try await $0.deleteShards(runKey: runKey) } } catch {
            progress.log(ProgressWords.shardsNotDeleted(runKey: runKey, error: error))
        }
    }

    private static func mergeFinished(_ runKey: String) -> PipelineError {
        .usage(
            "run \(runKey) is already stored, merged by a merge that wrote its files and deleted the shards: a run is "
                + "judged once; `canopy report --run \(runKey)` shows it")
    }
}

/// Shard names in a reader's order (`2` before `10`), and what a missing one is called.
enum ShardNames {
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        switch (Int(lhs), Int(rhs)) {
        case (let left?, let right?): left < right
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): lhs < rhs
        }
    }

    static func sorted(_ names: [String]) -> [String] { names.sorted(by: precedes) }

    /// The error of a run whose stored shards are not the `expected` number: those present, and,
    /// when the legs are numbered 1…N, those missing by number.
    static func incompleteError(runKey: String, present: [String], expected: Int) -> PipelineError {
        let listed = present.isEmpty ? "none" : present.joined(separator: ", ")
        if present.count > expected {
            return .usage(
                "run \(runKey) has \(present.count) shards stored (\(listed)), more than --expect-shards \(expected): "
                    + "nothing judged; give the number of legs the run has")
        }
        var message = "run \(runKey) has \(present.count) of \(expected) shards (present: \(listed)"
        let numbers = present.compactMap(Int.init)
        if numbers.count == present.count, numbers.allSatisfy({ (1...expected).contains($0) }) {
            let missing = (1...expected).filter { !numbers.contains($0) }.map(String.init)
            message += "; missing: \(missing.joined(separator: ", "))"
        } else {
            message += "; \(expected - present.count) missing"
        }
        return .usage(message + "): nothing judged; run this step once every leg has run `canopy ingest --shard`")
    }
}

/// A shard as stored: the leg's parsed inputs, as JSON. Dates are kept to the bit
/// (`JSONEncoder`'s default), so a merged run equals the run of the legs' files read together.
enum ShardPayload {
    static let version = 1

    private struct Document: Codable {
        var version: Int
        var inputs: [ParsedInput]
    }

    static func encode(_ inputs: [ParsedInput]) throws -> String {
        let encoder = JSONEncoder()
        // The same leg is the same text, whichever process encodes it: a merge compares them.
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(Document(version: version, inputs: inputs)), as: UTF8.self)
    }

    /// Each payload decoded, on every core (one payload per piece of work), in order.
    static func decodeAll(_ payloads: [String]) -> [Result<[ParsedInput], any Error>] {
        let results = Results(count: payloads.count)
        DispatchQueue.concurrentPerform(iterations: payloads.count) { index in
            results.set(index, Result { try decode(payloads[index]) })
        }
        return results.values
    }

    /// The results of `decodeAll`, filled from several threads.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result<[ParsedInput], any Error>?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Result<[ParsedInput], any Error>) { lock.withLock { slots[index] = value } }

        var values: [Result<[ParsedInput], any Error>] { lock.withLock { slots.map { $0! } } }
    }

    static func decode(_ payload: String) throws -> [ParsedInput] {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let document = try decoder.decode(Document.self, from: Data(payload.utf8))
        guard document.version == version else {
            throw PipelineError.usage("shard format \(document.version), this Canopy reads \(version)")
        }
        return document.inputs
    }
}
