#!/usr/bin/env python3
"""Deterministic xcresulttool `get test-results tests` JSON for `make bench` (Python 3 stdlib only).

Writes ~--mb megabytes: one UI test bundle, suites of test cases run on two devices (Device
nodes), Xcode 26 repetition naming for retried tests ("First Run", "Retry 1"), failure messages
with source references, comma-decimal and "1m 5s" durations, skips. Seeded: the same arguments
always write the same bytes.

`--like-junit --tests N [--log-scale K]` writes instead the tests `bench/gen_junit.py` writes for
the same arguments (same classes, names, attempts, outcomes, messages and times), so that the two
files can be timed against each other: each <testcase> is a `Test Case` (or one of its
`Repetition`s, "First Run", "Retry 1"…), and its system-out log is a `Runtime Warning` child,
which Canopy reads past, as the JUnit parser reads past a passing test's output.

    python3 bench/gen_xcresult.py --like-junit --tests 225000 --log-scale 5 --out bench/out/xcresult-1gb-225k.json
"""
import argparse
import json
import os
import random
import sys

DEVICES = [("00008120-AAAA", "iPhone 16 Pro"), ("00008120-BBBB", "iPad Air 11-inch (M2)")]
MESSAGES = [
    'Failed to tap "{id}" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate \'"{id}" IN identifiers\'`, given input App element pid: 44723',
    "XCTAssertTrue failed - {id} is not hittable",
    'Asynchronous wait failed: Exceeded timeout of 10 seconds, with unfulfilled expectations: "{id} appears".',
    "Failed to get matching snapshots: Timed out while evaluating UI query.",
]


def duration(rng):
    seconds = rng.random() * 90
    if seconds >= 60:
        return seconds, f"{int(seconds // 60)}m {int(seconds % 60)}s"
    return seconds, f"{seconds:.3f}".replace(".", ",") + "s"


def failure(rng, suite, test):
    ident = f"{suite}.{test}.Button{rng.randrange(40)}"
    return {"nodeType": "Failure Message", "name": rng.choice(MESSAGES).format(id=ident), "result": "Failed",
            "children": [{"nodeType": "Source Code Reference", "name": f"/Users/ci/App/AppUITests/{suite}.swift:{rng.randrange(10, 400)}"}]}


def run_node(rng, suite, test, kind, name):
    seconds, text = duration(rng)
    roll = rng.random()
    node = {"nodeType": kind, "name": name, "duration": text, "durationInSeconds": round(seconds, 3)}
    if roll < 0.04:
        node["result"] = "Skipped"
        node["children"] = [{"nodeType": "Failure Message", "name": "Test skipped - not supported on this device"}]
    elif roll < 0.12:
        node["result"] = "Failed"
        node["children"] = [failure(rng, suite, test) for _ in range(rng.randrange(1, 3))]
    else:
        node["result"] = "Passed"
    return node


def test_case(rng, suite, index):
    test = f"test{index:04d}Scenario()"
    devices = []
    for device_id, device_name in DEVICES:
        device = {"nodeType": "Device", "name": device_name, "nodeIdentifier": device_id}
        if rng.random() < 0.1:
            first = run_node(rng, suite, test, "Repetition", "First Run")
            first["result"] = "Failed"
            first["children"] = [failure(rng, suite, test)]
            retry = run_node(rng, suite, test, "Repetition", "Retry 1")
            device["children"] = [first, retry]
            device["result"] = retry["result"]
        else:
            single = run_node(rng, suite, test, "Device", device_name)
            single["nodeIdentifier"] = device_id
            device = single
        devices.append(device)
    return {"nodeType": "Test Case", "name": test, "nodeIdentifier": f"{suite}/{test}", "result": "Passed", "children": devices}


def like_junit(args):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen_junit

    def attempt_node(kind, name, time, failure, skipped, log, suite):
        node = {"nodeType": kind, "name": name, "durationInSeconds": float(time), "duration": time.replace(".", ",") + "s"}
        children = []
        if failure:
            node["result"] = "Failed"
            children.append({"nodeType": "Failure Message", "name": failure[0], "result": "Failed",
                             "children": [{"nodeType": "Source Code Reference", "name": f"{suite}.swift:{failure[1]}"}]})
        elif skipped:
            node["result"] = "Skipped"
            children.append({"nodeType": "Failure Message", "name": "Test skipped - Requires a physical device"})
        else:
            node["result"] = "Passed"
        if log is not None:
            children.append({"nodeType": "Runtime Warning", "name": log})
        if children:
            node["children"] = children
        return node

    def test_case(suite, name, attempts):
        identifier = f"{suite}/{name}"
        if len(attempts) == 1:
            node = attempt_node("Test Case", name, *attempts[0], suite)
            node["nodeIdentifier"] = identifier
            return node
        repetitions = [attempt_node("Repetition", "First Run" if i == 0 else f"Retry {i}", *a, suite) for i, a in enumerate(attempts)]
        return {"nodeType": "Test Case", "name": name, "nodeIdentifier": identifier, "result": repetitions[-1]["result"], "children": repetitions}

    with open(args.out, "w", encoding="utf-8") as out:
        header = {"devices": [{"deviceId": DEVICES[0][0], "deviceName": DEVICES[0][1], "architecture": "arm64", "modelName": DEVICES[0][1], "platform": "iOS Simulator", "osVersion": "18.2"}],
                  "testPlanConfigurations": [{"configurationId": "1", "configurationName": "Test Scheme Action"}]}
        out.write(json.dumps(header)[:-1])
        out.write(', "testNodes": [{"nodeType": "Test Plan", "name": "AppUITests", "result": "Failed", "children": [')
        classes = 0
        current = None  # (bundle, suite, [(name, [attempt…])…])

        def flush():
            bundle, suite, tests = current
            cases = [test_case(suite, name, attempts) for name, attempts in tests]
            node = {"nodeType": "UI test bundle", "name": bundle, "result": "Failed",
                    "children": [{"nodeType": "Test Suite", "name": suite, "nodeIdentifier": suite, "result": "Failed", "children": cases}]}
            out.write(("," if classes else "") + json.dumps(node, ensure_ascii=False))

        for event in gen_junit.testcases(args.tests, False, args.log_scale, args.junit_seed):
            if event[0] == "class":
                if current:
                    flush()
                    classes += 1
                current = (event[1], event[2].split(".", 1)[1], [])
                continue
            _, _, name, attempt, time, failure, skipped, log = event
            if attempt == 0:
                current[2].append((name, []))
            current[2][-1][1].append((time, failure, skipped, log))
        if current:
            flush()
        out.write("]}]}\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=float, default=100)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--out", required=True)
    parser.add_argument("--like-junit", action="store_true", help="the tests bench/gen_junit.py writes for --tests, --log-scale")
    parser.add_argument("--tests", type=int, default=90000)
    parser.add_argument("--log-scale", type=int, default=1)
    parser.add_argument("--junit-seed", type=int, default=20261122)
    args = parser.parse_args()
    if args.like_junit:
        like_junit(args)
        return
    rng = random.Random(args.seed)
    target = int(args.mb * 1_000_000)
    with open(args.out, "w", encoding="utf-8") as out:
        header = {"devices": [{"deviceId": i, "deviceName": n, "architecture": "arm64", "modelName": n, "platform": "iOS Simulator", "osVersion": "18.2"} for i, n in DEVICES],
                  "testPlanConfigurations": [{"configurationId": "1", "configurationName": "Test Scheme Action"}]}
        out.write(json.dumps(header)[:-1])
        out.write(', "testNodes": [{"nodeType": "Test Plan", "name": "AppUITests", "result": "Failed", "children": [{"nodeType": "UI test bundle", "name": "AppUITests", "result": "Failed", "children": [')
        written, suite_index = 0, 0
        while written < target:
            suite = f"Feature{suite_index:04d}Tests"
            cases = [test_case(rng, suite, i) for i in range(rng.randrange(10, 40))]
            text = json.dumps({"nodeType": "Test Suite", "name": suite, "nodeIdentifier": suite, "result": "Failed", "children": cases}, ensure_ascii=False)
            out.write(("," if suite_index else "") + text)
            written += len(text.encode())
            suite_index += 1
        out.write("]}]}]}\n")


if __name__ == "__main__":
    main()
