#!/usr/bin/env python3
"""An independent reading of every JUnit and xcresulttool JSON fixture under Tests/.

Counts tests / failed / skipped / passed on retry by the identity rules of docs/identity-and-verdicts.md,
with nothing but the standard library, and compares them with `canopy inspect --format json`.
Run by CLITests (DifferentialTests); by hand: python3 Tests/CLITests/differential.py CANOPY [REPO].
Exit 0 when every fixture agrees, 1 otherwise (each disagreement is printed).
"""
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

# Fixtures whose reading may legitimately differ, and why. "refused" means Canopy must refuse the
# file (an error for it in `inspect`); Python's expat either refuses it too or reads what Canopy
# never will.
EXPECTED = {
    "junit/billion-laughs.xml": ("refused", "DTD entity declarations are refused (no billion laughs)"),
    "junit/xxe-file.xml": ("refused", "DTD entity declarations are refused (no XXE)"),
    "junit/xxe-parameter.xml": ("refused", "DTD entity declarations are refused (no XXE)"),
    "junit/undeclared-entity.xml": ("refused", "an undeclared entity is malformed XML"),
    "junit/truncated.xml": ("refused", "truncated"),
    "junit/mismatched.xml": ("refused", "mismatched tags"),
    "junit/binary.xml": ("refused", "binary bytes"),
    "junit/empty.xml": ("refused", "a file of 0 bytes"),
    "junit/not-junit.xml": ("refused", "root is not <testsuites>/<testsuite>"),
    "xcresult/truncated.json": ("refused", "truncated JSON"),
    "xcresult/unknown-shape.json": ("skip", "not a tests JSON: no testNodes"),
    "xcresult/summary.json": ("skip", "a summary gives totals, not tests"),
}

PRIMARY = {"failure", "error", "skipped"}
RERUN = {"rerunFailure", "rerunError"}
FLAKES = {"flakyFailure", "flakyError"}


def local(tag):
    return tag.rsplit("}", 1)[-1]


def key(class_name, name, arguments=None, device=None, configuration=None):
    if name.endswith("()"):
        name = name[:-2]
    text = class_name + "/" + name
    if arguments:
        text += "(" + arguments + ")"
    if device:
        text += "@" + device
    if configuration:
        text += "#" + configuration
    return text


def outcome(attempts):
    failed = any(a in ("failed", "error") for a in attempts)
    passed = any(a in ("passed", "expectedFailure") for a in attempts)
    if failed and passed:
        return "passedOnRetry"
    if failed:
        return "failed"
    if passed:
        # Failed only as declared: its own outcome, neither a pass nor a failure.
        return "passed" if "passed" in attempts else "expectedFailure"
    return "skipped"


def junit_tests(root):
    """(key, [attempt outcomes]) per testcase, in reading order."""
    out = []

    def walk(element, suites, inherited):
        position = 0
        own = dict(inherited)
        # A suite's properties apply to all of it, wherever they stand (trainer writes them last).
        for child in element:
            if local(child.tag) == "properties":
                for prop in child:
                    name, value = prop.get("name"), prop.get("value") or (prop.text or "")
                    if name in ("device", "Configuration") and value:
                        own[name] = value
        for child in element:
            tag = local(child.tag)
            if tag == "testsuite":
                walk(child, suites + [child.get("name") or ""], own)
            elif tag == "testcase":
                position += 1
                out.append(junit_case(child, suites, own, position))

    def junit_case(case, suites, inherited, position):
        props = {}
        results = []
        for child in case:
            tag = local(child.tag)
            if tag == "properties":
                for prop in child:
                    props[prop.get("name")] = prop.get("value") or (prop.text or "")
            elif tag in PRIMARY | RERUN | FLAKES:
                results.append((tag, child.get("type"), child.get("message") or ""))
        enclosing = [s for s in suites if s and s != "PARALLEL_TESTS"]
        class_name = case.get("classname") or (enclosing[-1] if enclosing else "(no class)")
        name = case.get("name") or props.get("testname") or "(unnamed testcase %d)" % position
        argument = props.get("argument") or None
        if argument and name.endswith("(" + argument + ")") and len(name) > len(argument) + 2:
            cut = name[: -(len(argument) + 2)]
            if cut.endswith(" ") or not cut.endswith(")"):
                name = cut.strip()
        device = props.get("device") or inherited.get("device")
        configuration = props.get("Configuration") or inherited.get("Configuration")
        primary = [r for r in results if r[0] in PRIMARY]
        failures = [r for r in primary if r[0] != "skipped"]
        reruns = [r for r in results if r[0] in RERUN]
        flakes = [r for r in results if r[0] in FLAKES]
        attempts = []
        if flakes and not failures:
            attempts = ["failed" for _ in flakes] + ["passed"]
        else:
            first = "passed"
            rank = {"passed": 0, "expectedFailure": 1, "skipped": 2, "failed": 3, "error": 4}
            for tag, kind, _ in primary:
                this = {"error": "error", "failure": "failed"}.get(tag) or ("expectedFailure" if kind == "pytest.xfail" else "skipped")
                if rank[this] > rank[first]:
                    first = this
            attempts = [first] + ["failed" for _ in reruns]
            marked = case.get("flaky", "").lower() == "true" or any(m.startswith("[FLAKY] ") for _, _, m in results)
            if marked and first in ("failed", "error") and not reruns:
                attempts.append("passed")
        return key(class_name, name, argument, device, configuration), attempts

    if local(root.tag) == "testsuite":
        wrapper = ET.Element("testsuites")
        wrapper.append(root)
        root = wrapper
    walk(root, [], {})
    return out


def xcresult_tests(document):
    devices = document.get("devices") or []
    out = []

    def device_name(node):
        for entry in devices:
            if entry.get("deviceId") and entry.get("deviceId") == node.get("nodeIdentifier"):
                break
        else:
            entry = next((d for d in devices if d.get("deviceName") == node.get("name")), None)
        if entry is None:
            return node.get("name") or ""
        os_version = entry.get("osVersion")
        return entry.get("deviceName", "") + (" (%s)" % os_version if os_version else "")

    def result(node):
        value = node.get("result")
        messages = [c for c in node.get("children") or [] if c.get("nodeType") == "Failure Message"]
        return {"Passed": "passed", "Failed": "failed", "Skipped": "skipped", "Expected Failure": "expectedFailure"}.get(
            value, "failed" if messages else "passed")

    def runs(node, context, into):
        splitting = False
        for child in node.get("children") or []:
            kind = child.get("nodeType")
            if kind in ("Device", "Test Plan Configuration", "Arguments", "Test Case Run"):
                splitting = True
                inner = dict(context)
                if kind == "Device":
                    inner["device"] = device_name(child)
                elif kind == "Test Plan Configuration":
                    inner["configuration"] = child.get("name")
                elif kind == "Arguments":
                    inner["arguments"] = child.get("name")
                runs(child, inner, into)
            elif kind == "Repetition":
                splitting = True
                into.setdefault((context.get("device"), context.get("configuration"), context.get("arguments")), []).append(result(child))
        if not splitting:
            into.setdefault((context.get("device"), context.get("configuration"), context.get("arguments")), []).append(result(node))

    def walk(node, context):
        kind = node.get("nodeType")
        context = dict(context)
        if kind == "Test Case":
            identifier = node.get("nodeIdentifier") or ""
            path = identifier.split("/") if "/" in identifier else list(context.get("suites", []))
            name = path.pop() if "/" in identifier else node.get("name", "")
            class_name = ".".join(path)
            bundle = context.get("bundle")
            if bundle:
                if not class_name:
                    class_name = bundle
                elif class_name != bundle and not class_name.startswith(bundle + "."):
                    class_name = bundle + "." + class_name
            found = {}
            runs(node, context, found)
            for (device, configuration, arguments), attempts in found.items():
                out.append((key(class_name, name, arguments, device, configuration), attempts))
            return
        if kind in ("Unit test bundle", "UI test bundle"):
            context["bundle"] = node.get("name")
        elif kind == "Test Suite":
            context["suites"] = list(context.get("suites", [])) + [node.get("name", "")]
        elif kind == "Test Plan Configuration":
            context["configuration"] = node.get("name")
        elif kind == "Device":
            context["device"] = device_name(node)
        elif kind == "Arguments":
            context["arguments"] = node.get("name")
        for child in node.get("children") or []:
            walk(child, context)

    for node in document.get("testNodes") or []:
        walk(node, {})
    return out


def totals(entries):
    """Folds entries of one key into one test (attempts in order); counts final outcomes."""
    tests = {}
    for test_key, attempts in entries:
        tests.setdefault(test_key, []).extend(attempts)
    counts = {"tests": len(tests), "failed": 0, "skipped": 0, "passedOnRetry": 0, "expectedFailures": 0}
    for attempts in tests.values():
        final = outcome(attempts)
        if final != "passed":
            counts["expectedFailures" if final == "expectedFailure" else final] += 1
    return counts


def sanitised(path):
    with open(path, "rb") as handle:
        text = handle.read().decode("utf-8", errors="replace")
    text = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "?", text)
    def reference(match):
        number = int(match.group(1)[1:], 16) if match.group(1).startswith("x") else int(match.group(1))
        return "?" if number < 0x20 and number not in (9, 10, 13) else match.group(0)
    return re.sub(r"&#(x?[0-9a-fA-F]+);", reference, text)


def independent(path):
    """The counts, or None when the file is no JUnit/xcresult tests document or does not parse."""
    if path.endswith(".xml"):
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            # Canopy replaces what XML 1.0 forbids (control characters, `&#27;`) and reads again.
            try:
                root = ET.fromstring(sanitised(path))
            except ET.ParseError:
                return None
        if local(root.tag) not in ("testsuites", "testsuite"):
            return None
        return totals(junit_tests(root))
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
    except Exception:
        return None
    if not isinstance(document, dict) or not isinstance(document.get("testNodes"), list):
        return None
    return totals(xcresult_tests(document))


def fixtures(repository):
    """Every XML fixture, and every JSON fixture holding `testNodes` (or named in EXPECTED)."""
    for directory, _, files in sorted(os.walk(os.path.join(repository, "Tests"))):
        parts = directory.split(os.sep)
        if "Fixtures" not in parts:
            continue
        base = os.sep.join(parts[: parts.index("Fixtures") + 1])
        for name in sorted(files):
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, base)
            if name.endswith(".xml") or relative in EXPECTED:
                yield relative, path
            elif name.endswith(".json"):
                try:
                    with open(path, encoding="utf-8") as handle:
                        if "testNodes" in json.load(handle):
                            yield relative, path
                except (ValueError, TypeError):
                    continue


def canopy(binary, path):
    completed = subprocess.run([binary, "inspect", "--format", "json", "--summary", path], capture_output=True, text=True)
    try:
        document = json.loads(completed.stdout)
    except ValueError:
        return None
    if any(entry.get("error") for entry in document.get("files", [])) or completed.returncode != 0:
        return None
    found = document.get("totals", {})
    return {name: found.get(name, 0) for name in ("tests", "failed", "skipped", "passedOnRetry", "expectedFailures")}


def main():
    binary = sys.argv[1]
    repository = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    disagreements = 0
    checked = 0
    for relative, path in fixtures(repository):
        expected = EXPECTED.get(relative)
        if expected and expected[0] == "skip":
            continue
        theirs = canopy(binary, path)
        if expected and expected[0] == "refused":
            if theirs is not None:
                print("%s: Canopy read it (%s), but it must be refused: %s" % (relative, theirs, expected[1]))
                disagreements += 1
            continue
        ours = independent(path)
        if ours is None and theirs is None:
            continue
        checked += 1
        if ours != theirs:
            print("%s: independent reading %s, canopy inspect %s" % (relative, ours, theirs))
            disagreements += 1
    print("%d fixture(s) compared, %d disagreement(s)" % (checked, disagreements))
    return 1 if disagreements or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
