import CanopyModel
import Foundation

/// Decodes one element of Canopy's element-tree snapshot (the `XCUIElementSnapshot` shape,
/// `Config/schemas/element-snapshot.schema.json`) and its children.
struct SnapshotElementDecoder {
    /// Element nesting deeper than this is refused with an error rather than risking the stack.
    static let maximumDepth = 256

    let path: String
    var diagnostics: [Diagnostic] = []

    init(path: String) { self.path = path }

    mutating func element(_ value: JSONValue, jsonPath: String, depth: Int = 0) throws(ParserError) -> ElementSnapshot {
        guard depth < Self.maximumDepth else {
            // The path of the 256th level is kilobytes of `.children[0]`: its two ends say where.
            let shown = jsonPath.count > 120 ? jsonPath.prefix(40) + " … " + jsonPath.suffix(60) : Substring(jsonPath)
            throw .invalidValue(path: path, jsonPath: String(shown), message: "elements nested deeper than \(Self.maximumDepth) levels")
        }
        guard value.object != nil else {
            throw .invalidValue(path: path, jsonPath: jsonPath, message: "expected an element object, found \(value.typeName)")
        }
        var element = ElementSnapshot(
            identifier: value["identifier"]?.string, label: value["label"]?.string, value: value["value"]?.string,
            placeholderValue: value["placeholderValue"]?.string, elementType: elementType(value["elementType"], jsonPath: jsonPath),
            frame: Self.frame(value["frame"]), isEnabled: value["isEnabled"]?.bool ?? value["enabled"]?.bool,
            isSelected: value["isSelected"]?.bool ?? value["selected"]?.bool, hasFocus: value["hasFocus"]?.bool,
            traits: (value["traits"]?.array ?? []).compactMap(\.text))
        if let children = value["children"]?.array {
            element.children.reserveCapacity(children.count)
            for (index, child) in children.enumerated() {
                element.children.append(try self.element(child, jsonPath: "\(jsonPath).children[\(index)]", depth: depth + 1))
            }
        }
        return element
    }

    private mutating func elementType(_ value: JSONValue?, jsonPath: String) -> String {
        switch value {
        case .number(let raw)?:
            if let name = ElementTypeName.name(rawValue: Int(raw)) { return name }
        case .string(let text)?:
            if let name = ElementTypeName.name(text: text) { return name }
        case nil:
            return "other"
        default:
            break
        }
        diagnostics.append(
            Diagnostic(.warning, "\(jsonPath).elementType: unknown element type \(value.map(describe) ?? "?"); read as \"other\"", file: path))
        return "other"
    }

    private func describe(_ value: JSONValue) -> String {
        value.string.map { "\"\($0)\"" } ?? value.typeName
    }

    /// `{x, y, width, height}`, `{X, Y, Width, Height}`, `[[x, y], [w, h]]` or `[x, y, w, h]`.
    static func frame(_ value: JSONValue?) -> Frame? {
        guard let value else { return nil }
        if let pairs = value.array {
            if pairs.count == 2, let origin = pairs[0].array, let size = pairs[1].array, origin.count == 2, size.count == 2,
                let x = origin[0].number, let y = origin[1].number, let width = size[0].number, let height = size[1].number
            {
                return Frame(x: x, y: y, width: width, height: height)
            }
            if pairs.count == 4, let x = pairs[0].number, let y = pairs[1].number, let width = pairs[2].number, let height = pairs[3].number {
                return Frame(x: x, y: y, width: width, height: height)
            }
            return nil
        }
        func number(_ keys: String...) -> Double? {
            for key in keys { if let number = value[key]?.number { return number } }
            return nil
        }
        guard let x = number("x", "X"), let y = number("y", "Y"), let width = number("width", "Width", "w"),
            let height = number("height", "Height", "h")
        else { return nil }
        return Frame(x: x, y: y, width: width, height: height)
    }
}
