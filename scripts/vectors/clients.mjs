// Where the real Node client libraries put keys: hashring 3.2.0, KafkaJS 2.2.4 (both
// partitioners) and consistent-hash 1.2.2, each as its own code computes it.
//
// Run by hand, with the packages from npm in a scratch folder:
//   mkdir /tmp/vec && cd /tmp/vec && npm init -y && \
//     npm install hashring@3.2.0 kafkajs@2.2.4 consistent-hash@1.2.2
//   NODE_PATH=/tmp/vec/node_modules node scripts/vectors/clients.mjs
// Writes core/tests/data/clients_<case>_ringlab.tsv; core/tests/vectors/clients.rs reads them.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(process.env.NODE_PATH || '.', 'x.js'));
const HashRing = require('hashring');
const { Partitioners } = require('kafkajs');
const ConsistentHash = require('consistent-hash');
const version = (name) => require(`${name}/package.json`).version;

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'core', 'tests', 'data');
// Spaces split the header's fields; inside a JSON string \u0020 reads back as one.
const js = (v) => JSON.stringify(v).replace(/ /g, '\\u0020');

function keys() {
  const out = [];
  for (let i = 0; i < 120; i++) out.push(`user:${i}`);
  for (let i = 0; i < 60; i++) out.push(`session-${i * 7919}`);
  for (let i = 0; i < 40; i++) out.push(`obj/${i.toString(16)}/thumb.jpg`);
  out.push('apple', 'test', 'é', 'ñandú', '日本', 'smörgåsbord', 'über:1', 'naïve', '😀');
  return out;
}

function write(name, fields, rows) {
  const header = Object.entries(fields).map(([k, v]) => `${k}=${v}`).join(' ');
  const lines = rows.map(([k, a]) => `${k}\t${a}`);
  writeFileSync(path.join(OUT, `clients_${name}_ringlab.tsv`), `# ${header}\n${lines.join('\n')}\n`);
  console.error(`${name}: ${rows.length} rows`);
}

// hashring: rings whose point counts the doubles decide, the default port, hash_ring
// compatibility, a server's own vnodes, and a removal.
const seven = Array.from({ length: 7 }, (_, i) => `10.0.0.${i + 1}:11211`);
const hashrings = [
  ['hashring-seven', seven, {}, null],
  ['hashring-weights', { 'a:1': 1, 'b:1': 2, 'c:1': 2, 'd:1': 1, 'e:1': 1, 'f:1': 3, 'g:1': 4 }, {}, null],
  ['hashring-default-port', ['10.0.0.1:11211', '10.0.0.2:11212', 'cache-x:11211'], { 'default port': 11211 }, null],
  ['hashring-compat', ['10.9.8.1:11211', '10.9.8.2:11211', '10.9.8.3:11211'], { compatibility: 'hash_ring' }, null],
  ['hashring-vnodes', { 'a:1': { weight: 1, vnodes: 80 }, 'b:1': 1, 'c:1': { weight: 3 } }, {}, null],
  ['hashring-removed', seven, {}, '10.0.0.3:11211'],
];
for (const [name, servers, options, dead] of hashrings) {
  const ring = new HashRing(servers, 'md5', options);
  if (dead) ring.remove(dead);
  const names = Array.isArray(servers) ? servers : Object.keys(servers);
  const extra = names.flatMap((n) => [0, 1, 7].map((i) => `${n}-${i}`));
  const rows = [...keys(), ...extra].map((k) => [k, ring.get(k)]);
  const fields = { client: 'hashring', config: js(servers), options: js(options) };
  if (dead) fields.dead = dead;
  fields.source = `hashring@${version('hashring')}(HashRing.get)`;
  write(name, fields, rows);
}

// KafkaJS: both partitioners as the producer calls them.
for (const [name, make, client] of [
  ['kafkajs-default', Partitioners.DefaultPartitioner, 'kafka'],
  ['kafkajs-legacy', Partitioners.LegacyPartitioner, 'kafkajs-legacy'],
]) {
  for (const n of [6, 12]) {
    const partitioner = make();
    const partitionMetadata = Array.from({ length: n }, (_, i) => ({ partitionId: i, leader: 0 }));
    const rows = [...keys(), ''].map((k) => [k, partitioner({ topic: 't', partitionMetadata, message: { key: k } })]);
    write(`${name}-${n}`, { client, partitions: n, source: `kafkajs@${version('kafkajs')}(Partitioners)` }, rows);
  }
}

// consistent-hash: uniform rings, a given random ring (its points read back), a removal.
const nodes5 = ['cache-1', 'cache-2', 'cache-3', 'cache-4', 'cache-5'];
const uniform = [
  ['consistent-hash-uniform', nodes5, { distribution: 'uniform' }, null],
  ['consistent-hash-uniform-range', nodes5, { distribution: 'uniform', range: 1009, weight: 10 }, null],
  ['consistent-hash-uniform-removed', nodes5, { distribution: 'uniform' }, 'cache-2'],
];
for (const [name, list, options, dead] of uniform) {
  const ring = new ConsistentHash(options);
  for (const n of list) ring.add(n);
  ring.get('warm-up'); // uniform points are set at the first lookup
  if (dead) ring.remove(dead);
  const rows = keys().map((k) => [k, ring.get(k)]);
  const fields = { client: 'consistent-hash', config: js(list), options: js(options) };
  if (dead) fields.dead = dead;
  fields.source = `consistent-hash@${version('consistent-hash')}(ConsistentHash.get)`;
  write(name, fields, rows);
}
{
  const ring = new ConsistentHash();
  for (const n of nodes5) ring.add(n);
  const config = nodes5.map((n, i) => ({ node: n, points: ring._nodeKeys[i] }));
  const rows = keys().map((k) => [k, ring.get(k)]);
  write('consistent-hash-random', {
    client: 'consistent-hash', config: js(config), options: '{}',
    source: `consistent-hash@${version('consistent-hash')}(ConsistentHash.get;Math.random-points-read-back)`,
  }, rows);
}
