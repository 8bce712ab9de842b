/// Substring tests over UTF-8 bytes, run on every failure message: Foundation's `range(of:)`
/// folds character clusters, which an exact match of bytes does not need.
enum ByteSearch {
    static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        var needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { pattern in
                guard let first = pattern.first else { return true }
                guard pattern.count <= haystack.count else { return false }
                var index = 0
                let last = haystack.count - pattern.count
                while index <= last {
                    if haystack[index] == first {
                        var offset = 1
                        while offset < pattern.count, haystack[index + offset] == pattern[offset] { offset += 1 }
                        if offset == pattern.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }
}
