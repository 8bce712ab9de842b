import CanopyModel
import Foundation

/// Reads Canopy's element-tree snapshot JSON (`docs/input-formats.md`, "Element-tree snapshots";
/// `Config/schemas/element-snapshot.schema.json`): one screen per file (`{"name", "test", "root"}`
/// or a bare root element) or a `{"screens": […]}` list. A screen without a name is named after
/// its file.
package struct ElementSnapshotParser: JSONReportParser {
    package init() {}

    var maximumFileBytes: Int? { SnapshotLimits.maximumFileBytes }

    package var format: InputFormat { .elementSnapshot }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        var decoder = SnapshotElementDecoder(path: path)
        var screens: [Screen] = []
        let fallbackName = Self.screenName(fromPath: path)
        if let list = root["screens"] {
            guard let entries = list.array else {
                throw .invalidValue(
                    path: path, jsonPath: "$.screens", message: "expected an array of screens, found \(list.typeName)")
            }
            if entries.count > SnapshotLimits.screensPerFile {
                decoder.diagnostics.append(
                    Diagnostic(
                        .warning,
                        "$.screens: \(entries.count) screens; the first \(SnapshotLimits.screensPerFile) are read (limit: \(SnapshotLimits.screensPerFile) screens per snapshot file)",
                        file: path))
            }
            for (index, entry) in entries.prefix(SnapshotLimits.screensPerFile).enumerated() {
                let name = entry["name"]?.text ?? (entries.count == 1 ? fallbackName : "\(fallbackName) #\(index + 1)")
                screens.append(
                    try screen(entry, name: name, jsonPath: "$.screens[\(index)]", path: path, decoder: &decoder))
            }
        } else if root["root"] != nil {
            screens.append(
                try screen(root, name: root["name"]?.text ?? fallbackName, jsonPath: "$", path: path, decoder: &decoder)
            )
        } else if root.object != nil {
            let element = try decoder.screenRoot(root, jsonPath: "$", screen: fallbackName)
            screens.append(Screen(name: fallbackName, source: path, kind: .elementTree, root: element))
        } else {
            throw .invalidValue(
                path: path, jsonPath: "$",
                message: "expected an object with \"root\" or \"screens\", found \(root.typeName)")
        }
        let file = InputFile(path: path, format: .elementSnapshot, bytes: bytes)
        return ParsedInput(file: file, screens: screens, diagnostics: decoder.diagnostics)
    }

    private func screen(
        _ entry: JSONValue, name: String, jsonPath: String, path: String, decoder: inout SnapshotElementDecoder
    ) throws(ParserError) -> Screen {
        guard let rootValue = entry["root"] else {
            throw .invalidValue(path: path, jsonPath: jsonPath + ".root", message: "a screen needs a \"root\" element")
        }
        let root = try decoder.screenRoot(rootValue, jsonPath: jsonPath + ".root", screen: name)
        return Screen(name: name, source: path, test: entry["test"]?.text, kind: .elementTree, root: root)
    }

    /// `Snapshots/Login-Form.json` → `Login-Form`.
    static func screenName(fromPath path: String) -> String {
        let file = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return file.isEmpty ? path : file
    }
}
