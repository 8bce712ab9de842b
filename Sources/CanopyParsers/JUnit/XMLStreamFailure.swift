import CanopyModel
import Foundation

/// Why a stream could not be read to its end.
struct XMLStreamFailure: Error, Equatable {
    enum Kind: Equatable {
        /// Not well-formed XML, or truncated.
        case malformed
        /// Characters outside XML 1.0 or invalid UTF-8: the caller may retry with sanitising on.
        case invalidCharacters
        /// A DTD entity declaration: refused for safety.
        case entityDeclaration
        /// The file could not be read.
        case io
        /// The handler asked to stop.
        case stopped
        /// The handler stopped at one of Canopy's input limits; `message` says which.
        case overLimit
    }

    var kind: Kind
    var message: String
    var line: Int?
    var column: Int?
}
