#!/usr/bin/env python3
"""Where the real Python client libraries put keys: uhashring 2.5, pymemcache 4.0.0,
python-memcached 1.62 and kafka-python 3.0.12, each as its own code computes it.

Run by hand, with the packages from PyPI in a virtual environment:
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install uhashring==2.5 \
        pymemcache==4.0.0 python-memcached==1.62 kafka-python==3.0.12
    /tmp/venv/bin/python scripts/vectors/clients.py
Writes core/tests/data/clients_<case>_ringlab.tsv; `core/tests/vectors/clients.rs` reads
them. Each file's first line gives the configuration as `--config`/`--options` JSON.
"""
import json, os, sys
from importlib.metadata import version

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "core", "tests", "data")

def keys():
    out = [f"user:{i}" for i in range(120)] + [f"session-{i * 7919}" for i in range(60)]
    out += [f"obj/{i:x}/thumb.jpg" for i in range(40)]
    out += ["apple", "test", "é", "ñandú", "日本", "smörgåsbord", "über:1", "naïve", "😀"]
    return out

def write(case, fields, rows):
    header = " ".join(f"{k}={v}" for k, v in fields.items())
    assert "\t" not in header
    with open(os.path.join(OUT, f"clients_{case}_ringlab.tsv"), "w") as f:
        f.write(f"# {header}\n")
        for key, answer in rows:
            assert "\t" not in key and "\n" not in key
            f.write(f"{key}\t{answer}\n")
    print(f"{case}: {len(rows)} rows", file=sys.stderr)

def js(v):
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False)

def uhashring_cases():
    from uhashring import HashRing
    src = f"uhashring@{version('uhashring')}(HashRing.get_node)"
    cases = [
        ("uhashring-default", ["cache-a:11211", "cache-b:11211", "cache-c:11211", "cache-d:11211"], {}, None),
        ("uhashring-weights", {"a": 1, "b": 3, "c": {"weight": 2, "vnodes": 80}}, {}, None),
        ("uhashring-ketama", ["127.0.0.1:11211", "127.0.0.1:11212", "127.0.0.1:11213"], {"hash_fn": "ketama"}, None),
        ("uhashring-ketama-weights", {"a": 1, "b": 2, "c": 1, "d": 2, "e": 1}, {"hash_fn": "ketama"}, None),
        ("uhashring-removed", ["cache-a:11211", "cache-b:11211", "cache-c:11211", "cache-d:11211"], {}, "cache-c:11211"),
        ("uhashring-ketama-removed", {"a": 1, "b": 2, "c": 1, "d": 2, "e": 1}, {"hash_fn": "ketama"}, "d"),
    ]
    for case, nodes, options, dead in cases:
        ring = HashRing(nodes=nodes, **options)
        if dead:
            ring.remove_node(dead)
        names = list(nodes) if isinstance(nodes, list) else list(nodes.keys())
        extra = [f"{n}-{i}" for n in names for i in (0, 1, 7)]
        rows = [(k, ring.get_node(k)) for k in keys() + extra]
        fields = {"client": "uhashring", "config": js(nodes), "options": js(options)}
        if dead:
            fields["dead"] = dead
        fields["source"] = src
        write(case, fields, rows)

def pymemcache_cases():
    from pymemcache.client.hash import HashClient
    from pymemcache.client.base import normalize_server_spec
    src = f"pymemcache@{version('pymemcache')}(HashClient._get_client,no-socket-opened)"
    servers = ["mc-1.example:11211", "[fd00::5]:11211", "cache-e", "mc-2.example:11311", "unix:/tmp/mc.sock"]
    for case, dead in [("pymemcache", None), ("pymemcache-removed", "cache-e")]:
        hc = HashClient(servers, allow_unicode_keys=True)
        if dead:
            # What remove_server does once a server has failed: the node leaves the hasher.
            hc.hasher.remove_node(hc._make_client_key(normalize_server_spec(dead)))
        # The answer is the server as the list writes it (`lookup --client` prints that);
        # the hasher scores the node name pymemcache makes of it.
        written = {hc._make_client_key(normalize_server_spec(s)): s for s in servers}
        names = {id(c): written[name] for name, c in hc.clients.items()}
        rows = [(k, names[id(hc._get_client(k))]) for k in keys()]
        fields = {"client": "pymemcache", "config": js(servers), "options": js({"allow_unicode_keys": True})}
        if dead:
            fields["dead"] = dead
        fields["source"] = src
        write(case, fields, rows)

def python_memcached_cases():
    import memcache
    src = f"python-memcached@{version('python-memcached')}(Client._get_server,_Host.connect-stubbed)"
    servers = ["10.0.0.1:11211", ["10.0.0.2:11211", 2], "10.0.0.3:11211", ["10.0.0.4:11211", 3], "10.0.0.5:11211"]
    for case, dead in [("python-memcached", None), ("python-memcached-dead", "10.0.0.4:11211")]:
        memcache._Host.connect = lambda self, dead=dead: 0 if f"{self.ip}:{self.port}" == dead else 1
        client = memcache.Client([tuple(s) if isinstance(s, list) else s for s in servers])
        text = {id(h): (s[0] if isinstance(s, list) else s) for h, s in zip(client.servers, servers)}
        rows = []
        for k in keys():
            key = k.encode("utf8")
            client.check_key(key)
            server, _ = client._get_server(key)
            rows.append((k, text[id(server)] if server else "(none)"))
        fields = {"client": "python-memcached", "config": js(servers), "options": "{}"}
        if dead:
            fields["dead"] = dead
        fields["source"] = src
        write(case, fields, rows)

def kafka_cases():
    from kafka.partitioner.default import DefaultPartitioner
    class Cluster:
        def __init__(self, n): self.n = n
        def topics(self): return {"t"}
        def partitions_for_topic(self, t): return set(range(self.n))
        def available_partitions_for_topic(self, t): return set(range(self.n))
    p = DefaultPartitioner()
    for n in (3, 12, 50):
        rows = [(k, p.partition("t", k, k.encode(), None, None, Cluster(n))) for k in keys()]
        write(f"kafka-python-{n}", {"client": "kafka", "partitions": n,
              "source": f"kafka-python@{version('kafka-python')}(DefaultPartitioner.partition)"}, rows)

uhashring_cases()
pymemcache_cases()
python_memcached_cases()
kafka_cases()
