import CanopyModel

/// Interns strings in first-seen order.
struct StringTable {
    private(set) var values: [String] = []
    private var indices: [String: Int] = [:]

    mutating func index(_ value: String) -> Int {
        if let index = indices[value] { return index }
        indices[value] = values.count
        values.append(value)
        return values.count - 1
    }
}
