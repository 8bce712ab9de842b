#!/usr/bin/env python3
"""Paired-run timing for `make bench`: wall time and peak RSS per process (from wait4).

    python3 bench/measure.py --runs 5 [--size FILE] [--setup 'SHELL COMMAND'] --label canopy -- CMD… --label c-reader -- CMD…

Each round runs every command once, in order, so machine noise hits all of them alike; the
table shows the median wall time, the median ratio of each command to the first (paired per
round), and the peak RSS. `--setup` runs before every round, untimed (a fresh copy of a store).
"""
import os
import statistics
import subprocess
import sys
import time


def run(command):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"bench: {' '.join(command)} exited {code}: {stderr[-2000:]}")
    return elapsed, usage.ru_maxrss / 1024.0  # MiB


def main():
    args = sys.argv[1:]
    runs = 5
    size_mb = None
    if args[:1] == ["--runs"]:
        runs = int(args[1]); args = args[2:]
    if args[:1] == ["--size"]:
        size_mb = os.path.getsize(args[1]) / 1e6; args = args[2:]
    setup = None
    if args[:1] == ["--setup"]:
        setup = args[1]; args = args[2:]
    commands = []
    while args:
        assert args[0] == "--label", "expected --label NAME -- CMD…"
        label = args[1]
        assert args[2] == "--"
        end = args.index("--label", 3) if "--label" in args[3:] else len(args)
        commands.append((label, args[3:end]))
        args = args[end:]
    times = {label: [] for label, _ in commands}
    rss = {label: 0.0 for label, _ in commands}
    for _ in range(runs):
        if setup:
            subprocess.run(["bash", "-c", setup], check=True)
        for label, command in commands:
            elapsed, peak = run(command)
            times[label].append(elapsed)
            rss[label] = max(rss[label], peak)
    first = commands[0][0]
    print(f"| command | median wall (s) | throughput (MB/s) | ratio to {first} (median of paired) | peak RSS (MiB) |")
    print("|---|---|---|---|---|")
    for label, _ in commands:
        median = statistics.median(times[label])
        ratio = statistics.median(a / b for a, b in zip(times[label], times[first]))
        throughput = f"{size_mb / median:.0f}" if size_mb else "-"
        print(f"| {label} | {median:.3f} | {throughput} | {ratio:.2f} | {rss[label]:.1f} |")


if __name__ == "__main__":
    main()
