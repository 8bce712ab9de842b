/// A parsed JSON value.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var object: JSONObject? {
        if case .object(let members) = self { return members }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The string, or a number written as text (`12`), or nil.
    var string: String? {
        switch self {
        case .string(let text): text
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: nil
        }
    }

    /// A non-empty string, or nil.
    var text: String? {
        guard let text = string, !text.isEmpty else { return nil }
        return text
    }

    var number: Double? {
        switch self {
        case .number(let number): number
        case .string(let text): Double(text)
        default: nil
        }
    }

    var bool: Bool? {
        switch self {
        case .bool(let value): value
        case .number(let number): number != 0
        case .string(let text):
            ["true", "yes", "1"].contains(text.lowercased())
                ? true : ["false", "no", "0"].contains(text.lowercased()) ? false : nil
        default: nil
        }
    }
}

/// A JSON object's members in file order, looked up by a linear scan.
///
/// Objects in Canopy's inputs have a handful of keys; parallel arrays instead of a `Dictionary`
/// avoid hashing every key of a large file.
struct JSONObject: Sendable, Equatable {
    var keys: [String] = []
    var values: [JSONValue] = []

    /// The value of `key`; the last one when a key repeats (as JSONSerialization does).
    subscript(key: String) -> JSONValue? {
        var index = keys.count - 1
        while index >= 0 {
            if keys[index] == key { return values[index] }
            index -= 1
        }
        return nil
    }
}
