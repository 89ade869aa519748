//! The interview replay (step 14): the interviewer's prompts in the order an interview
//! takes them, a strong answer to each and the points an interviewer listens for, then the
//! whole answer in about 150 words and a cheat sheet of the numbers worth remembering.
//!
//! Every figure is computed by `ringlab-core` (or [`crate::views::learn::figures`]) when the text
//! is built, apart from one the core does not hold: Cassandra's `num_tokens` before 4.0
//! ([`CASSANDRA_NUM_TOKENS_BEFORE_4`]).

use ringlab_core::analysis::durability::binomial;
use ringlab_core::analysis::memory::{ring_bytes, ENTRY_BYTES};
use ringlab_core::analysis::theory::{
    join_moved, leave_moved, modulo_moved, points_for_balance, ring_moved, share_cv,
    single_point_peak,
};
use ringlab_core::bounded::cap;
use ringlab_core::schemes::cassandra::DEFAULT_NUM_TOKENS;
use ringlab_core::schemes::ketama::Ketama;
use ringlab_core::schemes::nginx::POINTS_PER_WEIGHT;
use ringlab_core::schemes::redis::SLOT_COUNT;
use ringlab_core::{numbered_servers, Partitioner};

use crate::format::{byte_size, capitalized, grouped, grouped_rounded, percent, percent_exact};
use crate::views::compare::schemes::Compared;
use crate::views::learn::figures::{
    self, HOT_SERVERS, HOT_TOTAL, LOSS_FAILURES, LOSS_REPLICAS, LOSS_SERVERS,
};
use crate::views::learn::progress::Progress;
use crate::views::learn::quiz::times;

/// Cassandra's default `num_tokens` before 4.0. The core keeps only today's default
/// ([`DEFAULT_NUM_TOKENS`]); this is the one figure typed in here.
pub const CASSANDRA_NUM_TOKENS_BEFORE_4: u32 = 256;

/// One prompt of the interview.
#[derive(Debug, Clone, PartialEq)]
pub struct Prompt {
    /// What this part of the interview is about: "Clarify requirements".
    pub topic: String,
    /// The interviewer's words.
    pub ask: String,
    /// A strong answer, in short paragraphs.
    pub answer: Vec<String>,
    /// What an interviewer listens for: three to five points.
    pub points: Vec<String>,
    /// How a senior engineer answers, and what a staff engineer adds.
    pub senior: String,
    pub staff: String,
}

impl Prompt {
    /// The prompt with its senior and staff contrast.
    pub(crate) fn with_levels(self, senior: &str, staff: &str) -> Prompt {
        Prompt {
            senior: senior.into(),
            staff: staff.into(),
            ..self
        }
    }
}

/// The id of point `point` of prompt `prompt` in [`Progress::points`]: `"3.1"`.
pub fn point_id(prompt: usize, point: usize) -> String {
    format!("{prompt}.{point}")
}

/// How many of prompt `prompt`'s points the reader ticked.
pub fn ticked(progress: &Progress, prompt: usize) -> usize {
    let prefix = format!("{prompt}.");
    progress
        .points
        .iter()
        .filter(|id| {
            id.strip_prefix(&prefix)
                .is_some_and(|p| p.parse::<usize>().is_ok())
        })
        .count()
}

/// Points per server on a ketama (libmemcached) ring of equal servers, read from the
/// core's continuum.
pub fn ketama_points_per_server() -> usize {
    let servers = 4;
    Ketama::new(numbered_servers("s", servers))
        .ok()
        .and_then(|k| k.ring().map(|ring| ring.points().len() / servers))
        .unwrap_or(0)
}

/// The figures the answers and the cheat sheet share, computed once.
struct Numbers {
    /// Busiest server over its fair share at 160 points: on 100 and on 1,000 servers.
    busiest_100: f64,
    busiest_1000: f64,
    /// The biggest catcher's gain, as a share of a fair share, at 1 and 200 points.
    catch_one: f64,
    catch_many: f64,
    /// P(loss) when three of sixteen fail: plain at 1 and 200 points, rack-aware at 200.
    loss_one: f64,
    loss_many: f64,
    loss_many_racks: f64,
    ketama: usize,
}

/// The sample sizes and ring shapes behind [`Numbers`] (the follow-ups quote the same).
pub(crate) const BUSY_POINTS: u32 = 160;
pub(crate) const BUSY_SMALL: usize = 100;
pub(crate) const BUSY_LARGE: usize = 1000;
pub(crate) const BUSY_RINGS: u32 = 200;
const FEW_POINTS: u32 = 1;
const MANY_POINTS: u32 = 200;
const HOT_QPS: u64 = 30_000;

impl Numbers {
    fn new() -> Numbers {
        let one = figures::loss(FEW_POINTS);
        let many = figures::loss(MANY_POINTS);
        Numbers {
            busiest_100: figures::mean_busiest(BUSY_SMALL, BUSY_POINTS, BUSY_RINGS),
            busiest_1000: figures::mean_busiest(BUSY_LARGE, BUSY_POINTS, BUSY_RINGS),
            catch_one: figures::biggest_catch(LOSS_SERVERS, FEW_POINTS),
            catch_many: figures::biggest_catch(LOSS_SERVERS, MANY_POINTS),
            loss_one: one.map_or(f64::NAN, |l| l.plain),
            loss_many: many.map_or(f64::NAN, |l| l.plain),
            loss_many_racks: many.map_or(f64::NAN, |l| l.rack_aware),
            ketama: ketama_points_per_server(),
        }
    }
}

fn paragraphs(items: &[String]) -> Vec<String> {
    items.to_vec()
}

pub(crate) fn prompt(topic: &str, ask: &str, answer: &[String], points: &[&str]) -> Prompt {
    Prompt {
        topic: topic.into(),
        ask: ask.into(),
        answer: paragraphs(answer),
        points: points.iter().map(|p| p.to_string()).collect(),
        senior: String::new(),
        staff: String::new(),
    }
}

/// How many prompts [`prompts`] has: the follow-ups are numbered after them in the
/// progress.
pub const PROMPT_COUNT: usize = 9;

/// The prompts, in the order the interview takes them.
pub fn prompts() -> Vec<Prompt> {
    let n = Numbers::new();
    vec![
        clarify(),
        api(),
        naive(),
        ring(),
        virtual_nodes(&n),
        replication(),
        failure(&n),
        hot_key(),
        real_systems(&n),
    ]
}

fn clarify() -> Prompt {
    prompt(
        "Clarify requirements",
        "We run a cache on a fleet of servers. Design how each key finds its server. Where \
         do you start?",
        &[
            "With questions. Is this a cache or a store? A lost cache entry costs one database \
             read. A lost stored key is lost data, so a store needs copies."
                .into(),
            "How often does the fleet change? Machines fail every week and capacity grows \
             every month, so each change should move as few keys as it can."
                .into(),
            "Is traffic even across keys? If a few keys are far more popular than the rest, \
             spreading keys evenly will not spread the load evenly."
                .into(),
            "Who does the routing? If every client works out the owner itself, all clients \
             must agree on the list of servers."
                .into(),
        ],
        &[
            "Asks whether a lost key is a cache miss or lost data",
            "Asks how often servers join and leave",
            "Asks whether some keys are far hotter than others",
            "States the goals: even load, and few keys moved on a change",
        ],
    )
    .with_levels(
        "Asks about data loss, churn and skew before designing.",
        "Turns the answers into goals with numbers (how many keys may move, how hot a key may get) that the design is then checked against.",
    )
}

fn api() -> Prompt {
    prompt(
        "The API",
        "What does the rest of the system call?",
        &[
            "owner(key) returns a server. add(server) and remove(server) change the \
             membership. For copies, owners(key, r) returns r different servers, in order."
                .into(),
            "owner depends only on the key and the membership. Two clients with the same \
             membership always agree, and a lookup needs no trip to a coordinator."
                .into(),
            "The membership comes from one place: a configuration service, or gossip among \
             the servers. It is the only thing everyone must agree on."
                .into(),
        ],
        &[
            "owner(key) is a pure function of the key and the membership",
            "Has add and remove, and a call for r copies",
            "Says where the membership lives and how clients hear of changes",
        ],
    )
    .with_levels(
        "Gives owner(key), add, remove and owners(key, r).",
        "Says who owns the membership, how it is versioned, and what a caller sees while it changes.",
    )
}

fn naive() -> Prompt {
    let (n, big) = (8, 100);
    prompt(
        "The naive answer",
        "Why not hash(key) mod N?",
        &[
            "It balances well and it is one line. It breaks the moment N changes.".into(),
            format!(
                "A key stays only if hash mod N equals hash mod N+1. Going from {n} to {} \
                 servers, {} of the keys move. At {big} servers, {} move: only 1/(N+1) stays.",
                n + 1,
                percent(modulo_moved(n, n + 1).value()),
                percent(modulo_moved(big, big + 1).value()),
            ),
            "For a cache, nearly every key misses at once and the database takes the whole \
             load. For a store, nearly all the data crosses the network."
                .into(),
            format!(
                "Doubling is the exception: from {} to {} servers exactly {} moves. A fleet \
                 that only ever doubles can live with modulo.",
                n * 2,
                n * 4,
                modulo_moved(n * 2, n * 4),
            ),
        ],
        &[
            "Says a change of N moves almost every key: only 1/(N+1) stays",
            "Names the cost: a storm of misses on the database, or a mass copy",
            "Mentions that doubling moves exactly half",
        ],
    )
    .with_levels(
        "Shows that mod N moves almost every key on a change.",
        "Knows when mod N is still the right call: a fleet that never changes, or only doubles.",
    )
}

fn ring() -> Prompt {
    let n = 16;
    prompt(
        "The ring",
        "So what does consistent hashing do instead?",
        &[
            "Hash servers and keys into the same space, say 64-bit numbers, and bend it into \
             a circle. A key belongs to the first server at or after its position, going \
             clockwise and wrapping past the top."
                .into(),
            format!(
                "A new server takes only the keys between its predecessor and itself. Nothing \
                 moves between old servers. That is the newcomer's fair share, 1/(N+1): {} \
                 going from {n} to {}, against {} under mod N.",
                percent(join_moved(n)),
                n + 1,
                percent(modulo_moved(n, n + 1).value()),
            ),
            "A lookup is a binary search over the sorted server positions: logarithmic, and \
             fast."
                .into(),
        ],
        &[
            "Servers and keys share one hash space",
            "The clockwise rule, with the wrap past the top",
            "A join moves only 1/(N+1), all of it from the newcomer's neighbours",
            "Lookup is a binary search over sorted points",
        ],
    )
    .with_levels(
        "Explains the clockwise rule and the 1/(N+1) move.",
        "Adds the lookup's cost, and the wrap past the top as the edge case the tests must cover.",
    )
}

fn virtual_nodes(numbers: &Numbers) -> Prompt {
    let (small, n, big) = (16, BUSY_SMALL, BUSY_LARGE);
    let (memory_servers, memory_points) = (1000, 256);
    prompt(
        "Virtual nodes",
        "With one point per server, is the load even?",
        &[
            format!(
                "No. The gaps between random points are very uneven. On {small} servers the \
                 busiest carries about {} its fair share on average: the harmonic number H_N.",
                times(single_point_peak(small)),
            ),
            format!(
                "So each server gets V points, hashed from names like s3#17. A share is then \
                 the sum of V gaps, and its spread shrinks like 1/√V. Exactly, the coefficient \
                 of variation is √((N−1)/(NV+1)): {} at {n} servers with {BUSY_POINTS} points.",
                percent(share_cv(n, BUSY_POINTS)),
            ),
            format!(
                "Even then the busiest of {n} servers carries about {} its share, and of {} \
                 about {}. More points cost memory: the ring has N·V entries, {} at {} \
                 servers with {memory_points} points. A few hundred points is the usual trade.",
                times(numbers.busiest_100),
                grouped(big as u64),
                times(numbers.busiest_1000),
                byte_size(ring_bytes(memory_servers, memory_points)),
                grouped(memory_servers),
            ),
            "Points also handle unequal machines: a server twice as big gets twice the points."
                .into(),
        ],
        &[
            "One point per server is very uneven: the busiest near H_N times its share",
            "The spread falls like 1/√V",
            "Knows the cost: N·V entries, so a few hundred points per server",
            "Weights: bigger servers get more points",
        ],
    )
    .with_levels(
        "Adds virtual nodes and the 1/√V spread.",
        "Sizes V from the balance the capacity plan needs, and counts its memory and gossip.",
    )
}

fn replication() -> Prompt {
    let r = LOSS_REPLICAS;
    let majority = r / 2 + 1;
    prompt(
        "Replication",
        "How do you keep copies of each key?",
        &[
            format!(
                "Walk clockwise from the key and take the first {r} different servers. That is \
                 the key's preference list. A point whose server is already on the list is \
                 skipped, or two copies could land on one machine."
            ),
            "Better, skip a server whose rack already holds a copy. Then a switch or a power \
             feed failing never takes every copy."
                .into(),
            format!(
                "Then decide what a write waits for. With {r} copies, waiting for {majority} on \
                 writes and reading from {majority} means every read meets the latest write."
            ),
        ],
        &[
            "The preference list: the first R distinct servers clockwise",
            "Skips a server's repeated points",
            "Spreads copies across racks or zones",
            "Says what a write and a read wait for",
        ],
    )
    .with_levels(
        "Builds the preference list, skipping repeated servers and racks.",
        "Ties the quorum sizes to the read and write guarantees the product needs.",
    )
}

fn failure(numbers: &Numbers) -> Prompt {
    prompt(
        "A node failing",
        "A server dies. Walk me through what happens.",
        &[
            "First, notice. Heartbeats or gossip mark it down. Waiting a little before \
             acting means a server that only blinked does not move its keys twice."
                .into(),
            format!(
                "Its keys now belong to the next server clockwise from each of its points. \
                 With one point per server, one neighbour catches everything: about {} a fair \
                 share on top of its own. With {MANY_POINTS} points the catch is spread, and \
                 the biggest catcher gains about {} a fair share.",
                times(numbers.catch_one),
                times(numbers.catch_many),
            ),
            "With copies, reads and writes go to the next servers on each preference list, so \
             nothing is lost. A replacement is filled from the surviving copies."
                .into(),
            format!(
                "Virtual nodes have a price here. With {LOSS_SERVERS} servers, {LOSS_REPLICAS} \
                 copies and {LOSS_FAILURES} servers failing at once, some data is lost with \
                 probability {} at {FEW_POINTS} point per server, but {} at {MANY_POINTS} \
                 points: almost every trio of servers then shares some key.",
                percent(numbers.loss_one),
                percent(numbers.loss_many),
            ),
        ],
        &[
            "Detects the failure, with a delay against flapping",
            "Keys go to the next server clockwise, spread over many with virtual nodes",
            "Copies keep serving, and the lost copy is rebuilt from survivors",
            "Knows more points mean more replica sets, so joint failures lose data more often",
        ],
    )
    .with_levels(
        "Moves the keys to the next servers and rebuilds from the copies.",
        "Sets the detection delay, and weighs more points against the higher chance that a joint failure loses data.",
    )
}

fn hot_key() -> Prompt {
    let h = figures::hot(HOT_QPS);
    let (c, keys, servers) = (1.25, 1000, 10);
    prompt(
        "A hot key",
        "The ring is balanced, but one server sits at 100% CPU. Why?",
        &[
            "A hot key. Placement spreads keys, not requests, and one key has one owner.".into(),
            format!(
                "Say {} requests per second reach {HOT_SERVERS} servers, and one key takes {} of \
                 them. Its owner carries {}: {} the mean of {}. No number of points changes \
                 that.",
                grouped_rounded(HOT_TOTAL),
                grouped(HOT_QPS),
                grouped_rounded(h.peak),
                times(h.ratio()),
                grouped_rounded(h.mean),
            ),
            "The fixes work on the key, not the ring: cache it in the clients, read it from \
             every copy, or split it into several keys that land on different servers."
                .into(),
            format!(
                "Bounded loads help when many warm keys pile onto one server. Each server is \
                 capped at c times the mean, and the overflow walks on clockwise: with c = {c}, \
                 {} keys on {servers} servers, no server holds more than {}.",
                grouped(keys as u64),
                grouped(cap(c, keys, servers) as u64),
            ),
        ],
        &[
            "Says placement balances keys, not requests",
            "Puts a number on it: the hot key plus a fair share of the rest",
            "Offers fixes: client caching, reading from copies, splitting the key",
            "Mentions bounded loads",
        ],
    )
    .with_levels(
        "Names the hot key and its fixes.",
        "Measures before fixing, and says which fix suits reads, writes or both.",
    )
}

fn real_systems(numbers: &Numbers) -> Prompt {
    let slots = grouped(SLOT_COUNT as u64);
    prompt(
        "Real systems",
        "Which real systems do this, and how do they differ?",
        &[
            format!(
                "Amazon's Dynamo and Cassandra use a ring with virtual nodes. Cassandra gave \
                 each node {CASSANDRA_NUM_TOKENS_BEFORE_4} tokens until 4.0 and gives it \
                 {DEFAULT_NUM_TOKENS} now. Fewer tokens make repairs and streaming cheaper and \
                 joint failures less harmful, and a token allocator keeps the balance."
            ),
            format!(
                "memcached clients use ketama: {} points per server on an MD5 ring. nginx's \
                 consistent hash puts {POINTS_PER_WEIGHT} points per unit of weight, and \
                 HAProxy has its own consistent hash with bounded loads.",
                numbers.ketama,
            ),
            format!(
                "Redis Cluster is not a ring. It has {slots} fixed hash slots: CRC16 of the key \
                 mod {slots}. A table gives each slot to a master, and resharding moves whole \
                 slots."
            ),
        ],
        &[
            "Dynamo and Cassandra: rings with virtual nodes",
            "Knows a trade-off, such as Cassandra's move to fewer tokens",
            "memcached clients: ketama",
            "Redis Cluster: fixed hash slots, not a ring",
        ],
    )
    .with_levels(
        "Names the systems and their schemes.",
        "Explains why each chose as it did, such as Cassandra's move to 16 tokens.",
    )
}

/// The whole model answer, in about 150 words.
pub fn whole_answer() -> String {
    let (n, big) = (8, BUSY_SMALL);
    let busiest = figures::mean_busiest(big, BUSY_POINTS, BUSY_RINGS);
    let h = figures::hot(HOT_QPS);
    format!(
        "I would place keys with consistent hashing. Servers and keys hash onto one circle, and \
         a key belongs to the first server clockwise from it. Unlike hash mod N, which moves {} \
         of the keys going from {n} to {} servers, a join moves only the newcomer's share, \
         1/(N+1). Each server gets a few hundred virtual nodes: with {BUSY_POINTS} each on {big} \
         servers, the busiest carries about {} its fair share, and a dead server's keys spread \
         over many others. For copies, a key's preference list is the first {LOSS_REPLICAS} \
         distinct servers clockwise, in different racks. When a server dies, the next servers \
         on each list take over while the copies keep serving. Placement balances keys, not \
         requests: one hot key can put {} the mean on its owner, and needs caching, reads from \
         copies or splitting. Dynamo and Cassandra use rings with virtual nodes, memcached \
         clients use ketama, and Redis Cluster uses {} fixed slots instead.",
        percent(modulo_moved(n, n + 1).value()),
        n + 1,
        times(busiest),
        times(h.ratio()),
        grouped(SLOT_COUNT as u64),
    )
}

/// Which scheme to pick, as (scheme, when), for the cheat sheet: the comparison's own
/// conditions.
pub fn choice_table() -> Vec<(String, String)> {
    [
        Compared::Ring,
        Compared::Rendezvous,
        Compared::Jump,
        Compared::Maglev,
        Compared::Slots,
        Compared::Modulo,
    ]
    .iter()
    .map(|s| (s.title(BUSY_POINTS.into()), capitalized(s.pick_when())))
    .collect()
}

/// The numbers worth remembering, as (label, value), in the order of the walkthrough.
pub fn cheat_sheet() -> Vec<(String, String)> {
    let numbers = Numbers::new();
    let (n, n2) = (8, 16);
    let stays = figures::modulo_stays(n);
    let (cv_n, vnode_small) = (BUSY_SMALL, 16);
    let (eps_n, eps) = (100, 0.1);
    let (memory_servers, memory_points) = (1000, 256);
    let h = figures::hot(HOT_QPS);
    let c = 1.25;
    let slots = grouped(SLOT_COUNT as u64);
    // The ways the failures can fall: a key's copies are one of them.
    let failure_sets = binomial(LOSS_SERVERS as u64, LOSS_FAILURES as u64) as u64;
    vec![
        (
            "Modulo, one server joins".into(),
            format!(
                "{n} → {}: {stays} of keys stay ({}); {} move",
                n + 1,
                percent(stays.value()),
                modulo_moved(n, n + 1),
            ),
        ),
        (
            "Modulo, doubling".into(),
            format!(
                "{n2} → {}: exactly {} moves",
                n2 * 2,
                modulo_moved(n2, n2 * 2)
            ),
        ),
        (
            "Ring, one server joins".into(),
            format!(
                "1/(N+1) moves: {} ({}) at {n2} → {}",
                ring_moved(n2, n2 + 1),
                percent(join_moved(n2)),
                n2 + 1,
            ),
        ),
        (
            "Ring, one server leaves".into(),
            format!(
                "1/N moves, its own keys only: {} at N = {n2}",
                percent_exact(leave_moved(n2))
            ),
        ),
        (
            "Spread of a share".into(),
            format!(
                "CV = √((N−1)/(NV+1)) ≈ 1/√V: {} at N = {cv_n}, V = {BUSY_POINTS}",
                percent(share_cv(cv_n, BUSY_POINTS)),
            ),
        ),
        (
            format!("Busiest server, {FEW_POINTS} point each"),
            format!(
                "H_N × its fair share: {} at N = {vnode_small}",
                times(single_point_peak(vnode_small))
            ),
        ),
        (
            format!("Busiest server, {BUSY_POINTS} points each"),
            format!(
                "{} at N = {BUSY_SMALL}; {} at N = {}",
                times(numbers.busiest_100),
                times(numbers.busiest_1000),
                grouped(BUSY_LARGE as u64),
            ),
        ),
        (
            "Points for balance within ε".into(),
            format!(
                "2 ln N / ε²: about {} at N = {eps_n}, ε = {}",
                grouped_rounded(points_for_balance(eps_n, eps)),
                percent(eps),
            ),
        ),
        (
            "Ring memory".into(),
            format!(
                "N·V entries of {ENTRY_BYTES} bytes: {} at N = {}, V = {memory_points}",
                byte_size(ring_bytes(memory_servers, memory_points)),
                grouped(memory_servers),
            ),
        ),
        (
            "A server dies".into(),
            format!(
                "the biggest catcher gains {} a fair share at {FEW_POINTS} point per server, {} \
                 at {MANY_POINTS}",
                times(numbers.catch_one),
                times(numbers.catch_many),
            ),
        ),
        (
            "Hot key".into(),
            format!(
                "{} of {} QPS on {HOT_SERVERS} servers: its owner takes {}, {} the mean",
                grouped(HOT_QPS),
                grouped_rounded(HOT_TOTAL),
                grouped_rounded(h.peak),
                times(h.ratio()),
            ),
        ),
        (
            "Data loss".into(),
            format!(
                "{LOSS_FAILURES} of {LOSS_SERVERS} servers fail, {LOSS_REPLICAS} copies: a \
                 given key loses every copy with chance 1/{} ({}); that some key does, {} at \
                 {FEW_POINTS} point per server, {} at {MANY_POINTS} ({} rack-aware)",
                grouped(failure_sets),
                percent(1.0 / failure_sets as f64),
                percent(numbers.loss_one),
                percent(numbers.loss_many),
                percent(numbers.loss_many_racks),
            ),
        ),
        (
            "Bounded loads".into(),
            format!(
                "cap ⌈c·m/n⌉; HAProxy's hash-balance-factor {} is c = {c}",
                grouped_rounded(c * 100.0)
            ),
        ),
        (
            "Redis Cluster".into(),
            format!("{slots} hash slots: CRC16(key) mod {slots}; not a ring"),
        ),
        (
            "Cassandra num_tokens".into(),
            format!("{CASSANDRA_NUM_TOKENS_BEFORE_4} before 4.0, {DEFAULT_NUM_TOKENS} since"),
        ),
        (
            "ketama (memcached clients)".into(),
            format!("{} points per server", numbers.ketama),
        ),
        (
            "nginx consistent hash".into(),
            format!("{POINTS_PER_WEIGHT} points per unit of weight"),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompts_follow_the_interview() {
        let topics: Vec<String> = prompts().into_iter().map(|p| p.topic).collect();
        assert_eq!(topics.len(), PROMPT_COUNT);
        assert_eq!(
            topics,
            [
                "Clarify requirements",
                "The API",
                "The naive answer",
                "The ring",
                "Virtual nodes",
                "Replication",
                "A node failing",
                "A hot key",
                "Real systems",
            ]
        );
    }

    #[test]
    fn every_prompt_has_an_answer_and_three_to_five_points() {
        for p in prompts() {
            assert!(!p.ask.is_empty() && !p.answer.is_empty(), "{}", p.topic);
            assert!(!p.senior.is_empty() && !p.staff.is_empty(), "{}", p.topic);
            assert!((3..=5).contains(&p.points.len()), "{}", p.topic);
            for text in p.answer.iter().chain(&p.points) {
                assert!(!text.contains("NaN") && !text.contains("n/a"), "{text}");
                assert!(!text.trim().is_empty());
            }
        }
    }

    #[test]
    fn the_whole_answer_is_about_150_words() {
        let words = whole_answer().split_whitespace().count();
        assert!((120..=190).contains(&words), "{words} words");
        assert!(whole_answer().contains("88.9% of the keys going from 8 to 9"));
        assert!(whole_answer().contains("16,384 fixed slots"));
    }

    #[test]
    fn the_cheat_sheet_holds_the_figures_from_the_core() {
        let sheet = cheat_sheet();
        let all: String = sheet
            .iter()
            .map(|(label, value)| format!("{label}: {value}\n"))
            .collect();
        for needle in [
            "8 → 9: 1/9 of keys stay (11.1%); 8/9 move",
            "16 → 32: exactly 1/2 moves",
            "1/17 (5.9%) at 16 → 17",
            "7.9% at N = 100, V = 160",
            "1.21× at N = 100; 1.28× at N = 1,000",
            "its owner takes 34,375, 5.5× the mean",
            "16,384 hash slots",
            "256 before 4.0, 16 since",
            "ketama (memcached clients): 160 points per server",
            "hash-balance-factor 125 is c = 1.25",
        ] {
            assert!(all.contains(needle), "{needle} not in\n{all}");
        }
        assert!(!all.contains("NaN") && !all.contains("n/a"), "{all}");
        let labels: std::collections::BTreeSet<_> = sheet.iter().map(|(l, _)| l).collect();
        assert_eq!(labels.len(), sheet.len());
    }

    #[test]
    fn ketama_has_160_points_per_server() {
        assert_eq!(ketama_points_per_server(), 160);
    }

    #[test]
    fn ticked_points_are_counted_per_prompt() {
        let mut p = Progress::default();
        for id in [
            point_id(3, 0),
            point_id(3, 2),
            point_id(13, 0),
            "3.x".into(),
        ] {
            p.points.insert(id);
        }
        assert_eq!(point_id(3, 2), "3.2");
        assert_eq!(ticked(&p, 3), 2);
        assert_eq!(ticked(&p, 1), 0);
    }

    #[test]
    fn the_failure_figures_agree_with_the_issue() {
        let n = Numbers::new();
        assert!((0.5..2.0).contains(&n.catch_one), "{}", n.catch_one);
        assert!(n.catch_many < 0.15, "{}", n.catch_many);
        assert!(n.loss_one < 0.05 && n.loss_many > 0.95);
    }
}
