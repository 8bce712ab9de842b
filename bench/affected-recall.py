#!/usr/bin/env python3
"""`make bench`'s recall of `canopy affected` (issue 48): a generated app whose every test's
touched identifiers and every identifier's declaring file are known, a stored history, and one
`canopy affected --changed FILE --format json` per changed file.

    python3 bench/affected-recall.py CANOPY OUT [--screens 80] [--runs 3] [--seed 48]

The app has one folder per screen: a UIKit view controller (`view.accessibilityIdentifier = "…"`),
a SwiftUI view (`.accessibilityIdentifier("…")`), a row cell with a composed template
(`"Screen007.Row-\\(item.id)"`) and a model that declares nothing; a login screen, a tab bar and a
navigation bar every screen shares. The UI tests (bundle `AppUITests`) reach identifiers four ways:
- a query in the test method (`app.buttons["Screen007.Button2"]`, `matching(identifier:)`);
- a helper of a base class: `UITestCase.signIn()` (Login.*), `TabbedTestCase.openTab(_:)` (Tabs.*,
  `TabbedTestCase: UITestCase`), called from `setUp` of the classes that inherit them;
- a helper of a protocol's extension: `Navigating.goBack()` (Nav.Back), in the classes adopting it;
- a page object outside any test class (`Screen007Page.firstRow`, the row template): no query
  selects these tests, so every stored run's element-tree snapshot of the test shows the row, as
  a test that attaches its screen's tree does.
The history stores `--runs` nights of every test passing; only the page-object tests' snapshots
record what a test touched, so the other tests are found through the sources alone.

A change is one declaring file with one of its identifiers broken (renamed or removed): the tests
whose touched identifiers include it (templates matching) are the tests it breaks. For each change
that breaks at least one test: recall (broken tests that `affected` selected; everything when it
fell back), the share of stored tests selected, and whether it fell back to everything. Changes
to the models (no identifier) are counted apart: they must fall back, by the documented rule.
Prints the figures; exits 1 when recall is under 100 %.
"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as out:
        out.write(text)


def screen_name(index):
    return f"Screen{index:03d}"


class App:
    """The generated sources, with each identifier's declaring file and each test's touches."""

    def __init__(self, screens, rng):
        self.files = {}  # path -> text
        self.declared = {}  # identifier (template or literal) -> declaring file
        self.touches = {}  # "Class/method" -> set of declared identifiers
        self.page_tests = []  # "Class/method" whose touches runs record (a page object's row)
        self.models = []
        self.shared(rng)
        for index in range(screens):
            self.screen(index, screens, rng)

    def declare(self, path, identifiers):
        for identifier in identifiers:
            self.declared[identifier] = path

    def shared(self, rng):
        login = ["Login.Email", "Login.Password", "Login.Submit"]
        self.files["App/Login/LoginViewController.swift"] = controller("LoginViewController", login)
        self.declare("App/Login/LoginViewController.swift", login)
        tabs = [f"Tabs.{name}" for name in ("Home", "Search", "Library", "Settings")]
        self.files["App/Shell/TabBarView.swift"] = swiftui("TabBarView", tabs)
        self.declare("App/Shell/TabBarView.swift", tabs)
        self.files["App/Shell/NavigationBar.swift"] = controller("NavigationBarController", ["Nav.Back", "Nav.Title"])
        self.declare("App/Shell/NavigationBar.swift", ["Nav.Back", "Nav.Title"])
        self.files["AppUITests/Support/UITestCase.swift"] = BASES

    def screen(self, index, screens, rng):
        name = screen_name(index)
        folder = f"App/{name}"
        fields = [f"{name}.Root"] + [f"{name}.Field{k}" for k in range(rng.randint(2, 4))]
        buttons = [f"{name}.Button{k}" for k in range(rng.randint(2, 5))]
        row = f"{name}.Row-{{id}}"
        self.files[f"{folder}/{name}ViewController.swift"] = controller(f"{name}ViewController", fields)
        self.declare(f"{folder}/{name}ViewController.swift", fields)
        self.files[f"{folder}/{name}View.swift"] = swiftui(f"{name}View", buttons)
        self.declare(f"{folder}/{name}View.swift", buttons)
        self.files[f"{folder}/{name}RowCell.swift"] = ROW_CELL.replace("NAME", name)
        self.declare(f"{folder}/{name}RowCell.swift", [row])
        self.files[f"{folder}/{name}Model.swift"] = MODEL.replace("NAME", name)
        self.models.append(f"{folder}/{name}Model.swift")
        self.files[f"AppUITests/Support/{name}Page.swift"] = PAGE.replace("NAME", name)

        base = rng.choice(["UITestCase", "UITestCase", "TabbedTestCase", "XCTestCase"])
        navigating = rng.random() < 0.4
        inherited = {"UITestCase": ["Login.Email", "Login.Password", "Login.Submit"],
                     "TabbedTestCase": ["Login.Email", "Login.Password", "Login.Submit", "Tabs.Home"],
                     "XCTestCase": []}[base]
        setup = {"UITestCase": "signIn()", "TabbedTestCase": "signIn()\n        openTab(\"Tabs.Home\")",
                 "XCTestCase": "app.launch()"}[base]
        own = fields + buttons
        methods = []
        for number in range(rng.randint(3, 6)):
            method = f"test{name}Case{number}"
            key = f"{name}Tests/{method}"
            picked = rng.sample(own, rng.randint(1, 3))
            body = []
            touched = set(inherited) | set(picked)
            for identifier in picked:
                if rng.random() < 0.3:
                    body.append(f'app.buttons.matching(identifier: "{identifier}").firstMatch.tap()')
                else:
                    body.append(f'app.buttons["{identifier}"].tap()')
            if navigating and rng.random() < 0.5:
                body.append("goBack()")
                touched.add("Nav.Back")
            if rng.random() < 0.3:
                other = screen_name(rng.randrange(screens))
                body.append(f'app.otherElements["{other}.Root"].tap()')
                touched.add(f"{other}.Root")
            if rng.random() < 0.25:
                body.append(f"{name}Page(app: app).firstRow.tap()")
                touched.add(row)
                self.page_tests.append(key)
            body.append('app.buttons["Done"].tap()')  # a label query: touches no identifier
            self.touches[key] = touched
            methods.append(f"    func {method}() throws {{\n" + "".join(f"        {line}\n" for line in body) + "    }\n")
        adopted = ", Navigating" if navigating else ""
        self.files[f"AppUITests/{name}Tests.swift"] = (
            f"import XCTest\n\nfinal class {name}Tests: {base}{adopted} {{\n"
            + ("    let app = XCUIApplication()\n\n" if base == "XCTestCase" else "")
            + f"    override func setUpWithError() throws {{\n        {setup}\n    }}\n\n"
            + "\n".join(methods) + "}\n")


def controller(type_name, identifiers):
    lines = "".join(
        f"        {identifier.split('.')[-1].lower()}View.accessibilityIdentifier = \"{identifier}\"\n"
        for identifier in identifiers)
    properties = "".join(f"    private let {identifier.split('.')[-1].lower()}View = UIView()\n"
                         for identifier in identifiers)
    return (f"import UIKit\n\nfinal class {type_name}: UIViewController {{\n{properties}\n"
            f"    override func viewDidLoad() {{\n        super.viewDidLoad()\n{lines}    }}\n}}\n")


def swiftui(type_name, identifiers):
    body = "".join(f"            Button(\"{identifier.split('.')[-1]}\") {{}}\n"
                   f"                .accessibilityIdentifier(\"{identifier}\")\n" for identifier in identifiers)
    return (f"import SwiftUI\n\nstruct {type_name}: View {{\n    var body: some View {{\n        VStack {{\n"
            f"{body}        }}\n    }}\n}}\n")


ROW_CELL = '''import UIKit

final class NAMERowCell: UITableViewCell {
    func configure(with item: NAMEModel) {
        textLabel?.text = item.title
        accessibilityIdentifier = "NAME.Row-\\(item.id)"
    }
}
'''

MODEL = '''import Foundation

struct NAMEModel: Identifiable, Codable {
    let id: Int
    var title: String
}
'''

PAGE = '''import XCTest

/// The NAME screen for the tests that drive it through a page object.
struct NAMEPage {
    let app: XCUIApplication

    var firstRow: XCUIElement { app.cells.matching(NSPredicate(format: "identifier BEGINSWITH 'NAME.Row-'")).firstMatch }
}
'''

BASES = '''import XCTest

/// The base of the UI tests: a launched app and a signed-in session on request.
class UITestCase: XCTestCase {
    let app = XCUIApplication()

    func signIn() {
        app.launch()
        app.textFields.matching(identifier: "Login.Email").firstMatch.typeText("listener@example.com")
        app.secureTextFields["Login.Password"].typeText("correct horse")
        app.buttons["Login.Submit"].tap()
    }
}

/// Tests that start from a tab.
class TabbedTestCase: UITestCase {
    func openTab(_ identifier: String) {
        app.tabBars.buttons["Tabs.Home"].tap()
    }
}

/// Screens with a back button.
protocol Navigating {}

extension Navigating where Self: UITestCase {
    func goBack() {
        app.navigationBars.buttons["Nav.Back"].tap()
    }
}
'''


def element(identifier, label, y):
    return {"elementType": "cell", "identifier": identifier, "label": label, "value": None,
            "placeholderValue": None, "frame": {"x": 16, "y": y, "width": 343, "height": 44}, "isEnabled": True,
            "isSelected": False, "hasFocus": False, "children": []}


def store_history(app, canopy, root, runs):
    store = os.path.join(root, "store")
    shutil.rmtree(store, ignore_errors=True)
    tests = sorted(app.touches)
    for night in range(1, runs + 1):
        inputs = os.path.join(root, f"night-{night}")
        shutil.rmtree(inputs, ignore_errors=True)
        cases = "".join(
            f"<testcase classname='AppUITests.{key.split('/')[0]}' name='{key.split('/')[1]}()' time='2.0'/>"
            for key in tests)
        write(inputs, "junit.xml", f"<?xml version='1.0'?><testsuites><testsuite name='AppUITests'>{cases}"
                                   "</testsuite></testsuites>")
        screens = []
        for key in app.page_tests:
            name = key.split("/")[0][: -len("Tests")]
            rows = [element(f"{name}.Row-{48000 + night * 10 + k}", f"Row {k}", 60 + k * 50) for k in range(3)]
            root_element = element(f"{name}.Root", "", 0)
            root_element["elementType"] = "other"
            root_element["children"] = rows
            screens.append({"name": name, "test": f"AppUITests.{key}()", "root": root_element})
        write(inputs, "snapshots.json", json.dumps({"screens": screens}))
        subprocess.run([canopy, "ingest", "--quiet", "--out", store, "--run-key", f"night-{night}",
                        "--commit", f"{night:02d}" + "ab" * 19, "--branch", "main",
                        "--started-at", f"2026-11-{night:02d}T02:00:00Z", inputs], check=True)
    return store


def matches(declared, seen):
    """IdentifierTemplateMatch for the shapes the generator writes: `{id}` stands for digits."""
    if "{" not in declared:
        return declared == seen
    return re.fullmatch(re.escape(declared).replace(r"\{id\}", r"[^.]+"), seen) is not None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("canopy")
    parser.add_argument("out")
    parser.add_argument("--screens", type=int, default=80)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=48)
    args = parser.parse_args()
    canopy = os.path.abspath(args.canopy)
    root = os.path.abspath(os.path.join(args.out, "affected-recall"))
    rng = random.Random(args.seed)
    app = App(args.screens, rng)
    source = os.path.join(root, "app")
    shutil.rmtree(source, ignore_errors=True)
    for path, text in app.files.items():
        write(source, path, text)
    store = store_history(app, canopy, root, args.runs)
    environment = dict(os.environ, XDG_CACHE_HOME=os.path.join(root, "cache"))
    all_tests = set(app.touches)

    def affected(path):
        started = time.monotonic()
        result = subprocess.run([canopy, "affected", "--out", store, "--source", source, "--changed", path,
                                 "--format", "json"], check=True, capture_output=True, text=True, env=environment)
        document = json.loads(result.stdout)
        selected = {test["test"].split(".", 1)[-1] for test in document["tests"]}
        return document, selected, time.monotonic() - started

    recalls, shares, fallbacks, seconds = [], [], 0, []
    broken_total = found_total = changes = 0
    missed = []
    by_file = {}
    for identifier, path in sorted(app.declared.items()):
        by_file.setdefault(path, []).append(identifier)
    for path, identifiers in sorted(by_file.items()):
        document, selected, elapsed = affected(path)
        seconds.append(elapsed)
        fell_back = document.get("runEverything") is not None
        chosen = all_tests if fell_back else selected & all_tests
        for identifier in identifiers:
            broken = {test for test, touched in app.touches.items() if any(matches(identifier, t) for t in touched)}
            if not broken:
                continue
            changes += 1
            fallbacks += fell_back
            found = broken & chosen
            broken_total += len(broken)
            found_total += len(found)
            recalls.append(len(found) / len(broken))
            shares.append(len(chosen) / len(all_tests))
            missed += [f"{path} ({identifier}): {test}" for test in sorted(broken - found)]
    model_fallbacks = sum(affected(path)[0].get("runEverything") is not None for path in app.models[:10])

    files = len(app.files)
    print(f"app: {args.screens} screens, {files} Swift files, {len(app.declared)} identifiers declared, "
          f"{len(all_tests)} UI tests ({sum(1 for t in app.files if t.endswith('Tests.swift'))} classes: base classes "
          f"UITestCase and TabbedTestCase, a Navigating protocol helper, {len(app.page_tests)} tests through page "
          f"objects); {args.runs} stored runs")
    print(f"single-file changes that break known tests: {changes} (over {len(by_file)} declaring files)")
    print(f"recall: {100 * found_total / broken_total:.1f} % ({found_total} of {broken_total} broken tests selected; "
          f"lowest change {100 * min(recalls):.1f} %)")
    print(f"median share of tests selected: {100 * statistics.median(shares):.1f} % "
          f"(mean {100 * statistics.mean(shares):.1f} %, highest {100 * max(shares):.1f} %)")
    print(f"fell back to everything: {fallbacks} of {changes} ({100 * fallbacks / changes:.1f} %)")
    print(f"changes to files declaring no identifier: {model_fallbacks} of {min(10, len(app.models))} fell back "
          "(the documented rule)")
    print(f"affected per changed file: median {statistics.median(seconds):.2f} s")
    for line in missed[:10]:
        print(f"  missed: {line}")
    return 0 if found_total == broken_total else 1


if __name__ == "__main__":
    sys.exit(main())
