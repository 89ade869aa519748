"""The seed experiment's busiest table in numpy: the baseline the command line is timed
against (`make bench-cli`, BENCHMARKS.md). The same method as `ringlab experiment busiest
--method ring`: per ring, N * V uniform 64-bit positions, sorted; each point owns the arc
back to the point before it; a server's share is the sum of its arcs. It prints the same
columns (its own generator, so the same law, not the same digits) and the seconds taken.

    python3 busiest.py --servers 10,100,1000 --points 1,2,4,...,1024 --rings 400
"""

import argparse
import sys
import time

import numpy as np


def counts(text):
    """`1,2,4,...,1024`: a list, a trailing `...` doubling up to the last."""
    parts = text.split(",")
    if len(parts) >= 4 and parts[-2] == "...":
        first = [int(p) for p in parts[:-2]]
        last = int(parts[-1])
        out = list(first)
        while out[-1] * 2 <= last:
            out.append(out[-1] * 2)
        return out
    return [int(p) for p in parts]


def ring(rng, servers, points):
    """One ring: the busiest share over the fair share, and the shares' CV."""
    positions = rng.integers(0, 2**64, size=servers * points, dtype=np.uint64, endpoint=False)
    owners = np.repeat(np.arange(servers), points)
    order = np.argsort(positions, kind="stable")
    sorted_positions = positions[order]
    # Each point owns the arc from the point before it (wrapping past the top).
    arcs = sorted_positions - np.roll(sorted_positions, 1)
    shares = np.bincount(owners[order], weights=arcs.astype(np.float64), minlength=servers) / 2.0**64
    return shares.max() * servers, shares.std() / shares.mean()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--servers", default="10,100,1000")
    parser.add_argument("--points", default="1,2,4,...,1024")
    parser.add_argument("--rings", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    print("servers\tpoints\trings\tmean_busiest\tp95_busiest\tspread_sqrt_points")
    for servers in counts(args.servers):
        for points in counts(args.points):
            busiest, spread = np.array([ring(rng, servers, points) for _ in range(args.rings)]).T
            print(
                f"{servers}\t{points}\t{args.rings}\t{busiest.mean():.4f}\t"
                f"{np.percentile(busiest, 95):.4f}\t{spread.mean() * points**0.5:.4f}"
            )
    print(f"seconds\t{time.perf_counter() - start:.2f}", file=sys.stderr)


if __name__ == "__main__":
    main()
