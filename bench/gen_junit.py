#!/usr/bin/env python3
"""Deterministic generator of realistic JUnit XML for `make bench`.

Writes an xcbeautify/trainer-like report of an iOS UI-test job: UI test bundles, classes, tests
with retries, ~10% failing with real XCUITest wordings (docs/input-formats.md) that carry identifiers,
and captured `system-out` logs (the bulk of the bytes). `--dense` writes no system-out, so the
file has ~6x more elements per MB; `--log-scale N` writes N times the log lines, so a file within
Canopy's 250,000 testcases per JUnit file can still be 1 GB.

    python3 bench/gen_junit.py --tests 90000 --out bench/out/junit-100mb.xml
    python3 bench/gen_junit.py --tests 225000 --log-scale 5 --out bench/out/junit-1gb-225k.xml
    python3 bench/gen_junit.py --tests 220000 --dense --out bench/out/junit-dense-220k.xml
"""
import argparse
import random

SCREENS = ["Login", "Feed", "Podcast", "Player", "Search", "Settings", "Checkout", "Profile", "Library", "Onboarding"]
ELEMENTS = ["Submit", "Cancel", "Title", "Row", "PlayButton", "PauseButton", "SearchField", "Toggle", "Cell", "Header"]
TYPES = ["Button", "Cell", "StaticText", "TextField", "Switch", "Image"]

FAILURES = [
    'Failed to tap "{id}" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate \'"{id}" IN identifiers\'`, given input App element pid: {pid}',
    'Failed to get matching snapshot: No matches found for Descendants matching type Table from input {{( Application, pid: {pid}, label: \'App\' )}}',
    'Failed to tap "{id}" Button: Find single matching element. Multiple matching elements found for <XCUIElementQuery: 0x{addr:012x}>.',
    'Failed to get matching snapshots: Timed out while evaluating UI query.',
    'Failed to synthesize event: Failed to scroll to visible (by AX action) Button, identifier: \'{id}\'',
    'Neither element nor any descendant has keyboard focus. Element: TextField, identifier: \'{id}\'',
    'App event loop idle notification not received, will attempt to continue.',
    'Test operation failure: Lost connection to test manager service.',
    'Lost connection to the application (pid {pid})',
    'Asynchronous wait failed: Exceeded timeout of {secs} seconds, with unfulfilled expectations: "{id} exists".',
    'XCTAssertEqual failed: ("{n}") is not equal to ("{m}")',
    'XCTAssertTrue failed - {id} is not hittable',
    'Snapshot does not match reference',
    'Test crashed with signal abrt',
]

LOG_LINES = [
    "t = {t:>7.2f}s     Tap \"{id}\" {type}",
    "t = {t:>7.2f}s         Wait for com.example.app to idle",
    "t = {t:>7.2f}s         Find the \"{id}\" {type}",
    "t = {t:>7.2f}s         Check for interrupting elements affecting \"{id}\" {type}",
    "t = {t:>7.2f}s         Synthesize event",
    "t = {t:>7.2f}s     Checking existence of `\"{id}\" {type}`",
    "t = {t:>7.2f}s     Requesting snapshot of accessibility hierarchy for app with pid {pid}",
    "t = {t:>7.2f}s     Find: Descendants matching type {type}",
    "t = {t:>7.2f}s     Find: Elements matching predicate '\"{id}\" IN identifiers'",
]


def identifier(rng):
    screen = rng.choice(SCREENS)
    if rng.random() < 0.3:
        return f"Podcast-{rng.randint(1000, 99999)}-row"
    return f"{screen}.{rng.choice(['Main', 'Sheet', 'List', 'Header'])}.{rng.choice(ELEMENTS)}"


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def system_out(rng, lines):
    t = 0.0
    out = []
    for _ in range(lines):
        t += rng.random() * 0.4
        out.append(rng.choice(LOG_LINES).format(t=t, id=identifier(rng), type=rng.choice(TYPES), pid=rng.randint(1000, 99999)))
    return "\n".join(out)


def failure_message(rng):
    template = rng.choice(FAILURES)
    return template.format(id=identifier(rng), pid=rng.randint(1000, 99999), addr=rng.getrandbits(44),
                           secs=rng.choice([5, 10, 30]), n=rng.randint(0, 99), m=rng.randint(0, 99))


def testcases(tests, dense=False, log_scale=1, seed=20261122):
    """The report's content in file order: ("class", bundle, cls) before each class's testcases,
    then ("testcase", cls, name, attempt, time, failure, skipped, log) per <testcase> element
    (retries of a test follow each other; failure is (message, line) or None; log unescaped or
    None). bench/gen_xcresult.py --like-junit writes the same tests as xcresulttool JSON."""
    rng = random.Random(seed)
    bundles = ["AppUITests", "CheckoutUITests", "PlayerUITests", "AccessibilityUITests"]
    per_class = 30
    written = 0
    class_index = 0
    while written < tests:
        bundle = bundles[class_index % len(bundles)]
        cls = f"{bundle}.{rng.choice(SCREENS)}Tests{class_index}"
        class_index += 1
        yield ("class", bundle, cls)
        for i in range(per_class):
            if written >= tests:
                break
            written += 1
            name = f"test{rng.choice(SCREENS)}{rng.choice(ELEMENTS)}{i}()"
            roll = rng.random()
            attempts = 1
            if roll < 0.10:
                attempts = rng.choice([1, 2, 3])  # failing; some retried
            for attempt in range(attempts):
                failing = roll < 0.10 and not (attempts > 1 and attempt == attempts - 1 and rng.random() < 0.5)
                time = f"{rng.random() * 20:.3f}"
                failure = None
                if failing:
                    message = failure_message(rng)
                    failure = (message, rng.randint(10, 400))
                skipped = not failing and roll > 0.995
                log = None if dense else system_out(rng, rng.randint(6, 17) * log_scale)
                yield ("testcase", cls, name, attempt, time, failure, skipped, log)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tests", type=int, default=90000)
    parser.add_argument("--out", required=True)
    parser.add_argument("--dense", action="store_true", help="no system-out: many more elements per MB")
    parser.add_argument("--log-scale", type=int, default=1, help="times the log lines of each testcase's system-out")
    parser.add_argument("--seed", type=int, default=20261122)
    args = parser.parse_args()
    with open(args.out, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        out.write(f'<testsuites name="All tests" tests="{args.tests}">\n')
        open_class = False
        for event in testcases(args.tests, args.dense, args.log_scale, args.seed):
            if event[0] == "class":
                if open_class:
                    out.write("  </testsuite>\n")
                out.write(f'  <testsuite name="{event[2]}" tests="30">\n')
                open_class = True
                continue
            _, cls, name, _, time, failure, skipped, log = event
            out.write(f'    <testcase classname="{cls}" name="{name}" time="{time}">\n')
            if failure:
                out.write(f'      <failure message="{cls.split(".")[1]}.swift:{failure[1]} - {esc(failure[0])}"/>\n')
            elif skipped:
                out.write('      <skipped message="Requires a physical device"/>\n')
            if log is not None:
                out.write(f"      <system-out>{esc(log)}</system-out>\n")
            out.write("    </testcase>\n")
        if open_class:
            out.write("  </testsuite>\n")
        out.write("</testsuites>\n")


if __name__ == "__main__":
    main()
