#!/usr/bin/env python3
"""Counts cargo-mutants' outcomes per module, for MUTANTS.md.

    mutants-table.py OUTCOMES.json                 prints one run's counts and its missed mutants
    mutants-table.py --splice MUTANTS.md DIR...    writes the table of the runs in DIR/mutants.out
                                                   between <!-- mutants:begin --> and <!-- mutants:end -->

Caught counts timeouts too (the mutant hung a test, which cargo-mutants stops: the suite
noticed); viable mutants are all but the unviable ones (those that do not build).
"""
import json
import re
import sys
from pathlib import Path


def outcomes(path):
    data = json.loads(Path(path).read_text())
    for outcome in data.get("outcomes", []):
        scenario = outcome.get("scenario")
        if not isinstance(scenario, dict) or "Mutant" not in scenario:
            continue
        mutant = scenario["Mutant"]
        yield mutant, outcome.get("summary", "")


def where(mutant):
    file = mutant.get("file") or mutant.get("source_file") or "?"
    line = (mutant.get("span") or {}).get("start", {}).get("line", "?")
    return f"{file}:{line}"


def describe(mutant):
    name = mutant.get("name")
    if name:
        return name
    function = (mutant.get("function") or {}).get("function_name", "")
    return f"{where(mutant)}: {function}: replace with {mutant.get('replacement', '?')}"


def counts(path):
    tally = {"caught": 0, "timeout": 0, "missed": 0, "unviable": 0}
    missed = []
    for mutant, summary in outcomes(path):
        if summary == "CaughtMutant":
            tally["caught"] += 1
        elif summary == "Timeout":
            tally["timeout"] += 1
        elif summary == "MissedMutant":
            tally["missed"] += 1
            missed.append(describe(mutant))
        elif summary == "Unviable":
            tally["unviable"] += 1
    return tally, missed


def row(name, tally):
    viable = tally["caught"] + tally["timeout"] + tally["missed"]
    caught = tally["caught"] + tally["timeout"]
    share = f"{100 * caught / viable:.1f}%" if viable else "n/a"
    return f"| {name} | {viable} | {tally['caught']} | {tally['timeout']} | {tally['missed']} | {tally['unviable']} | {share} |"


def main(args):
    if args and args[0] == "--splice":
        target, dirs = Path(args[1]), args[2:]
        lines = ["| module | viable | caught | timed out | missed | unviable | caught or timed out |", "|---|---|---|---|---|---|---|"]
        for d in dirs:
            path = Path(d) / "mutants.out" / "outcomes.json"
            if not path.exists():
                lines.append(f"| `{Path(d).name}` | not run yet | | | | | |")
                continue
            tally, _ = counts(path)
            name = (Path(d) / "module").read_text().strip() if (Path(d) / "module").exists() else Path(d).name
            module, _, note = name.partition(", ")
            name = f"`{module}`" + (f" ({note})" if note else "")
            lines.append(row(name, tally))
        text = target.read_text()
        new = re.sub(r"(<!-- mutants:begin -->\n).*?(<!-- mutants:end -->)", lambda m: m.group(1) + "\n".join(lines) + "\n" + m.group(2), text, flags=re.S)
        target.write_text(new)
        print("\n".join(lines))
        return
    tally, missed = counts(args[0])
    print(row(f"`{Path(args[0]).parent.parent.name}`", tally))
    for m in missed:
        print(f"missed: {m}")


if __name__ == "__main__":
    main(sys.argv[1:])
