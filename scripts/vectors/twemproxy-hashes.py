#!/usr/bin/env python3
"""Where real nutcracker (twemproxy) sends keys under each of its hash functions.

Starts three stand-in memcached servers on loopback that only record the keys they are
asked for, runs Debian's nutcracker in front of them once per `hash:` value (the pool
uses `distribution: ketama`), sends `get <key>` for every key and writes which server
received it. Output: core/tests/data/twemproxy_nutcracker_hashes_3.tsv.

Needs Debian's `nutcracker` package (`apt-get install nutcracker`); run it by hand:
    python3 scripts/vectors/twemproxy-hashes.py
"""
import os, socket, subprocess, sys, tempfile, threading, time

HASHES = ["one_at_a_time", "md5", "crc16", "crc32", "crc32a", "fnv1_64", "fnv1a_64",
          "fnv1_32", "fnv1a_32", "hsieh", "murmur", "jenkins"]
SERVERS = [("cache-a", 1), ("cache-b", 2), ("cache-c", 1)]
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "core", "tests", "data",
                   "twemproxy_nutcracker_hashes_3.tsv")

def keys():
    # Every length from 1 to 24 (each tail of 0 to 3 bytes, several 4-byte words),
    # bytes above 0x7f, and ordinary names.
    out = []
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    for n in range(1, 25):
        for s in range(3):
            out.append("".join(alphabet[(i * 7 + s * 5 + n) % len(alphabet)] for i in range(n)))
    out += [f"user:{i}" for i in range(40)] + [f"session-{i * 7919}" for i in range(20)]
    out += ["é", "ñandú", "日本", "smörgåsbord", "über:1", "naïve", "café-42", "Ωmega"]
    return out

received = {}

def serve(name, sock):
    while True:
        conn, _ = sock.accept()
        threading.Thread(target=handle, args=(name, conn), daemon=True).start()

def handle(name, conn):
    buf = b""
    while True:
        data = conn.recv(65536)
        if not data:
            return
        buf += data
        while b"\r\n" in buf:
            line, buf = buf.split(b"\r\n", 1)
            if line.startswith(b"get "):
                for key in line[4:].split(b" "):
                    received[key] = name
                conn.sendall(b"END\r\n")

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]; s.close()
    return port

def main():
    backends = []
    for name, weight in SERVERS:
        s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(16)
        threading.Thread(target=serve, args=(name, s), daemon=True).start()
        backends.append((name, weight, s.getsockname()[1]))
    version = subprocess.run(["nutcracker", "--version"], capture_output=True, text=True)
    version = (version.stdout + version.stderr).strip().splitlines()[0].replace("This is nutcracker-", "nutcracker ")
    rows = []
    for h in HASHES:
        port, stats = free_port(), free_port()
        lines = "".join(f"   - 127.0.0.1:{p}:{w} {n}\n" for n, w, p in backends)
        conf = (f"pool:\n  listen: 127.0.0.1:{port}\n  hash: {h}\n  distribution: ketama\n"
                f"  auto_eject_hosts: false\n  servers:\n{lines}")
        with tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False) as f:
            f.write(conf)
        proc = subprocess.Popen(["nutcracker", "-c", f.name, "-s", str(stats), "-a", "127.0.0.1", "-o", "/dev/null"])
        try:
            for _ in range(100):
                try:
                    c = socket.create_connection(("127.0.0.1", port)); break
                except OSError:
                    time.sleep(0.05)
            else:
                sys.exit(f"nutcracker did not listen on {port}")
            for key in keys():
                received.clear()
                c.sendall(b"get " + key.encode() + b"\r\n")
                reply = b""
                while not reply.endswith(b"\r\n"):
                    reply += c.recv(4096)
                assert reply == b"END\r\n", reply
                rows.append((h, key, received[key.encode()]))
            c.close()
        finally:
            proc.terminate(); proc.wait()
    with open(OUT, "w") as out:
        pool = ",".join(f"{n}={w}" for n, w, _ in backends)
        out.write(f"# scheme=twemproxy distribution=ketama servers={pool} "
                  f"config=[127.0.0.1:PORT:WEIGHT NAME] columns=hash,key,server "
                  f"source={version} (Debian bookworm amd64), scripts/vectors/twemproxy-hashes.py\n")
        for h, key, name in rows:
            out.write(f"{h}\t{key}\t{name}\n")
    print(f"{len(rows)} rows -> {OUT}", file=sys.stderr)

main()
