#!/usr/bin/env python3
"""A generated iOS app's source tree for `make bench`'s source-index rows (deterministic).

    python3 bench/gen_sources.py --files 5000 --out bench/out/source-app

Features of 50 files each: a feature's accessibility constants (`static let`s and a `String`
screen enum), SwiftUI views (literal, constant, composed and enum-interpolated identifiers),
UIKit view controllers and cells (`accessibilityIdentifier =`, `"\\(Self.self).…"`, and the
Mirror reflection helper of `App/Support/AccessibilityIdentifiable.swift` called from
`viewDidLoad`), models without identifiers, and UI tests with a locator enum, element queries and
`NSPredicate` comparisons. Files are 100-300 lines. `Feature000/Feature000HomeView.swift` holds
the line `Text("Bench edit A")` and `Feature000/Feature000AccessibilityID.swift` the constant
`static let benchConstant = "Bench.Constant.A"` (which the view uses) for the bench's one-file edits.
"""
import argparse
import os
import random

FILES_PER_FEATURE = 50

HELPER = '''import UIKit

/// Views that name their subviews `<Type>.<property>`, read by reflection.
protocol AccessibilityIdentifiable {}

extension AccessibilityIdentifiable {
    func generateAccessibilityIdentifiers() {
        let mirror = Mirror(reflecting: self)
        for child in mirror.children {
            if let view = child.value as? UIView, let label = child.label {
                view.accessibilityIdentifier = "\\(type(of: self)).\\(label)"
            }
        }
    }
}
'''

WORDS = ["order", "item", "price", "total", "name", "email", "address", "status", "title", "detail", "summary",
         "avatar", "badge", "count", "date", "note", "filter", "sort", "share", "favorite", "delete", "edit"]


def camel(words):
    return words[0] + "".join(w.capitalize() for w in words[1:])


def filler_function(rng, index, indent="    "):
    """A realistic helper without identifiers: formatting, validation or mapping."""
    a, b = rng.sample(WORDS, 2)
    kind = rng.randrange(3)
    if kind == 0:
        return [
            f"{indent}private func format{a.capitalize()}{index}(_ value: Double) -> String {{",
            f"{indent}    let formatter = NumberFormatter()",
            f"{indent}    formatter.numberStyle = .decimal",
            f"{indent}    formatter.maximumFractionDigits = {rng.randrange(0, 3)}",
            f"{indent}    guard value.isFinite else {{ return \"-\" }}",
            f"{indent}    return formatter.string(from: NSNumber(value: value)) ?? \"\\(value)\"",
            f"{indent}}}",
            "",
        ]
    if kind == 1:
        return [
            f"{indent}private func isValid{a.capitalize()}{index}(_ text: String) -> Bool {{",
            f"{indent}    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)",
            f"{indent}    guard trimmed.count >= {rng.randrange(1, 5)} else {{ return false }}",
            f"{indent}    return !trimmed.contains(\"{rng.choice('#%&')}\")",
            f"{indent}}}",
            "",
        ]
    return [
        f"{indent}private func {camel([a, b])}Values{index}(_ items: [Int]) -> [String] {{",
        f"{indent}    items",
        f"{indent}        .filter {{ $0 % {rng.randrange(2, 7)} != 0 }}",
        f"{indent}        .sorted(by: >)",
        f"{indent}        .map {{ \"{b}-\\($0)\" }}",
        f"{indent}}}",
        "",
    ]


def ids_file(feature, rng):
    lines = ["import Foundation", "", f"/// Accessibility identifiers of {feature}.",
             f"enum {feature}Screen: String {{"]
    screens = ["home", "detail", "edit", "settings"]
    for screen in screens:
        lines.append(f'    case {screen} = "{feature}.{screen.capitalize()}"')
    lines += ["}", "", f"enum {feature}ID {{"]
    for word in WORDS:
        lines.append(f'    static let {word} = "{feature}.{word.capitalize()}"')
    lines.append(f'    static let submit = "\\({feature}Screen.edit.rawValue).submit"')
    if feature == "Feature000":
        lines.append('    static let benchConstant = "Bench.Constant.A"')
    lines += ["", "    enum Row {"]
    for word in WORDS[:8]:
        lines.append(f'        static let {word} = "{feature}-row-{word}"')
    lines += ["    }", "}", ""]
    while len(lines) < 100:
        lines += filler_function(rng, len(lines), indent="")
    return lines


def swiftui_file(feature, name, rng, bench_edit):
    words = rng.sample(WORDS, 8)
    lines = ["import SwiftUI", "", f"struct {name}: View {{",
             "    @State private var query = \"\"", "    @State private var isPresented = false",
             "    let items: [Item]", "", "    struct Item: Identifiable {", "        let id: Int",
             "        let title: String", "    }", "", "    var body: some View {", "        NavigationStack {",
             "            VStack(alignment: .leading, spacing: 12) {"]
    if bench_edit:
        lines += ['                Text("Bench edit A")',
                  f"                    .accessibilityIdentifier({feature}ID.benchConstant)"]
    for position, word in enumerate(words):
        style = position % 4
        if style == 0:
            lines += [f'                Text("{word.capitalize()}")',
                      f'                    .accessibilityIdentifier("{name}.{word}")']
        elif style == 1:
            lines += [f'                Button("{word.capitalize()}") {{ isPresented.toggle() }}',
                      f"                    .accessibilityIdentifier({feature}ID.{word})"]
        elif style == 2:
            lines += [f'                Label("{word}", systemImage: "star")',
                      f'                    .accessibilityIdentifier("\\({feature}Screen.home.rawValue).{word}")']
        else:
            lines += ['                TextField("Search", text: $query)',
                      f"                    .accessibilityIdentifier({feature}ID.Row.{rng.choice(WORDS[:8])})"]
        lines += ["                    .padding(.horizontal, 16)", "                    .font(.body)"]
    lines += ["                List(items) { item in", "                    Text(item.title)",
              f'                        .accessibilityIdentifier("{name}-\\(item.id)-row")', "                }",
              "                .listStyle(.plain)", "            }",
              f'            .navigationTitle("{name}")',
              "            .sheet(isPresented: $isPresented) {", f'                Text("{feature} sheet")',
              f"                    .accessibilityIdentifier({feature}ID.submit)", "            }", "        }",
              "    }", ""]
    target = rng.randrange(100, 300)
    while len(lines) < target - 8:
        lines += filler_function(rng, len(lines))
    lines += ["}", "", "#Preview {", f"    {name}(items: [.init(id: 1, title: \"One\")])", "}", ""]
    return lines


def uikit_file(feature, name, rng):
    props = rng.sample(WORDS, 6)
    kinds = ["UILabel", "UIButton", "UIImageView", "UISwitch", "UITextField", "UIStackView"]
    lines = ["import UIKit", "", f"final class {name}: UIViewController, AccessibilityIdentifiable {{"]
    for prop, kind in zip(props, kinds):
        init = "UIButton(type: .system)" if kind == "UIButton" else f"{kind}()"
        lines.append(f"    private let {prop}{kind[2:]} = {init}")
    lines += ["", "    override func viewDidLoad() {", "        super.viewDidLoad()",
              f"        view.accessibilityIdentifier = \"\\(Self.self).root\"",
              f"        title = \"{name}\"", "        generateAccessibilityIdentifiers()",
              "        layout()", "    }", "", "    private func layout() {"]
    for prop, kind in zip(props, kinds):
        lines += [f"        {prop}{kind[2:]}.translatesAutoresizingMaskIntoConstraints = false",
                  f"        view.addSubview({prop}{kind[2:]})"]
    lines += ["        NSLayoutConstraint.activate(["]
    for prop, kind in zip(props, kinds):
        lines += [f"            {prop}{kind[2:]}.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),"]
    lines += ["        ])", "    }", "", "    func configure(cell: UITableViewCell, identifier: String) {",
              "        cell.accessibilityIdentifier = identifier", "    }", "",
              "    func configure(row: UITableViewCell, index: Int) {",
              f'        row.accessibilityIdentifier = "{feature}-row-\\(index)"', "    }", ""]
    target = rng.randrange(100, 300)
    while len(lines) < target - 1:
        lines += filler_function(rng, len(lines))
    lines += ["}", ""]
    return lines


def model_file(name, rng):
    lines = ["import Foundation", "", f"struct {name}: Codable, Hashable {{"]
    for word in rng.sample(WORDS, 6):
        lines.append(f"    var {word}: String")
    lines += ["}", "", f"extension {name} {{"]
    target = rng.randrange(100, 300)
    while len(lines) < target - 1:
        lines += filler_function(rng, len(lines))
    lines += ["}", ""]
    return lines


def uitest_file(feature, name, rng):
    words = rng.sample(WORDS, 10)
    lines = ["import XCTest", "", f"enum {name}Locator: String {{"]
    for word in words:
        lines.append(f'    case {word} = "{feature}.{word.capitalize()}"')
    lines += ["}", "", f"final class {name}: XCTestCase {{", "    let app = XCUIApplication()", "",
              "    override func setUp() {", "        continueAfterFailure = false", "        app.launch()", "    }", ""]
    position = 0
    target = rng.randrange(100, 300)
    while len(lines) < target - 1:
        word = words[position % len(words)]
        lines += [f"    func test{word.capitalize()}{position}() {{",
                  f"        app.buttons[{name}Locator.{word}.rawValue].tap()",
                  f'        XCTAssertTrue(app.staticTexts["{feature}.{word.capitalize()}"].waitForExistence(timeout: 5))',
                  f'        let row = app.cells.matching(identifier: "{feature}-row-{word}").firstMatch',
                  "        XCTAssertTrue(row.exists)",
                  f"        let predicate = NSPredicate(format: \"identifier == %@\", {name}Locator.{word}.rawValue)",
                  "        XCTAssertEqual(app.otherElements.matching(predicate).count, 1)", "    }", ""]
        position += 1
    lines += ["}", ""]
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    files = {"App/Support/AccessibilityIdentifiable.swift": HELPER.splitlines()}
    feature_index = 0
    while len(files) < args.files:
        feature = f"Feature{feature_index:03d}"
        files[f"App/Features/{feature}/{feature}AccessibilityID.swift"] = ids_file(feature, rng)
        for number in range(FILES_PER_FEATURE - 1):
            if len(files) >= args.files:
                break
            roll = number % 10
            if roll < 5:
                name = "HomeView" if number == 0 else f"Screen{number:02d}View"
                path = f"App/Features/{feature}/{feature}{name}.swift"
                files[path] = swiftui_file(feature, feature + name, rng, bench_edit=(feature_index == 0 and number == 0))
            elif roll < 8:
                name = f"{feature}Screen{number:02d}ViewController"
                files[f"App/Features/{feature}/{name}.swift"] = uikit_file(feature, name, rng)
            elif roll == 8:
                name = f"{feature}Model{number:02d}"
                files[f"App/Features/{feature}/Models/{name}.swift"] = model_file(name, rng)
            else:
                name = f"{feature}Flow{number:02d}UITests"
                files[f"AppUITests/{feature}/{name}.swift"] = uitest_file(feature, name, rng)
        feature_index += 1
    for path, lines in files.items():
        full = os.path.join(args.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write("\n".join(lines))
    print(f"bench: {len(files)} Swift files under {args.out}")


if __name__ == "__main__":
    main()
