#!/usr/bin/env bash
# `make bench-cli`: the busiest table (N = 10, 100, 1,000; V = 1 ... 1,024; RINGS rings per
# setting, default 400) by the command line (release build, every core) and by numpy
# (bench/numpy/busiest.py, the same method), one after the other in one run; prints both
# times and their ratio. numpy comes from PyPI into target/numpy-venv.
set -euo pipefail
cd "$(dirname "$0")/../.."
rings=${RINGS:-400}
venv=target/numpy-venv
if ! cmp -s bench/numpy/requirements.txt "$venv/.ringlab-requirements.txt"; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q -r bench/numpy/requirements.txt
  cp bench/numpy/requirements.txt "$venv/.ringlab-requirements.txt"
fi
cargo build -q --release -p ringlab-cli
args=(--servers 10,100,1000 --points 1,2,4,...,1024 --rings "$rings" --seed 1)
t0=$(date +%s.%N)
target/release/ringlab experiment busiest "${args[@]}" --method ring > target/bench-cli-busiest.tsv
t1=$(date +%s.%N)
"$venv/bin/python" bench/numpy/busiest.py "${args[@]}" > target/bench-numpy-busiest.tsv
t2=$(date +%s.%N)
python3 - "$t0" "$t1" "$t2" "$rings" <<'PY'
import sys
t0, t1, t2 = map(float, sys.argv[1:4])
cli, numpy = t1 - t0, t2 - t1
print(f"busiest table, {sys.argv[4]} rings per setting, 33 settings:")
print(f"  ringlab (release, all cores): {cli:.2f} s")
print(f"  numpy (one core):             {numpy:.2f} s")
print(f"  ratio: {numpy / cli:.1f}x")
PY
