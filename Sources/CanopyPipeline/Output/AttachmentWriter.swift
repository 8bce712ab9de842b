import CanopyConfig
import CanopyModel
import CanopyParsers
import Crypto
import Foundation

/// Writes the attachments of a run's attempts beside the page (the parsers gave them to the
/// attempts `AttachmentScope` keeps), as `site/attachments/<content-hash>.<ext>`: one file per
/// distinct content, whichever attempts attached it. Failing attempts' are written first.
///
/// Per attempt, at most `perAttempt` are kept: those of the failure first, then the last ones
/// taken. A payload larger than `maximumFileBytes` is left out (decompression stops there), and
/// once `maximumRunBytes` are written the rest are left out; each left-out attachment keeps no
/// `file`, and the notes say how many. Payloads are decompressed one at a time.
struct AttachmentWriter {
    let limits: AttachmentConfiguration
    /// The page's directory (`<out>/site`).
    let siteDirectory: String

    /// What was written and left out.
    struct Result: Equatable {
        var written = 0
        var bytes = 0
        var deduplicated = 0
        var tooLarge = 0
        var overRunCap = 0
        var overAttemptCap = 0
        /// Plain files (JUnit's `[[ATTACHMENT|path]]`) that are not there.
        var missing = 0
        /// Payloads that could not be read (corrupt or cut short), with the first one's reason.
        var damaged = 0
        var firstDamage: String?

        /// What was left out, one note per reason (`AttachmentNote`).
        var notes: [AttachmentNote] {
            var notes: [AttachmentNote] = []
            if tooLarge > 0 { notes.append(.tooLarge(tooLarge)) }
            if overRunCap > 0 { notes.append(.overRunCap(overRunCap)) }
            if missing > 0 { notes.append(.missing(missing)) }
            if damaged > 0 { notes.append(.damaged(damaged, firstReason: firstDamage)) }
            if overAttemptCap > 0 { notes.append(.overAttemptCap(overAttemptCap)) }
            return notes
        }
    }

    /// Writes the kept attachments through `output` (bytes, path under `siteDirectory`; by default
    /// straight to disk, in `canopy run` into its `OutputStage`) and sets their `file`; drops the
    /// others from the attempts.
    /// A payload that is damaged (corrupt or cut short) is left out with a note: attachments are
    /// evidence, not the result, so they never refuse the run.
    /// - Throws: `PipelineError.output` when the directory cannot be written.
    func write(
        _ run: inout Run,
        output: (_ bytes: [UInt8], _ path: String) throws -> Void = { try ArtifactWriter.write($0, to: $1) }
    ) throws -> Result {
        var result = Result()
        var written: [String: String] = [:]
        let directory = siteDirectory + "/attachments"
        for (testIndex, attemptIndex) in Self.attaching(run) {
            guard let attachments = run.tests[testIndex].attempts[attemptIndex].attachments else { continue }
            let chosen = Self.choose(attachments, limit: limits.perAttempt)
            result.overAttemptCap += attachments.count - chosen.count
            var kept: [AttemptAttachment] = []
            for var attachment in chosen {
                guard result.bytes < limits.maximumRunBytes else {
                    result.overRunCap += 1
                    continue
                }
                if attachment.payloadId == nil, !FileManager.default.fileExists(atPath: attachment.sourcePath) {
                    result.missing += 1
                    continue
                }
                // A bundle's payload gone since it was read is missing, as a plain file is.
                if let id = attachment.payloadId,
                    XCResultPayloadStore(bundle: attachment.sourcePath).problem(for: id) != nil
                {
                    result.missing += 1
                    continue
                }
                let room = limits.maximumRunBytes - result.bytes
                let found: [UInt8]?
                do {
                    found = try payload(attachment, limit: min(limits.maximumFileBytes, room))
                } catch {
                    result.damaged += 1
                    if result.firstDamage == nil { result.firstDamage = "\(error)" }
                    continue
                }
                guard let bytes = found else {
                    if room < limits.maximumFileBytes { result.overRunCap += 1 } else { result.tooLarge += 1 }
                    continue
                }
                let hash = SHA256.hash(data: bytes).prefix(16).map { String(format: "%02x", $0) }.joined()
                let name = "\(hash).\(attachment.fileExtension)"
                if written[name] == nil {
                    try output(bytes, directory + "/" + name)
                    written[name] = name
                    result.written += 1
                    result.bytes += bytes.count
                } else {
                    result.deduplicated += 1
                }
                attachment.file = "attachments/" + name
                kept.append(attachment)
            }
            run.tests[testIndex].attempts[attemptIndex].attachments = kept.isEmpty ? nil : kept
        }
        return result
    }

    /// The attempts with attachments, as (test, attempt) indexes: the failing ones first, so that a
    /// run's cap is spent on failures before passing attempts (`--attachments all`); each group in
    /// the run's order.
    static func attaching(_ run: Run) -> [(test: Int, attempt: Int)] {
        var failing: [(test: Int, attempt: Int)] = []
        var others: [(test: Int, attempt: Int)] = []
        for testIndex in run.tests.indices
        where run.tests[testIndex].attempts.contains(where: { $0.attachments != nil }) {
            for (attemptIndex, attempt) in run.tests[testIndex].attempts.enumerated() where attempt.attachments != nil {
                if attempt.outcome.isFailure {
                    failing.append((testIndex, attemptIndex))
                } else {
                    others.append((testIndex, attemptIndex))
                }
            }
        }
        return failing + others
    }

    /// The ones to keep, in the order taken: the failure's first, then the last ones taken.
    static func choose(_ attachments: [AttemptAttachment], limit: Int) -> [AttemptAttachment] {
        guard attachments.count > limit else { return attachments }
        let ranked = attachments.indices.sorted { a, b in
            if attachments[a].isFailureAssociated != attachments[b].isFailureAssociated {
                return attachments[a].isFailureAssociated
            }
            return a > b
        }
        return ranked.prefix(limit).sorted().map { attachments[$0] }
    }

    /// The bytes of a bundle's payload or of a plain file, or nil when larger than `limit`.
    private func payload(_ attachment: AttemptAttachment, limit: Int) throws(ParserError) -> [UInt8]? {
        if let id = attachment.payloadId {
            return try XCResultPayloadStore(bundle: attachment.sourcePath).payload(id, limit: limit)
        }
        guard let handle = FileHandle(forReadingAtPath: attachment.sourcePath) else {
            throw .unreadable(path: attachment.sourcePath, reason: "the attachment cannot be opened")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            return data.count > limit ? nil : [UInt8](data)
        } catch {
            throw .unreadable(path: attachment.sourcePath, reason: "the attachment cannot be read")
        }
    }
}
