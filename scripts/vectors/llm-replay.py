#!/usr/bin/env python3
"""An independent replay of ringlab's LLM cache rule, in Python, for the reference file
core/tests/data/llm_conversation_ring2.tsv.

The workers come from `ringlab lookup --scheme ring` on each request's prefix key (its
first two block ids joined by commas) over worker-0 ... worker-7; the cache rule is
written again here: a request's cached blocks are the leading run of its block ids in
its worker's cache, then its blocks are touched from last to first, the least recently
used evicted past 20,000 blocks.

Run from the repository root: python3 scripts/vectors/llm-replay.py > core/tests/data/llm_conversation_ring2.tsv
"""
import json
import subprocess
from collections import OrderedDict

TRACE = "data/mooncake/conversation_trace.jsonl"
WORKERS, CAPACITY, K = 8, 20_000, 2

requests = [json.loads(line) for line in open(TRACE) if line.strip()]
keys = "".join(",".join(str(b) for b in r["hash_ids"][:K]) + "\n" for r in requests)
servers = ",".join(f"worker-{i}" for i in range(WORKERS))
looked_up = subprocess.run(
    ["cargo", "run", "-q", "-p", "ringlab-cli", "--bin", "ringlab", "--", "lookup", "--scheme", "ring", "--servers", servers],
    input=keys, capture_output=True, text=True, check=True,
).stdout.splitlines()
workers = [line.rsplit("\t", 1)[1] for line in looked_up]
assert len(workers) == len(requests)

caches = {}
print(f"# llm replay: data/mooncake/conversation_trace.jsonl, router=ring K={K} vnodes=160, workers={WORKERS}, cache_blocks={CAPACITY}; by scripts/vectors/llm-replay.py (Python OrderedDict LRU); index, worker, cached_blocks")
for i, (r, w) in enumerate(zip(requests, workers)):
    cache = caches.setdefault(w, OrderedDict())
    blocks = r["hash_ids"]
    run = 0
    while run < len(blocks) and blocks[run] in cache:
        run += 1
    for b in reversed(blocks):
        cache[b] = True
        cache.move_to_end(b)
        while len(cache) > CAPACITY:
            cache.popitem(last=False)
    print(f"{i}\t{w}\t{run}")
