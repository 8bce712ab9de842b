/// Finds the object keys (`"name"` followed by `:`) in a prefix of a JSON text, at any depth,
/// without parsing it: strings are skipped as a whole, so a value that happens to read
/// `"snapshot"` is not taken for a key.
enum JSONKeyScanner {
    static func keys(in bytes: [UInt8], limit: Int = 4096) -> Set<String> {
        var keys: Set<String> = []
        var index = 0
        while index < bytes.count, keys.count < limit {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end < bytes.count else { break }
            var after = end + 1
            while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
            if after < bytes.count, bytes[after] == UInt8(ascii: ":"), end - start <= 64 {
                keys.insert(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            index = end + 1
        }
        return keys
    }
}
