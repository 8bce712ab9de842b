/// Maps the element type words failure messages and activity lines use (`Button`, `Text Field`,
/// `StaticText`) onto `XCUIElement.ElementType` case names (`button`, `textField`, `staticText`).
enum ElementTypeWords {
    /// Keys are the words lowercased and joined without spaces (`IdentifierExtractor` builds them).
    static let caseNames: [String: String] = {
        let names = [
            "activityIndicator", "alert", "application", "button", "cell", "checkBox", "collectionView", "colorWell",
            "comboBox", "datePicker", "decrementArrow", "dialog", "disclosureTriangle", "grid", "group", "icon",
            "image", "incrementArrow", "key", "keyboard", "link", "map", "menu", "menuBar", "menuButton", "menuItem",
            "navigationBar", "other", "outline", "pageIndicator", "picker", "pickerWheel", "popover", "popUpButton",
            "progressIndicator", "radioButton", "scrollView", "searchField", "secureTextField", "segmentedControl",
            "sheet", "slider", "staticText", "statusBar", "stepper", "switch", "tab", "tabBar", "tabGroup", "table",
            "textField", "textView", "toggle", "toolbar", "toolbarButton", "webView", "window",
        ]
        var map = Dictionary(uniqueKeysWithValues: names.map { ($0.lowercased(), $0) })
        map["label"] = "staticText"  // A11yUITests' display name
        map["text"] = "staticText"
        return map
    }()

    /// The length of the longest key, in bytes: a longer run of words names no type.
    static let longestKey = caseNames.keys.map(\.utf8.count).max() ?? 0
}
