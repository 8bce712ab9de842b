extension String {
    /// At most `limit` bytes of UTF-8, cut on a Unicode scalar boundary (never inside a scalar's
    /// bytes), then a marker saying how many bytes were cut; the string itself when it fits.
    package func truncatedUTF8(to limit: Int) -> String {
        guard utf8.count > limit else { return self }
        // Back off continuation bytes to a scalar boundary, on the bytes
        // (`unicodeScalars.indices.contains` would scan the whole string on every step back).
        var end = utf8.index(startIndex, offsetBy: limit)
        while end > startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        return String(self[..<end]) + " … "
            + String.cutNote(bytes: utf8.count - utf8.distance(from: startIndex, to: end))
    }
}
