extension AttachmentNote {
    /// The note `run` prints on standard error.
    var text: String {
        switch self {
        case .tooLarge(let count):
            return "note: \(count) attachment(s) larger than attachments.maximumFileBytes left out"
        case .overRunCap(let count):
            return "note: \(count) attachment(s) past attachments.maximumRunBytes left out"
        case .missing(let count):
            return "note: \(count) attachment file(s) named by the reports are missing; left out"
        case .damaged(let count, let reason):
            return "note: \(count) attachment(s) could not be read and are left out; the tests are read as they "
                + "are (\(reason ?? "damaged"))"
        case .overAttemptCap(let count):
            return "note: \(count) attachment(s) past attachments.perAttempt left out"
        }
    }
}
