#!/usr/bin/env python3
"""Hostile input shapes at and past Canopy's input limits (docs/history-and-safety.md), for
measuring peak memory with `/usr/bin/time -v` (Python 3 stdlib only, deterministic).

    python3 bench/gen_limits.py junit --testcases 250000 --out bench/out/junit-250k.xml
    python3 bench/gen_limits.py snapshots --files 5 --screens 1000 --elements 80 --out bench/out/snap-run-limit
"""
import argparse
import os


def junit(args):
    with open(args.out, "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="AppUITests">\n')
        out.write('  <testsuite name="AppUITests.GeneratedTests">\n')
        for index in range(args.testcases):
            name = f"testGenerated{index:07d}WithADescriptiveName"
            if index % 10 == 9:
                out.write(f'    <testcase classname="AppUITests.GeneratedTests" name="{name}" time="1.5">'
                          f'<failure message="Failed to tap &quot;Row.{index}&quot; Button: No matches found"/></testcase>\n')
            else:
                out.write(f'    <testcase classname="AppUITests.GeneratedTests" name="{name}" time="1.5"/>\n')
        out.write("  </testsuite>\n</testsuites>\n")


def snapshots(args):
    os.makedirs(args.out, exist_ok=True)
    for file in range(args.files):
        with open(os.path.join(args.out, f"screens-{file:03d}.json"), "w") as out:
            out.write('{"screens":[')
            for screen in range(args.screens):
                if screen:
                    out.write(",")
                children = ",".join(
                    f'{{"identifier":"S{screen}.Row.{e}","label":"Row {e}","elementType":"button"}}'
                    for e in range(args.elements - 1))
                out.write(f'{{"name":"F{file}S{screen}","root":{{"elementType":"other","children":[{children}]}}}}')
            out.write("]}\n")


def main():
    parser = argparse.ArgumentParser()
    kinds = parser.add_subparsers(dest="kind", required=True)
    j = kinds.add_parser("junit")
    j.add_argument("--testcases", type=int, required=True)
    j.add_argument("--out", required=True)
    s = kinds.add_parser("snapshots")
    s.add_argument("--files", type=int, required=True)
    s.add_argument("--screens", type=int, required=True)
    s.add_argument("--elements", type=int, required=True, help="elements per screen, its root included")
    s.add_argument("--out", required=True)
    args = parser.parse_args()
    junit(args) if args.kind == "junit" else snapshots(args)


if __name__ == "__main__":
    main()
