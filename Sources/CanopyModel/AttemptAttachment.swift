/// A file a test attached to an attempt: a screenshot, a UI hierarchy, a log.
package struct AttemptAttachment: Sendable, Equatable, Hashable, Codable {
    package var name: String
    /// The uniform type identifier the producer gives (`public.png`, `public.plain-text`).
    package var contentType: String?
    /// Where the bytes are: the `.xcresult` bundle holding the payload, or the file itself.
    package var sourcePath: String
    /// The bundle's payload id (`xcResultKitPayloadRefId`) when the bytes are in a bundle's `Data/`.
    package var payloadId: String?
    /// Whether the attachment belongs to the attempt's failure.
    package var isFailureAssociated: Bool
    /// The index in the attempt's `steps` of the step it was taken in, when known.
    package var step: Int?
    /// Seconds since 1970, when the producer says.
    package var timestamp: Double?
    /// The copy written beside the page, relative to it (`attachments/<content-hash>.png`); nil
    /// until written, or when a cap left it out.
    package var file: String?

    package init(
        name: String, contentType: String? = nil, sourcePath: String, payloadId: String? = nil,
        isFailureAssociated: Bool = false,
        step: Int? = nil, timestamp: Double? = nil, file: String? = nil
    ) {
        self.name = name
        self.contentType = contentType
        self.sourcePath = sourcePath
        self.payloadId = payloadId
        self.isFailureAssociated = isFailureAssociated
        self.step = step
        self.timestamp = timestamp
        self.file = file
    }

    /// Whether it is an image a browser shows (PNG, JPEG, GIF, HEIC is not).
    package var isImage: Bool {
        ["png", "jpg", "gif", "webp"].contains(fileExtension)
    }

    /// The extension its copy is written with, from its type, else its name, else `bin`.
    package var fileExtension: String {
        switch contentType?.lowercased() {
        case "public.png"?: return "png"
        case "public.jpeg"?: return "jpg"
        case "public.heic"?: return "heic"
        case "com.compuserve.gif"?: return "gif"
        case "public.plain-text"?, "public.utf8-plain-text"?: return "txt"
        case "public.json"?: return "json"
        default: break
        }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let ext = name[name.index(after: dot)...].lowercased()
            if (1...8).contains(ext.count), ext.allSatisfy({ $0.isLetter || $0.isNumber }) {
                return ext == "jpeg" ? "jpg" : ext
            }
        }
        return "bin"
    }
}
