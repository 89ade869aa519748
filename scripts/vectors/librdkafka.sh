#!/usr/bin/env bash
# Runs scripts/vectors/librdkafka.c over the keys the other generators use and writes
# core/tests/data/clients_librdkafka-<N>_ringlab.tsv and clients_librdkafka-murmur2-<N>_...
# Needs Debian's librdkafka-dev (apt-get install librdkafka-dev); run by hand.
set -euo pipefail
cd "$(dirname "$0")/../.."
gcc -O2 -o /tmp/ringlab-rdk scripts/vectors/librdkafka.c -lrdkafka
version=$(dpkg-query -W -f='${Version}' librdkafka-dev)
keys() {
  for i in $(seq 0 119); do echo "user:$i"; done
  for i in $(seq 0 59); do echo "session-$((i * 7919))"; done
  for i in $(seq 0 39); do printf 'obj/%x/thumb.jpg\n' "$i"; done
  printf '%s\n' apple test é ñandú 日本 smörgåsbord über:1 naïve 😀 ''
}
for n in 6 12; do
  out=$(keys | /tmp/ringlab-rdk "$n")
  { echo "# client=librdkafka partitions=$n source=librdkafka@$version(rd_kafka_msg_partitioner_consistent_random;an-empty-key-is-random)"
    echo "$out" | awk -F'\t' '$2 != -1 {print $1 "\t" $2}'
  } > "core/tests/data/clients_librdkafka-${n}_ringlab.tsv"
  { echo "# client=librdkafka-murmur2 partitions=$n source=librdkafka@$version(rd_kafka_msg_partitioner_murmur2_random)"
    echo "$out" | awk -F'\t' '{print $1 "\t" $3}'
  } > "core/tests/data/clients_librdkafka-murmur2-${n}_ringlab.tsv"
done
echo "librdkafka: $(keys | wc -l) keys, 6 and 12 partitions"
