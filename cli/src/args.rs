//! The command line's grammar. It is stable: the docs and tests depend on it. The bounds
//! of its numbers are in [`crate::limits`], which parses them.

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::limits;

#[derive(Parser, Debug)]
#[command(
    name = "ringlab",
    version,
    about = "Consistent hashing, exact against the systems people run",
    long_about = "Consistent hashing, exact against the systems people run.\n\n\
        Keys come from the arguments, else from standard input one per line (an empty line \
        is the empty key). Server lists are comma-separated name[=weight]."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Prints key<TAB>owner (or key<TAB>o1,o2,... with --replicas) for each key.
    Lookup(LookupArgs),
    /// Will two clients or schemes agree? The share of keys placed alike over the same
    /// servers, with its count, and the first keys they part on.
    Agree(AgreeArgs),
    /// Prints key<TAB>slot: the Redis Cluster hash slot (CRC16 with hash tags).
    Slot(KeysArg),
    /// Prints key<TAB>token: the Cassandra Murmur3Partitioner token.
    Token(KeysArg),
    /// Prints key<TAB>bucket: jump consistent hash of u64 keys.
    Jump(JumpArgs),
    /// Measured and theoretical moved fraction between two server lists, and the flows.
    Move(MoveArgs),
    /// Prints seq<TAB>key<TAB>server: arriving requests placed by an HAProxy backend's
    /// bounded loads (hash-balance-factor).
    Bounded(BoundedArgs),
    /// Per-server requests per second for Zipf traffic (and a hot key), plain or with
    /// bounded loads: the loads, max/mean, what was pushed off its home, the probes.
    Load(LoadArgs),
    /// Prints slot<TAB>server: a Maglev lookup table exactly as Envoy, Cilium, katran or
    /// go-maglev builds it.
    Maglev(MaglevArgs),
    /// Replays an LLM request trace (Mooncake JSONL) through a fleet of workers with prefix
    /// caches under a router: blocks reused, prefill computed, load and time to first token.
    Route(RouteArgs),
    /// Writes a made-up LLM request trace with sessions (JSONL, as route reads it):
    /// conversations growing turn by turn on shared system prompts of Zipf popularity.
    Trace(TraceArgs),
    /// The lab's experiments, as TSV.
    #[command(subcommand)]
    Experiment(ExperimentCommand),
}

#[derive(Args, Debug)]
pub struct TraceArgs {
    /// requests to write (1 to 200,000)
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u32).range(1..=200_000))]
    pub requests: u32,
    /// conversations, each growing turn by turn
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub sessions: u32,
    /// distinct system prompts
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub prompts: u32,
    /// the prompts' Zipf exponent: the k-th is chosen with weight 1/k^s (0 to 10)
    #[arg(long, default_value_t = 1.1)]
    pub zipf: f64,
    /// blocks (of 512 tokens) in each system prompt (1 to 64)
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub prompt_blocks: u32,
    /// requests per second, on average (0.001 to 1,000,000)
    #[arg(long, default_value_t = 5.0)]
    pub rate: f64,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

#[derive(Args, Debug)]
pub struct RouteArgs {
    /// the trace: one JSON request a line, as the Mooncake traces (`-` for standard input)
    #[arg(long)]
    pub trace: std::path::PathBuf,
    /// workers at the start, worker-0 to worker-{N-1}
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub workers: u32,
    /// blocks each worker's prefix cache holds
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub cache_blocks: u64,
    /// round-robin, random, least-loaded, modulo, ring, ring-bounded, cache-aware or session
    #[arg(long)]
    pub router: String,
    /// blocks of the prompt the hash routers hash (the prefix key: ids joined by commas)
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub prefix_blocks: u32,
    /// the ring's points per worker (ring, ring-bounded)
    #[arg(long, default_value_t = 160, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub vnodes: u32,
    /// ring-bounded: a request skips workers already running ceil(c x (in flight + 1) /
    /// workers) requests (1 to 100)
    #[arg(long, default_value_t = 1.25)]
    pub bound: f64,
    /// the random router's seed
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// a worker joins at this time, in ms from the trace's start (repeat for more)
    #[arg(long)]
    pub join: Vec<u64>,
    /// worker-I@T: that worker leaves at T ms (repeat for more)
    #[arg(long)]
    pub leave: Vec<String>,
    /// the time model: prompt tokens a worker computes per second (1 to 10^9)
    #[arg(long, default_value_t = 10_000.0)]
    pub prefill_rate: f64,
    /// the time model: ms per output token (0 to 10^6)
    #[arg(long, default_value_t = 30.0)]
    pub ms_per_token: f64,
    /// the time model: requests a worker runs at once
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub batch: u32,
    /// print index<TAB>worker<TAB>cached_blocks for every request instead of the summary
    #[arg(long)]
    pub per_request: bool,
}

/// Whose Maglev.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaglevSystem {
    /// dgryski/go-maglev (SipHash-2-4 of the names; no weights; --dead by index)
    GoMaglev,
    /// Envoy's MAGLEV (xxHash64 of the host names; weights as Envoy normalises them)
    Envoy,
    /// Cilium's (ip:port[/TCP|UDP|SCTP] backends, the default hash seed; whole weights
    /// 0 to 65535, used when their average is 2 or more)
    Cilium,
    /// katran's MaglevHash, the library default (IP-address reals, whole weights)
    Katran,
    /// katran's MaglevHashV2 (shares follow the weights)
    KatranV2,
}

#[derive(Args, Debug)]
pub struct MaglevArgs {
    #[arg(long, value_enum)]
    pub system: MaglevSystem,
    /// the table size M [default: envoy 65537, cilium 16381, katran 65537, go-maglev
    /// 65537]; Cilium takes only its ten sizes, 251 to 131071
    #[arg(long, value_parser = limits::table, allow_negative_numbers = true)]
    pub table: Option<u64>,
    /// comma-separated name[=weight]
    #[arg(long)]
    pub servers: String,
    /// go-maglev: the backends Rebuild leaves out, as indices from 0 (e.g. 1,3), read as
    /// go-maglev reads them: only in ascending order
    #[arg(long)]
    pub dead: Option<String>,
}

/// The scheme and its knobs, shared by `lookup` and `move`.
#[derive(Args, Debug, Default)]
pub struct SchemeArgs {
    /// ring, ketama, libketama, ketama-spy, nginx, cassandra, groupcache, spymemcached (any
    /// name=weight makes its locator weighted), twemproxy, envoy-ring, grpc-ring (the
    /// list in the order given, repeats allowed), modulo, jump, rendezvous, maglev (also
    /// envoy-maglev: it is Envoy's), envoy-rendezvous, redis (required, except for lookup
    /// --config); load also takes haproxy; lookup also takes mcrouter's hash functions
    /// mcrouter-ch3, mcrouter-weighted-ch3, mcrouter-rendezvous,
    /// mcrouter-weighted-rendezvous and mcrouter-crc32
    #[arg(long)]
    pub scheme: Option<String>,
    /// ring: virtual nodes per unit of weight [default: 160]; groupcache: replicas per
    /// node [default: 50, HTTPPool's]
    #[arg(long, value_parser = limits::vnodes, allow_negative_numbers = true)]
    pub vnodes: Option<u32>,
    /// maglev, envoy-maglev: the lookup table's size, a prime [default: 65537]
    #[arg(long, value_parser = limits::table, allow_negative_numbers = true)]
    pub table: Option<u64>,
    /// cassandra: tokens per node (num_tokens, 1 to 1536) [default: 16]
    #[arg(long, value_parser = limits::tokens, allow_negative_numbers = true)]
    pub tokens: Option<u32>,
    /// cassandra: draw tokens at random from this seed (default: evenly spaced)
    #[arg(long)]
    pub token_seed: Option<u64>,
    /// spymemcached: ketama, fnv1_32, fnv1a_32, fnv1_64, fnv1a_64, native or crc
    /// [default: ketama]; envoy-ring: the points' hash, xxhash or murmur2 [default:
    /// xxhash]; twemproxy: the pool's hash: one_at_a_time, md5, crc16, crc32, crc32a,
    /// fnv1_64, fnv1a_64, fnv1_32, fnv1a_32, hsieh, murmur or jenkins [default: fnv1a_64]
    #[arg(long)]
    pub hash: Option<String>,
    /// twemproxy: the pool's hash_tag, two characters such as {}
    #[arg(long)]
    pub hash_tag: Option<String>,
    /// envoy-ring, grpc-ring: minimum ring size, 1 to 8388608 [default: 1024]
    #[arg(long, value_parser = limits::ring_size, allow_negative_numbers = true)]
    pub min_ring_size: Option<u64>,
    /// envoy-ring, grpc-ring: maximum ring size, 1 to 8388608 [default: 8388608 for
    /// envoy-ring, 4096 for grpc-ring]
    #[arg(long, value_parser = limits::ring_size, allow_negative_numbers = true)]
    pub max_ring_size: Option<u64>,
    /// grpc-ring: the cap on both ring sizes (grpc.lb.ring_hash.ring_size_cap)
    /// [default: 4096]
    #[arg(long, value_parser = limits::ring_size, allow_negative_numbers = true)]
    pub ring_size_cap: Option<u64>,
}

#[derive(Args, Debug)]
pub struct LookupArgs {
    #[command(flatten)]
    pub scheme: SchemeArgs,
    /// comma-separated name[=weight] (required, except with --config)
    #[arg(long)]
    pub servers: Option<String>,
    /// with --client: the JSON the library's constructor takes (uhashring's nodes, hashring's
    /// servers, pymemcache's server list, go-redis' Addrs map, ...). Otherwise
    /// a configuration file to place keys as it does, recognised by its syntax: an
    /// HAProxy backend (hash-type consistent), an nginx upstream (hash ... consistent), a
    /// twemproxy YAML pool, an Envoy cluster (RING_HASH, MAGLEV or rendezvous), an mcrouter
    /// JSON config (PoolRoute or HashRoute); replaces --scheme and
    /// --servers. A plain server list (host:port[:weight]) is placed by --scheme
    #[arg(long)]
    pub config: Option<String>,
    /// place keys as a client library does: uhashring, hashring, hash_ring, pymemcache,
    /// python-memcached, kafka (Java's default partitioner; kafkajs and kafka-python name
    /// it too), kafkajs-legacy, librdkafka (its default, consistent_random), librdkafka-murmur2,
    /// consistent-hash, go-redis-ring, buraksezer-consistent, buraksezer-consistent-v0,
    /// stathat-consistent
    #[arg(long)]
    pub client: Option<String>,
    /// with --client: the library's options or keyword arguments as JSON, e.g.
    /// {"hash_fn": "ketama"} or {"PartitionCount": 271, "Hasher": "xxhash.Sum64"}
    #[arg(long)]
    pub options: Option<String>,
    /// with --client: a server that failed, handled as the client handles it (repeat for more)
    #[arg(long)]
    pub dead: Vec<String>,
    /// with a Kafka --client: the topic's partition count
    #[arg(long)]
    pub partitions: Option<u32>,
    /// with a twemproxy --config: the pool to use [default: the first with servers]
    #[arg(long)]
    pub pool: Option<String>,
    /// print a preference list of this many distinct servers (at most all of them)
    #[arg(long, value_parser = limits::replicas, allow_negative_numbers = true)]
    pub replicas: Option<usize>,
    /// comma-separated rack labels, one per server, for rack-aware lists
    #[arg(long)]
    pub racks: Option<String>,
    #[command(flatten)]
    pub format: KeyFormat,
    /// keys (default: standard input, one per line)
    pub keys: Vec<String>,
}

#[derive(Args, Debug)]
pub struct AgreeArgs {
    /// the first placement: a client (as lookup --client) or a scheme (as --scheme)
    #[arg(long)]
    pub a: String,
    /// the second placement, over the same servers
    #[arg(long)]
    pub b: String,
    /// comma-separated name[=weight], the servers both place on (not for Kafka's
    /// partitioners, which take --partitions)
    #[arg(long)]
    pub servers: Option<String>,
    /// --a's options as JSON (a client's own options)
    #[arg(long)]
    pub a_options: Option<String>,
    /// --b's options as JSON
    #[arg(long)]
    pub b_options: Option<String>,
    /// a server that failed for --b only (repeat for more): the same client after a failure
    #[arg(long)]
    pub b_dead: Vec<String>,
    /// for Kafka's partitioners: the topic's partition count
    #[arg(long)]
    pub partitions: Option<u32>,
    /// a file of keys, one per line
    #[arg(long, conflicts_with = "sample")]
    pub keys: Option<std::path::PathBuf>,
    /// compare this many sample keys, user:0 to user:N-1 [default: 10000]
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub sample: Option<u32>,
    /// how many disagreeing keys to show [default: 10]
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub examples: u32,
}

#[derive(Args, Debug)]
pub struct KeysArg {
    #[command(flatten)]
    pub format: KeyFormat,
    /// keys (default: standard input, one per line)
    pub keys: Vec<String>,
}

/// How keys are written, in and out, so that any byte string can be a key.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct KeyFormat {
    /// keys are hex bytes (arguments and input lines), and are printed back in hex
    #[arg(long)]
    pub hex: bool,
    /// standard input holds NUL-separated keys, and each output record ends with NUL
    #[arg(short = '0', long = "null")]
    pub null: bool,
}

#[derive(Args, Debug)]
pub struct LoadArgs {
    #[command(flatten)]
    pub scheme: SchemeArgs,
    /// comma-separated name[=weight]
    #[arg(long)]
    pub servers: String,
    /// distinct keys, 1 to 1000000
    #[arg(long, default_value = "10000", allow_negative_numbers = true)]
    pub keys: String,
    /// the Zipf exponent of key popularity, 0 (uniform) to 1.5
    #[arg(long, default_value = "1", allow_negative_numbers = true)]
    pub zipf: String,
    /// requests per second, all keys together
    #[arg(long, default_value = "100000", allow_negative_numbers = true)]
    pub qps: String,
    /// one extra hot key's share of all requests, 0 to below 1
    #[arg(long, default_value = "0", allow_negative_numbers = true)]
    pub hot_share: String,
    /// bounded loads with c = 1 + epsilon (default: plain placement)
    #[arg(long, allow_negative_numbers = true)]
    pub epsilon: Option<String>,
    /// with --scheme haproxy: hash-balance-factor, 0 (off) or above 100; requests are
    /// replayed in a seeded order with --in-flight outstanding
    #[arg(long, allow_negative_numbers = true)]
    pub balance_factor: Option<u32>,
    /// with --scheme haproxy: requests in flight at a time
    #[arg(long, default_value_t = 64, value_parser = limits::replicas, allow_negative_numbers = true)]
    pub in_flight: usize,
    /// the seed that names the keys
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

#[derive(Args, Debug)]
pub struct BoundedArgs {
    /// an HAProxy configuration: its hash-type consistent backend and hash-balance-factor
    #[arg(long)]
    pub config: std::path::PathBuf,
    /// with N requests in flight, the oldest completes before the next arrives
    /// (default: every request stays in flight)
    #[arg(long, value_parser = limits::replicas, allow_negative_numbers = true)]
    pub in_flight: Option<usize>,
    #[command(flatten)]
    pub format: KeyFormat,
    /// the requests' keys in order of arrival (default: standard input, one per line)
    pub keys: Vec<String>,
}

#[derive(Args, Debug)]
pub struct JumpArgs {
    /// number of buckets, 1 to 4294967295
    #[arg(long, allow_negative_numbers = true)]
    pub buckets: String,
    /// unsigned 64-bit keys (default: standard input, one per line)
    pub keys: Vec<String>,
}

#[derive(Args, Debug)]
pub struct MoveArgs {
    #[command(flatten)]
    pub scheme: SchemeArgs,
    /// the servers before, comma-separated name[=weight] (or --config)
    #[arg(long)]
    pub from: Option<String>,
    /// the servers after (or --to-config)
    #[arg(long)]
    pub to: Option<String>,
    /// how many keys to place (key:0, key:1, ...), at most 100000000
    #[arg(long, default_value = "100000", value_parser = limits::move_keys, allow_negative_numbers = true)]
    pub keys: u64,
    /// the configuration before (any format lookup --config reads); with --to-config,
    /// the keys are KEY... or standard input and every moved key is printed
    #[arg(long)]
    pub config: Option<std::path::PathBuf>,
    /// the configuration after
    #[arg(long)]
    pub to_config: Option<std::path::PathBuf>,
    /// with twemproxy configs: the pool to use in both
    #[arg(long)]
    pub pool: Option<String>,
    #[command(flatten)]
    pub format: KeyFormat,
    /// keys, with --config (default: standard input, one per line)
    #[arg(value_name = "KEY")]
    pub key_list: Vec<String>,
}

#[derive(Subcommand, Debug)]
pub enum ExperimentCommand {
    /// Busiest server over fair share, and spread times sqrt(points), per setting.
    Busiest(ExperimentArgs),
    /// When a server leaves, the share of its keys its biggest catcher takes.
    Catcher(ExperimentArgs),
    /// 100,000 keys under the ring (160 and 1,024 points), jump and rendezvous at 10, 100
    /// and 1,000 servers: their spread per server, and what a join moves (the lab's figure 4).
    Keys,
    /// Lookups per second of the ring, jump, rendezvous and Maglev at 10 to 10,000
    /// servers, measured here (figure 5).
    Speed,
    /// P(some key lost) when 3 of 16 servers fail, 3 replicas, plain and one per rack,
    /// against points per server (figure 6).
    Durability,
    /// The ring's memory and one change's gossip against servers, at 200 points (figure 7).
    Memory,
    /// Bounded loads on 100 servers: the busiest over the mean and a join's moves,
    /// against epsilon (figure 8).
    Bounded,
    /// 20,000 keys placed by two client libraries on the same 2 to 64 servers (Kafka's Java
    /// partitioner and librdkafka, uhashring and hashring, python-memcached and pymemcache),
    /// and by uhashring before and after a join: the keys placed alike (figure 9).
    Agree,
    /// An LLM request trace (the Mooncake conversation trace) routed by a hash of its
    /// first K blocks, 8 workers: blocks reused against K, the bound c or the cache's
    /// size (figures 10 to 12).
    Llm(LlmArgs),
}

#[derive(Args, Debug)]
pub struct ExperimentArgs {
    /// server counts, e.g. 10,100,1000
    #[arg(long, default_value = "10,100,1000")]
    pub servers: String,
    /// points per server, e.g. 1,2,4,...,1024 (a ... continues the list's pattern)
    #[arg(long, default_value = "1,2,4,...,1024")]
    pub points: String,
    /// rings per setting, at most 1000000
    #[arg(long, default_value = "400", value_parser = limits::rings, allow_negative_numbers = true)]
    pub rings: u32,
    /// seed of the generator (the same seed gives the same table)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// ring places and sorts points; gamma draws the exact share distribution directly
    #[arg(long, value_enum, default_value_t = MethodArg::Ring)]
    pub method: MethodArg,
    /// uniform random positions, or the ring scheme's real hashed names
    #[arg(long, value_enum, default_value_t = PlacementArg::Uniform)]
    pub placement: PlacementArg,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementArg {
    Uniform,
    Names,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodArg {
    Ring,
    Gamma,
}

#[derive(Args, Debug)]
pub struct LlmArgs {
    /// the trace (data/mooncake/conversation_trace.jsonl for the lab's figures)
    #[arg(long)]
    pub trace: std::path::PathBuf,
    /// against what: k (figure 10), c (the bound, figure 11) or cache (figure 12)
    #[arg(long, value_enum, default_value_t = LlmSweep::K)]
    pub against: LlmSweep,
}

/// What figures 10 to 12 vary.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlmSweep {
    /// the blocks hashed (figure 10)
    K,
    /// the bound of bounded loads (figure 11)
    C,
    /// the blocks each worker caches (figure 12)
    Cache,
}
