import CanopyModel

/// An attachment written beside the page: an image shown as a thumbnail, any other file a link.
package struct DashboardAttachment: Sendable, Equatable, Hashable, Codable {
    package var name: String
    /// Relative to the page (`attachments/<content-hash>.png`).
    package var file: String
    /// The index of the step it was taken in, when known.
    package var step: Int?
    package var isImage: Bool
    package var isFailureAssociated: Bool

    package init(name: String, file: String, step: Int? = nil, isImage: Bool, isFailureAssociated: Bool = false) {
        self.name = name
        self.file = file
        self.step = step
        self.isImage = isImage
        self.isFailureAssociated = isFailureAssociated
    }
}
