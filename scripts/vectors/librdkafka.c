/* Where librdkafka's partitioners put keys: its default, consistent_random (CRC-32),
 * and murmur2_random (Java's murmur2), called from C with no topic, which neither reads.
 *
 * Run by hand, with Debian's librdkafka-dev:
 *   gcc -O2 -o /tmp/rdk scripts/vectors/librdkafka.c -lrdkafka && \
 *   /tmp/rdk 6 < keys.txt
 * scripts/vectors/librdkafka.sh writes core/tests/data/clients_librdkafka-*_ringlab.tsv.
 * Each input line is a key; each output line is key<TAB>consistent<TAB>murmur2. */
#include <librdkafka/rdkafka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int32_t n = argc > 1 ? atoi(argv[1]) : 6;
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strcspn(line, "\n");
        line[len] = 0;
        /* An empty key goes to rd_kafka_msg_partitioner_random, which reads the topic. */
        int32_t c = len ? rd_kafka_msg_partitioner_consistent_random(NULL, line, len, n, NULL, NULL) : -1;
        int32_t m = rd_kafka_msg_partitioner_murmur2_random(NULL, line, len, n, NULL, NULL);
        printf("%s\t%d\t%d\n", line, c, m);
    }
    return 0;
}
