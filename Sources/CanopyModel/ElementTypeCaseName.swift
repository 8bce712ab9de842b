import Foundation

/// Maps the ways producers and configurations name an element type onto `XCUIElement.ElementType`
/// case names.
package enum ElementTypeCaseName {
    /// `XCUIElement.ElementType` case names indexed by raw value (0…82).
    package static let byRawValue: [String] = [
        "any", "other", "application", "group", "window", "sheet", "drawer", "alert", "dialog", "button",
        "radioButton", "radioGroup", "checkBox", "disclosureTriangle", "popUpButton", "comboBox", "menuButton",
        "toolbarButton", "popover", "keyboard", "key", "navigationBar", "tabBar", "tabGroup", "toolbar", "statusBar",
        "table", "tableRow", "tableColumn", "outline", "outlineRow", "browser", "collectionView", "slider",
        "pageIndicator", "progressIndicator", "activityIndicator", "segmentedControl", "picker", "pickerWheel",
        "switch", "toggle", "link", "image", "icon", "searchField", "scrollView", "scrollBar", "staticText",
        "textField", "secureTextField", "datePicker", "textView", "menu", "menuItem", "menuBar", "menuBarItem", "map",
        "webView", "incrementArrow", "decrementArrow", "timeline", "ratingIndicator", "valueIndicator", "splitGroup",
        "splitter", "relevanceIndicator", "colorWell", "helpTag", "matte", "dockItem", "ruler", "rulerMarker", "grid",
        "levelIndicator", "cell", "layoutArea", "layoutItem", "handle", "stepper", "tab", "touchBar", "statusItem",
    ]

    private static let lowercased: [String: String] = Dictionary(
        byRawValue.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

    /// Display names that differ from the case name once spaces are removed.
    private static let displayAliases: [String: String] = [
        "label": "staticText", "text": "staticText", "statictext": "staticText", "checkbox": "checkBox",
        "collection": "collectionView", "scroll": "scrollView", "view": "other", "tableview": "table",
        "textarea": "textView", "popupbutton": "popUpButton",
    ]

    /// The case name for a raw value, or nil when out of range.
    package static func name(rawValue: Int) -> String? {
        byRawValue.indices.contains(rawValue) ? byRawValue[rawValue] : nil
    }

    /// The case name for `button`, `Button`, `Text Field`, `XCUIElementTypeButton` or `.button`;
    /// nil when nothing matches.
    package static func name(text: String) -> String? {
        var key = text.trimmingASCIIWhitespace()
        if key.hasPrefix("XCUIElementType") { key.removeFirst("XCUIElementType".count) }
        if key.hasPrefix(".") { key.removeFirst() }
        key = key.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "-", with: "").lowercased()
        if let name = lowercased[key] { return name }
        if let name = displayAliases[key] { return name }
        if let raw = Int(key) { return name(rawValue: raw) }
        return nil
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and newlines (cheaper than
    /// Foundation's character-set trimming, on the parsers' per-element path).
    package func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
