#!/usr/bin/env python3
"""Prints criterion's last results as the Markdown tables of BENCHMARKS.md.

    cargo bench -p ringlab-core
    python3 scripts/bench-table.py [target/criterion ...]

Given several criterion folders (copies kept from several runs), each figure is the
lowest of the runs' medians: on a shared machine, the run least disturbed by others.

For every group, one row per size: each implementation's median time per key (the
iteration's median over the keys it looked up; per build for the build groups, per ring
for the experiment) and, for each other entry, the ratio other / ringlab (above 1:
ringlab is faster).

    python3 scripts/bench-table.py --splice BENCHMARKS.md NAME < table.md

replaces what stands between the lines `<!-- NAME:begin -->` and `<!-- NAME:end -->` of
BENCHMARKS.md with standard input (`make bench-browser` and `make lighthouse` write their
tables this way).
"""

import json
import os
import sys

# The ringlab entry each group's ratios are taken against.
BASELINE = {
    "ketama_lookup": "ringlab_nginx",
    "ketama_build": "ringlab_nginx",
    "experiment_ring": "busiest_ring_uniform",
    "ring_edit": "derive",
}
# Groups shown per iteration (one ring) rather than per element.
PER_ITERATION = {"experiment_ring"}


def median_and_elements(directory):
    with open(os.path.join(directory, "new", "estimates.json")) as f:
        median = json.load(f)["median"]["point_estimate"]
    with open(os.path.join(directory, "new", "benchmark.json")) as f:
        throughput = json.load(f).get("throughput") or {}
    return median, throughput.get("Elements", 1)


def fmt(ns):
    if ns >= 1e6:
        return "%.2f ms" % (ns / 1e6)
    if ns >= 1e3:
        return "%.2f µs" % (ns / 1e3)
    return "%.1f ns" % ns


def size_key(size):
    return [int(part) for part in size.split("x") if part.isdigit()]


def collect(root):
    """group -> size -> implementation -> median ns per key (or per iteration)."""
    found = {}
    for group in os.listdir(root):
        group_dir = os.path.join(root, group)
        if group == "report" or not os.path.isdir(group_dir):
            continue
        for implementation in os.listdir(group_dir):
            impl_dir = os.path.join(group_dir, implementation)
            if implementation == "report" or not os.path.isdir(impl_dir):
                continue
            for size in os.listdir(impl_dir):
                size_dir = os.path.join(impl_dir, size)
                if not os.path.exists(os.path.join(size_dir, "new", "estimates.json")):
                    continue
                median, elements = median_and_elements(size_dir)
                per = 1 if group in PER_ITERATION else elements
                found.setdefault(group, {}).setdefault(size, {})[implementation] = median / per
    return found


def splice(path, name, text):
    """Replaces the lines between `<!-- name:begin -->` and `<!-- name:end -->` of `path`."""
    begin, end = "<!-- %s:begin -->" % name, "<!-- %s:end -->" % name
    with open(path) as f:
        lines = f.read().split("\n")
    try:
        first = next(i for i, line in enumerate(lines) if line.strip() == begin)
        last = next(i for i, line in enumerate(lines) if i > first and line.strip() == end)
    except StopIteration:
        sys.exit("%s: no %s ... %s lines" % (path, begin, end))
    body = text.strip("\n").split("\n")
    if not text.strip():
        sys.exit("nothing to write between %s and %s" % (begin, end))
    with open(path, "w") as f:
        f.write("\n".join(lines[: first + 1] + body + lines[last:]))


def main():
    if sys.argv[1:2] == ["--splice"]:
        if len(sys.argv) != 4:
            sys.exit("usage: bench-table.py --splice FILE NAME < table.md")
        splice(sys.argv[2], sys.argv[3], sys.stdin.read())
        return
    roots = sys.argv[1:] or ["target/criterion"]
    groups = {}
    for root in roots:
        for group, sizes in collect(root).items():
            for size, row in sizes.items():
                best = groups.setdefault(group, {}).setdefault(size, {})
                for implementation, ns in row.items():
                    best[implementation] = min(ns, best.get(implementation, ns))
    for group in sorted(groups):
        results = groups[group]
        implementations = sorted({i for row in results.values() for i in row})
        baseline = BASELINE.get(group, "ringlab")
        if baseline not in implementations:
            baseline = implementations[0]
        others = [i for i in implementations if i != baseline]
        print("### %s\n" % group)
        header = ["size", baseline] + others + ["%s / %s" % (o, baseline) for o in others]
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for size in sorted(results, key=size_key):
            row = results[size]
            base = row.get(baseline)
            cells = [size] + [fmt(row[i]) if i in row else "" for i in [baseline] + others]
            for other in others:
                ratio = row[other] / base if base and other in row else None
                cells.append("%.2f" % ratio if ratio is not None else "")
            print("| " + " | ".join(cells) + " |")
        print()


if __name__ == "__main__":
    main()
