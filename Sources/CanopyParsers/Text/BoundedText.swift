import CanopyModel

/// Collects text up to a byte budget, keeping the head and the tail and counting what was cut in
/// the middle, so a gigabyte of captured output never sits in memory but the end of a crash log
/// (usually the interesting part) survives.
struct BoundedText {
    private let headLimit: Int
    private let tailLimit: Int
    private var head: [UInt8] = []
    /// A ring of the most recent bytes once the head is full.
    private var tail: [UInt8] = []
    private var tailNext = 0
    private(set) var totalBytes = 0

    init(limit: Int) {
        headLimit = max(0, limit - limit / 4)
        tailLimit = max(0, limit / 4)
    }

    var isEmpty: Bool { totalBytes == 0 }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        totalBytes += bytes.count
        var rest = bytes[...]
        if head.count < headLimit {
            let take = min(headLimit - head.count, rest.count)
            head.append(contentsOf: rest.prefix(take))
            rest = rest.dropFirst(take)
        }
        guard !rest.isEmpty, tailLimit > 0 else { return }
        if rest.count >= tailLimit {
            tail = Array(rest.suffix(tailLimit))
            tailNext = 0
            return
        }
        for byte in rest {
            if tail.count < tailLimit {
                tail.append(byte)
            } else {
                tail[tailNext] = byte
                tailNext = (tailNext + 1) % tailLimit
            }
        }
    }

    mutating func append(_ text: String) {
        var copy = text
        copy.withUTF8 { append($0) }
    }

    /// The kept text with a marker where bytes were cut; nil when nothing was appended.
    func string(trimmingWhitespace: Bool = true) -> String? {
        guard totalBytes > 0 else { return nil }
        var text = String(decoding: head, as: UTF8.self)
        let kept = head.count + tail.count
        if kept < totalBytes {
            text += "\n… " + String.cutNote(bytes: totalBytes - kept) + " …\n"
        }
        if !tail.isEmpty {
            let ordered = tail.count < tailLimit ? tail : Array(tail[tailNext...] + tail[..<tailNext])
            text += String(decoding: ordered, as: UTF8.self)
        }
        if trimmingWhitespace {
            let trimmed = text.trimmingASCIIWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        }
        return text
    }

    mutating func reset() {
        head.removeAll(keepingCapacity: true)
        tail.removeAll(keepingCapacity: true)
        tailNext = 0
        totalBytes = 0
    }
}
