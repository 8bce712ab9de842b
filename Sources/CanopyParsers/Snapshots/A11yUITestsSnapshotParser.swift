import CanopyModel
import Foundation

/// Reads an A11yUITests snapshot (`{"version", "generated", "filename", "snapshot": […]}`,
/// `docs/input-formats.md`, "A11yUITests snapshots") into a label-only screen: a root `other` element whose children are the
/// snapshot's items, with display-name types mapped to `XCUIElement.ElementType` names and
/// traits kept. These snapshots carry no identifiers, which a note says.
package struct A11yUITestsSnapshotParser: JSONReportParser {
    package init() {}

    var maximumFileBytes: Int? { SnapshotLimits.maximumFileBytes }

    package var format: InputFormat { .a11yUITestsSnapshot }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        guard let items = root["snapshot"]?.array else {
            throw .invalidValue(path: path, jsonPath: "$.snapshot", message: "expected an array of snapshot items")
        }
        var diagnostics: [Diagnostic] = []
        var children: [ElementSnapshot] = []
        // The screen's root is one element of the screen's limit.
        let kept = min(items.count, SnapshotLimits.elementsPerScreen - 1)
        if kept < items.count {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "$.snapshot: \(items.count) items; the first \(kept) are read (limit: \(SnapshotLimits.elementsPerScreen) elements per screen)",
                    file: path))
        }
        children.reserveCapacity(kept)
        for (index, item) in items.prefix(kept).enumerated() {
            guard item.object != nil else {
                diagnostics.append(
                    Diagnostic(
                        .warning, "$.snapshot[\(index)]: expected an object, found \(item.typeName); skipped",
                        file: path))
                continue
            }
            let typeText = item["type"]?.text
            let type = typeText.flatMap(ElementTypeCaseName.name(text:)) ?? "other"
            if let typeText, ElementTypeCaseName.name(text: typeText) == nil {
                diagnostics.append(
                    Diagnostic(
                        .warning, "$.snapshot[\(index)].type: unknown type \"\(typeText)\"; read as \"other\"",
                        file: path))
            }
            let traits = (item["traits"]?.array ?? []).compactMap(\.text)
            children.append(
                ElementSnapshot(
                    label: item["label"]?.text, value: item["value"]?.text, placeholderValue: item["placeholder"]?.text,
                    elementType: type, frame: SnapshotElementDecoder.frame(item["frame"]),
                    isEnabled: item["enabled"]?.bool ?? (traits.contains("Not Enabled") ? false : nil),
                    isSelected: traits.contains("Selected") ? true : nil, traits: traits))
        }
        let name =
            (root["filename"]?.text).map { ElementSnapshotParser.screenName(fromPath: $0) }
            ?? ElementSnapshotParser.screenName(fromPath: path)
        let screen = Screen(
            name: name, source: path, kind: .labelOnly, root: ElementSnapshot(elementType: "other", children: children))
        diagnostics.append(
            Diagnostic(
                .note,
                "A11yUITests snapshots carry no accessibility identifiers: only label coverage can be measured from \(name)",
                file: path))
        var version = "a11yuitests"
        if let text = root["version"]?.text { version += "-" + text }
        let file = InputFile(path: path, format: .a11yUITestsSnapshot, producer: version, bytes: bytes)
        return ParsedInput(file: file, screens: [screen], diagnostics: diagnostics)
    }
}
