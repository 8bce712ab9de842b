import CanopyModel
import Foundation

/// Decodes one element of Canopy's element-tree snapshot (the `XCUIElementSnapshot` shape,
/// `Config/schemas/element-snapshot.schema.json`) and its children.
struct SnapshotElementDecoder {
    /// Element nesting deeper than this is refused with an error rather than risking the stack.
    static let maximumDepth = 256

    let path: String
    var diagnostics: [Diagnostic] = []
    /// Elements kept in the current screen and in the file (`SnapshotLimits`).
    private var screenElements = 0
    private var fileElements = 0
    /// Elements left out of the current screen for a limit.
    private var skipped = 0

    init(path: String) { self.path = path }

    /// Decodes a screen's root element within `SnapshotLimits`: past a limit the remaining elements
    /// are left out, with one warning for the screen.
    mutating func screenRoot(_ value: JSONValue, jsonPath: String, screen: String) throws(ParserError)
        -> ElementSnapshot
    {
        screenElements = 0
        skipped = 0
        let root = try element(value, jsonPath: jsonPath)
        if skipped > 0 {
            let limit =
                fileElements >= SnapshotLimits.elementsPerFile
                ? "\(SnapshotLimits.elementsPerFile) elements per snapshot file"
                : "\(SnapshotLimits.elementsPerScreen) elements per screen"
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "\(jsonPath): screen \"\(screen)\" keeps its first \(screenElements) elements and leaves out \(skipped) (limit: \(limit))",
                    file: path))
        }
        return root
    }

    mutating func element(_ value: JSONValue, jsonPath: String, depth: Int = 0) throws(ParserError) -> ElementSnapshot {
        guard depth < Self.maximumDepth else {
            // The path of the 256th level is kilobytes of `.children[0]`: its two ends say where.
            let shown = jsonPath.count > 120 ? jsonPath.prefix(40) + " … " + jsonPath.suffix(60) : Substring(jsonPath)
            throw .invalidValue(
                path: path, jsonPath: String(shown), message: "elements nested deeper than \(Self.maximumDepth) levels")
        }
        guard value.object != nil else {
            throw .invalidValue(
                path: path, jsonPath: jsonPath, message: "expected an element object, found \(value.typeName)")
        }
        var element = ElementSnapshot(
            identifier: value["identifier"]?.string, label: value["label"]?.string, value: value["value"]?.string,
            placeholderValue: value["placeholderValue"]?.string,
            elementType: elementType(value["elementType"], jsonPath: jsonPath),
            frame: Self.frame(value["frame"]), isEnabled: value["isEnabled"]?.bool ?? value["enabled"]?.bool,
            isSelected: value["isSelected"]?.bool ?? value["selected"]?.bool, hasFocus: value["hasFocus"]?.bool,
            traits: (value["traits"]?.array ?? []).compactMap(\.text))
        screenElements += 1
        fileElements += 1
        if let children = value["children"]?.array {
            element.children.reserveCapacity(min(children.count, SnapshotLimits.elementsPerScreen))
            for (index, child) in children.enumerated() {
                guard screenElements < SnapshotLimits.elementsPerScreen, fileElements < SnapshotLimits.elementsPerFile
                else {
                    skipped += Self.count(children[index...])
                    break
                }
                element.children.append(
                    try self.element(child, jsonPath: "\(jsonPath).children[\(index)]", depth: depth + 1))
            }
        }
        return element
    }

    /// How many elements `values` hold, with their descendants (bounded by the JSON's own nesting limit).
    private static func count(_ values: ArraySlice<JSONValue>) -> Int {
        values.reduce(0) { $0 + 1 + count(($1["children"]?.array ?? [])[...]) }
    }

    private mutating func elementType(_ value: JSONValue?, jsonPath: String) -> String {
        switch value {
        case .number(let raw)?:
            if let name = InputRange.count(raw).flatMap(ElementTypeCaseName.name(rawValue:)) { return name }
        case .string(let text)?:
            if let name = ElementTypeCaseName.name(text: text) { return name }
        case nil:
            return "other"
        default:
            break
        }
        diagnostics.append(
            Diagnostic(
                .warning,
                "\(jsonPath).elementType: unknown element type \(value.map(describe) ?? "?"); read as \"other\"",
                file: path))
        return "other"
    }

    private func describe(_ value: JSONValue) -> String {
        value.string.map { "\"\($0)\"" } ?? value.typeName
    }

    /// `{x, y, width, height}`, `{X, Y, Width, Height}`, `[[x, y], [w, h]]` or `[x, y, w, h]`;
    /// nil when a number lies outside `InputRange.coordinate` (the element's frame is unknown).
    static func frame(_ value: JSONValue?) -> Frame? {
        guard let frame = readFrame(value),
            [frame.x, frame.y, frame.width, frame.height].allSatisfy({ InputRange.coordinate($0) != nil })
        else { return nil }
        return frame
    }

    private static func readFrame(_ value: JSONValue?) -> Frame? {
        guard let value else { return nil }
        if let pairs = value.array {
            if pairs.count == 2, let origin = pairs[0].array, let size = pairs[1].array, origin.count == 2,
                size.count == 2,
                let x = origin[0].number, let y = origin[1].number, let width = size[0].number,
                let height = size[1].number
            {
                return Frame(x: x, y: y, width: width, height: height)
            }
            if pairs.count == 4, let x = pairs[0].number, let y = pairs[1].number, let width = pairs[2].number,
                let height = pairs[3].number
            {
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
