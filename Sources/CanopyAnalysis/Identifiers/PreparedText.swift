import CanopyModel
import Foundation

/// A text about to be matched by several patterns: its bytes, and its ASCII-lowercased bytes when
/// it is all ASCII, made once.
struct PreparedText {
    let text: String
    let utf8: [UInt8]
    /// Nil when the text holds a non-ASCII byte.
    let asciiLowercased: [UInt8]?

    init(_ text: String) {
        self.text = text
        utf8 = Array(text.utf8)
        asciiLowercased = utf8.contains { $0 >= 0x80 } ? nil : utf8.map(ByteText.lowercased)
    }
}
