import CanopyAnalysis
import CanopyModel

/// The attachments written beside the page (`attachments:` in canopy.yml): screenshots and other
/// files of failing attempts (or of every attempt), read from `.xcresult` bundles and their exports.
package struct AttachmentConfiguration: Sendable, Equatable {
    /// Whose attachments are kept: failing attempts' (the default), every attempt's, or none.
    package var scope = AttachmentScope.failing
    /// Bytes of one attachment at most; a larger one is left out (with a note).
    package var maximumFileBytes = 5 * 1024 * 1024
    /// Bytes of all attachments of a run at most; what comes after is left out (with a note).
    package var maximumRunBytes = 200 * 1024 * 1024
    /// Attachments per attempt at most: those of the failure first, then the last ones taken.
    package var perAttempt = 5

    package init() {}
}
