#!/usr/bin/env python3
"""Deterministic generator of large xcbeautify/trainer-like JUnit XML for `make bench`.

    python3 bench/gen_junit.py --tests 90000 --out bench/out/junit-100mb.xml
    python3 bench/gen_junit.py --tests 90000 --dense --out bench/out/junit-dense.xml

About 10% of tests fail with FORMATS.md section 5 wordings (identifiers, pids, addresses and
durations varying), some are retried (a later passing or failing <testcase> of the same name), a
few are skipped. Every test writes an activity log to <system-out> (xcodebuild's `t = 1.23s Tap
"X" Button` lines) sized so that 90,000 tests make ~100 MB; `--dense` writes no system-out.
The same --seed always produces the same bytes.
"""
import argparse
import os
import random
from xml.sax.saxutils import quoteattr, escape

SCREENS = ["Login", "Feed", "Podcast", "Player", "Search", "Settings", "Checkout", "Profile", "Library", "Onboarding"]
ELEMENTS = ["Submit", "Cancel", "Title", "PlayButton", "Row", "Cell", "SearchField", "Toggle", "BackButton", "ShareButton"]
TYPES = ["Button", "Cell", "StaticText", "TextField", "Switch", "Image"]


def identifier(rng):
    kind = rng.random()
    if kind < 0.35:
        return f"Podcast-{rng.randint(1, 5000)}-row"
    if kind < 0.55:
        return f"Feed.Cell.{rng.randint(0, 40)}"
    if kind < 0.65:
        return f"code-key-{rng.randint(0, 9)}"
    return f"{rng.choice(SCREENS)}.{rng.choice(ELEMENTS)}"


def failure_message(rng, ident):
    pid = rng.randint(1000, 99999)
    address = "0x6000%08x" % rng.getrandbits(32)
    kind = TYPES[rng.randint(0, 1)]
    choices = [
        (30, f'Failed to tap "{ident}" {kind}: No matches found for first query match sequence: `Descendants matching type {kind}` -> `Elements matching predicate \'"{ident}" IN identifiers\'`, given input App element pid: {pid}'),
        (8, f"Failed to get matching snapshot: No matches found for Descendants matching type Table from input {{( Application, pid: {pid}, label: 'App' )}}"),
        (8, f'Failed to tap "{ident}" Button: Find single matching element. Multiple matching elements found for <XCUIElementQuery: {address}>.'),
        (8, "Failed to get matching snapshots: Timed out while evaluating UI query."),
        (5, f"Failed to synthesize event: Failed to scroll to visible (by AX action) Button, identifier: '{ident}'"),
        (3, f"Failed to synthesize event: Failed to compute hit point for Button, identifier: '{ident}'"),
        (3, "Neither element nor any descendant has keyboard focus"),
        (2, "App event loop idle notification not received, will attempt to continue."),
        (2, "Test operation failure: Lost connection to test manager service."),
        (3, f"Lost connection to the application (pid {pid})"),
        (1, "Early unexpected exit, operation never finished bootstrapping - no restart will be attempted."),
        (1, "The test runner hung before establishing connection"),
        (1, f"Test crashed with signal {rng.choice(['kill', 'term', 'abrt', 'segv'])}"),
        (6, f'Asynchronous wait failed: Exceeded timeout of {rng.choice([5, 10, 30])} seconds, with unfulfilled expectations: "{rng.choice(SCREENS)} loaded".'),
        (1, f"Invalid query - string identifier '{ident}{'x' * 120}' exceeds maximum length of 128 characters"),
        (10, f"XCTAssertTrue failed - {rng.choice(SCREENS)} banner not shown"),
        (5, f'XCTAssertEqual failed: ("{rng.randint(1, 9)}") is not equal to ("{rng.randint(10, 99)}")'),
        (2, "Snapshot does not match reference"),
        (1, "No reference was found on disk. Automatically recorded snapshot"),
        (1, f'identifier == "{ident}" AND value == "Color" not found'),
    ]
    total = sum(weight for weight, _ in choices)
    pick = rng.uniform(0, total)
    for weight, message in choices:
        pick -= weight
        if pick <= 0:
            return message
    return choices[-1][1]


def activity_log(rng, lines, ident):
    out = [f"Test Case '-[AppUITests.Suite test]' started.", f"    t =     0.00s Start Test at 2026-11-22 03:{rng.randint(10, 59)}:{rng.randint(10, 59)}.{rng.randint(100, 999)}"]
    t = 0.0
    for _ in range(lines):
        t += rng.uniform(0.05, 1.5)
        target = ident if rng.random() < 0.3 else identifier(rng)
        verb = rng.choice(["Tap", "Tap", "Swipe up", "Double tap", "Press"])
        out.append(f'    t = {t:8.2f}s {verb} "{target}" {rng.choice(TYPES)}')
        out.append(f"    t = {t + 0.01:8.2f}s     Wait for com.example.app to idle")
        out.append(f'    t = {t + 0.02:8.2f}s     Find the "{target}" {rng.choice(TYPES)}')
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tests", type=int, default=90000)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--failure-rate", type=float, default=0.10)
    parser.add_argument("--log-lines", type=int, default=4, help="activity lines per test (3 XML lines each)")
    parser.add_argument("--dense", action="store_true", help="no system-out")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    per_suite = 50
    testcases = failures = 0
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="AppUITests.xctest" tests="{args.tests}">\n')
        for suite_index in range(0, args.tests, per_suite):
            suite = f"AppUITests.{SCREENS[(suite_index // per_suite) % len(SCREENS)]}Tests{suite_index // per_suite}"
            out.write(f'  <testsuite name="{suite}" tests="{min(per_suite, args.tests - suite_index)}">\n')
            for index in range(suite_index, min(args.tests, suite_index + per_suite)):
                name = f"test{rng.choice(ELEMENTS)}{index}()"
                ident = identifier(rng)
                roll = rng.random()
                attempts = []
                if roll < args.failure_rate:
                    retried = rng.random() < 0.3
                    attempts.append(("failed", failure_message(rng, ident)))
                    if retried:
                        attempts.append(("passed", None) if rng.random() < 0.6 else ("failed", failure_message(rng, ident)))
                elif roll < args.failure_rate + 0.02:
                    attempts.append(("skipped", None))
                else:
                    attempts.append(("passed", None))
                for repetition, (outcome, message) in enumerate(attempts):
                    testcases += 1
                    time = f"{rng.uniform(0.5, 40):.3f}"
                    out.write(f'    <testcase classname="{suite}" name="{name}" time="{time}">\n')
                    if outcome == "failed":
                        failures += 1
                        out.write(f"      <failure message={quoteattr(message)}/>\n")
                    elif outcome == "skipped":
                        out.write('      <skipped message="Backend sandbox unavailable"/>\n')
                    out.write("      <properties>\n")
                    out.write(f'        <property name="repetition" value="{"First Run" if repetition == 0 else f"Retry {repetition}"}"/>\n')
                    out.write('        <property name="device" value="iPhone 16 Pro (18.2)"/>\n      </properties>\n')
                    if not args.dense:
                        out.write(f"      <system-out>{escape(activity_log(rng, args.log_lines, ident))}</system-out>\n")
                    out.write("    </testcase>\n")
            out.write("  </testsuite>\n")
        out.write("</testsuites>\n")
    size = os.path.getsize(args.out)
    print(f"wrote {args.out}: {size / 1e6:.1f} MB, {args.tests} tests, {testcases} testcases, {failures} failures")


if __name__ == "__main__":
    main()
