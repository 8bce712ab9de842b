/// Attachments the writer left out, and why (`AttachmentWriter.Result.notes`): the command says
/// it in words (`AttachmentNote.text`).
enum AttachmentNote: Sendable, Equatable {
    /// Larger than `attachments.maximumFileBytes`.
    case tooLarge(Int)
    /// Past `attachments.maximumRunBytes`.
    case overRunCap(Int)
    /// Plain files the reports name that are not there.
    case missing(Int)
    /// Payloads that could not be read, with the first one's reason.
    case damaged(Int, firstReason: String?)
    /// Past `attachments.perAttempt`.
    case overAttemptCap(Int)
}
