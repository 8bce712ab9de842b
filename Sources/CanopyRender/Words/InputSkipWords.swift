import CanopyModel

/// The words of a file left out of a command's inputs (`InputSkip`): the note on standard error,
/// and the reason inside the error of a command that found nothing to read.
package enum InputSkipWords {
    /// `note: skipped PATH: REASON`.
    package static func note(path: String, reason: InputSkip) -> String {
        "note: skipped \(path): \(Self.reason(reason))"
    }

    package static func reason(_ skip: InputSkip) -> String {
        switch skip {
        case .givenTwice(let first): "given more than once (first as \(first)); read once"
        case .ownOutput: "Canopy's own output of this command (--out), not an input"
        case .otherFormat(let format, let flag): "\(format), which \(flag) does not take"
        case .notAReport(let note): note
        case .optionalAbsent: "an optional input (--optional), not there; left out"
        }
    }
}
