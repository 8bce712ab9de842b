/// Why a file a command found was left out rather than read (`InputReader`); worded by
/// `InputSkipWords` in CanopyRender.
package enum InputSkip: Sendable, Equatable {
    /// The file was given more than once; it is read where it was first given (`firstAs`).
    case givenTwice(firstAs: String)
    /// Canopy's own output of this command (`--out`), found in a directory being read.
    case ownOutput
    /// A report of a format (`format`, its display name) the flag that found it does not take.
    case otherFormat(String, flag: String)
    /// Another kind of document, as its parser says (`ParserError.skipNote`).
    case notAReport(String)
    /// An optional input (`--optional`) that is not there.
    case optionalAbsent
}
