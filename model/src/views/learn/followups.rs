//! The interview's follow-ups: what interviewers ask once the opening answer is on the
//! table. Each has the interviewer's words, a strong answer, the points to listen for (the
//! rubric), the one number worth quoting, the widget that shows it, and how a senior and
//! a staff engineer would each take it.
//!
//! Every figure is computed here from `ringlab-core` (or [`crate::views::learn::figures`]), and
//! the tests pin them.

use ringlab_core::analysis::cost::{resize_cost, Workload};
use ringlab_core::analysis::memory::{gossip_full_state, gossip_per_change, ring_bytes};
use ringlab_core::analysis::theory::{
    join_moved, modulo_moved, points_for_balance, ring_moved, servers_touched, share_cv,
};
use ringlab_core::bounded::cap;
use ringlab_core::schemes::nginx::POINTS_PER_WEIGHT;
use ringlab_core::schemes::redis::{key_slot, SLOT_COUNT};

use super::figures::{self, HOT_SERVERS, HOT_TOTAL};
use super::interview::{prompt, BUSY_LARGE, BUSY_POINTS, BUSY_RINGS, BUSY_SMALL};
use super::links;
use super::quiz::{parse_number, times};
use crate::format::{byte_size, grouped, grouped_rounded, percent};
use crate::param_table::link;
use crate::views::compare::schemes::Compared;
use crate::views::cost::params::CostParams;

pub use super::follow_up::{FollowUp, Widget};

/// The busiest server over its fair share at the interview's 160 points, on 100 and on
/// 1,000 servers (the figures the interview's own answers quote).
struct Figures {
    busiest_100: f64,
    busiest_1000: f64,
}

impl Figures {
    fn new() -> Figures {
        Figures {
            busiest_100: figures::mean_busiest(BUSY_SMALL, BUSY_POINTS, BUSY_RINGS),
            busiest_1000: figures::mean_busiest(BUSY_LARGE, BUSY_POINTS, BUSY_RINGS),
        }
    }
}

/// The rule of thumb's setting: N and epsilon.
const RULE_SERVERS: usize = 1_000;
const RULE_EPSILON: f64 = 0.1;
/// The gossip's cluster: N servers of V points, on a link of 1 Gbps.
const GOSSIP_SERVERS: u64 = 1_000;
const GOSSIP_POINTS: u64 = 200;
const LINK_BITS_PER_SECOND: f64 = 1e9;

/// The resize the estimation asks about: ten servers holding 10 TB once (no copies), one
/// more joins, each link 1 Gbps, the move allowed 30% of it.
pub fn estimation_workload() -> CostParams {
    CostParams {
        before: 10,
        after: 11,
        objects: 10_000_000_000,
        size: 1_000,
        replicas: 1,
        gbps: 1.0,
        throttle: 30.0,
    }
}

/// Hours a resize takes on the ring, by the core's cost model; NaN when it cannot be
/// costed.
pub fn ring_hours(workload: &Workload) -> f64 {
    resize_cost(workload).map_or(f64::NAN, |c| c.ring.hours)
}

/// How close an estimate must come to the core's figure to count: within this factor
/// either way (a back-of-envelope answer, not a measurement).
pub const ESTIMATE_FACTOR: f64 = 1.25;

/// The estimation question, in words.
pub fn estimation_question() -> String {
    let p = estimation_workload();
    format!(
        "A cluster of {} servers holds {} TB, one copy of each object. You add server number \
         {}. Each server has a {} Gbps link, and the move may use {} of it. About how many \
         hours until the new server has its data?",
        p.before,
        grouped_rounded(p.objects as f64 * p.size as f64 / 1e12),
        p.after,
        grouped_rounded(p.gbps),
        percent(p.throttle / 100.0),
    )
}

/// A graded estimate.
#[derive(Debug, Clone, PartialEq)]
pub enum Estimate {
    /// Not a number of hours.
    Unreadable,
    /// Within [`ESTIMATE_FACTOR`] of the core's figure: `hours` is that figure.
    Close { hours: f64 },
    /// Off by `factor` (above 1: too high; below 1: too low).
    Off { hours: f64, factor: f64 },
}

/// Grades `text` (hours, as people write numbers: `7`, `6.5`, `about 7`) against the
/// core's cost model for [`estimation_workload`].
pub fn grade_estimate(text: &str) -> Estimate {
    grade_estimate_at(&estimation_workload().workload(), text)
}

/// Grades `text` against the core's cost model for `workload`.
pub fn grade_estimate_at(workload: &Workload, text: &str) -> Estimate {
    let hours = ring_hours(workload);
    match parse_number(text.trim().trim_end_matches(['h', 'H']).trim()) {
        Some(guess) if guess.is_finite() && guess > 0.0 && hours.is_finite() => {
            let factor = guess / hours;
            if (1.0 / ESTIMATE_FACTOR..=ESTIMATE_FACTOR).contains(&factor) {
                Estimate::Close { hours }
            } else {
                Estimate::Off { hours, factor }
            }
        }
        _ => Estimate::Unreadable,
    }
}

/// The worked answer: how the core's figure comes about, step by step.
pub fn estimation_working() -> Vec<String> {
    let p = estimation_workload();
    let w = p.workload();
    let share = w.logical_bytes() / w.servers_after as f64;
    let rate = w.link_bytes_per_second * w.throttle;
    vec![
        format!(
            "The new server must receive its fair share: 1/{} of {} TB, {:.2} TB.",
            w.servers_after,
            grouped_rounded(w.logical_bytes() / 1e12),
            share / 1e12
        ),
        format!(
            "It receives through its own link: {} Gbps is {} MB/s, and {} of it is {:.1} MB/s.",
            grouped_rounded(p.gbps),
            grouped_rounded(w.link_bytes_per_second / 1e6),
            percent(w.throttle),
            rate / 1e6
        ),
        format!(
            "{:.2} TB at {:.1} MB/s is {} seconds: {:.1} hours. Many old servers send at once, \
             so no sender is the bottleneck.",
            share / 1e12,
            rate / 1e6,
            grouped_rounded(share / rate),
            ring_hours(&w)
        ),
    ]
}

/// The follow-ups, in the order an interviewer tends to take them.
pub fn followups() -> Vec<FollowUp> {
    let f = Figures::new();
    vec![
        how_many_points(&f),
        membership(),
        moving_data(),
        which_scheme(),
        weights(),
        bounded_loads(),
        routing(),
        ranges(),
        consistent(),
        when_not(),
        super::two_choices::followup(),
        super::shuffle_sharding::followup(),
        super::fixed_partitions::followup(),
        super::two_clients::followup(),
    ]
}

fn how_many_points(f: &Figures) -> FollowUp {
    let rule = grouped(points_for_balance(RULE_SERVERS, RULE_EPSILON).ceil() as u64);
    let v = BUSY_POINTS;
    FollowUp {
        prompt: prompt(
            "How many virtual nodes",
            "How many points per server would you give each one, and why that many?",
            &[
                format!(
                    "Enough that the busiest server stays near its fair share. A server's share \
                     is the sum of V gaps, so its spread falls like 1/√V: {} at V = {v} on 100 \
                     servers.",
                    percent(share_cv(100, v)),
                ),
                format!(
                    "The rule of thumb is V = 2 ln N / ε² to keep every server within 1 + ε of \
                     the mean: {rule} points for ε = {} at N = {}. It is a safe bound, not a \
                     prediction.",
                    percent(RULE_EPSILON),
                    grouped(RULE_SERVERS as u64),
                ),
                format!(
                    "In practice a few hundred. At {v} points the busiest server still carries \
                     about {} its share on 100 servers and {} on 1,000. So I plan capacity for \
                     1.2 to 1.3 times the mean, not for the mean.",
                    times(f.busiest_100),
                    times(f.busiest_1000),
                ),
                "More points cost memory and gossip, and make repairs touch more servers. \
                 That is why Cassandra went down to 16 tokens with a smarter allocator."
                    .into(),
            ],
            &[
                "The spread of a share falls like 1/√V",
                "Quotes 2 ln N / ε² and says it is a bound",
                "Plans for the busiest server, 1.2 to 1.3 times the mean at 160 points",
                "Names the cost of more points: memory, gossip, repair fan-out",
            ],
        )
        .with_levels(
            "Picks a few hundred points and explains the 1/√V spread.",
            "Sizes capacity for the busiest server, and weighs points against repair and \
                gossip cost as the fleet grows.",
        ),
        number: format!(
            "2 ln N / ε² = {rule} points at N = {}, ε = {}; at {v} points plan for {} to {} the mean",
            grouped(RULE_SERVERS as u64),
            percent(RULE_EPSILON),
            times(f.busiest_100),
            times(f.busiest_1000),
        ),
        see: (
            "The lab's figure 1: the busiest server against V".into(),
            links::lab_figure(1),
        ),
        widget: None,
    }
}

fn membership() -> FollowUp {
    let lean = gossip_per_change(GOSSIP_SERVERS, GOSSIP_POINTS);
    let full = gossip_full_state(GOSSIP_SERVERS, GOSSIP_POINTS);
    let seconds = |bytes: u64| bytes as f64 * 8.0 / LINK_BITS_PER_SECOND;
    let (n, v) = (grouped(GOSSIP_SERVERS), GOSSIP_POINTS);
    FollowUp {
        prompt: prompt(
            "Membership changes",
            "A server joins. How does every client find out, and what happens until they all \
             have?",
            &[
                "Membership lives in one place that clients watch: a coordination service \
                 such as ZooKeeper or etcd, or gossip between the servers. Each version of \
                 the membership gets a number."
                    .into(),
                "While clients disagree, two of them can send the same key to different \
                 servers. A server that gets a key it no longer owns forwards it or answers \
                 \"moved\", and the client refreshes. Writes during the change need care: \
                 that is what the data-moving plan is for."
                    .into(),
                format!(
                    "Gossiping the ring is cheap if a member only announces its own tokens: at \
                     N = {n} and V = {v}, {} in all, {:.0} ms of a 1 Gbps link. Sending everyone \
                     the whole ring instead is {}, {:.0} s.",
                    byte_size(lean.total_bytes),
                    seconds(lean.total_bytes) * 1e3,
                    byte_size(full.total_bytes),
                    seconds(full.total_bytes),
                ),
            ],
            &[
                "Names where membership lives: a coordination service or gossip",
                "Versions the membership",
                "Says what a stale client causes and how it is corrected (forward or redirect)",
                "Puts a number on the gossip: announce tokens, not the whole ring",
            ],
        )
        .with_levels(
            "Describes a watched membership service and redirects for stale clients.",
            "Bounds the disagreement window, versions it, and costs the gossip before \
                choosing how often to send it.",
        ),
        number: format!(
            "N = {n}, V = {v}: one change gossips {} as tokens, {} as whole rings; each ring is {}",
            byte_size(lean.total_bytes),
            byte_size(full.total_bytes),
            byte_size(ring_bytes(GOSSIP_SERVERS, GOSSIP_POINTS)),
        ),
        see: (
            "The lab's figure 7: memory and gossip against N".into(),
            links::lab_figure(7),
        ),
        widget: None,
    }
}

/// The cluster the data-moving follow-up costs: the resize cost view's own example (a
/// different one from the estimation's, which it would give away), its move allowed 30%
/// of each link.
fn moving_workload() -> CostParams {
    CostParams {
        throttle: 30.0,
        ..CostParams::default()
    }
}

fn moving_data() -> FollowUp {
    let params = moving_workload();
    let throttled = params.workload();
    let cluster = format!(
        "{} servers holding {:.1} TB in {} copies",
        throttled.servers_before,
        throttled.logical_bytes() / 1e12,
        throttled.replicas,
    );
    let full = Workload {
        throttle: 1.0,
        ..throttled
    };
    let (fast, slow) = (ring_hours(&full), ring_hours(&throttled));
    let batch = Workload {
        servers_after: throttled.servers_before + 3,
        ..full
    };
    let one_by_one: f64 = (0..3)
        .map(|k| {
            ring_hours(&Workload {
                servers_before: full.servers_before + k,
                servers_after: full.servers_before + k + 1,
                ..full
            })
        })
        .sum();
    FollowUp {
        prompt: prompt(
            "Moving data safely",
            "The new server owns its keys now, but the data is still on the old ones. How do \
             you move it without losing writes?",
            &[
                "In four stages. Dual write: new writes go to the old and the new owner. \
                 Backfill: copy the existing keys across. Verify: compare counts or checksums. \
                 Flip: reads move to the new owner, then the old copies go."
                    .into(),
                format!(
                    "Throttle it, or the move hurts live traffic. One more server beside \
                     {cluster}, on 1 Gbps links, takes {:.1} hours at full speed and {:.1} \
                     hours at 30% of the link: {} as long.",
                    fast,
                    slow,
                    times(slow / fast),
                ),
                "Virtual nodes mean many senders: each old server gives a little, so the \
                 newcomer's inbound link sets the pace, not any one sender."
                    .into(),
                format!(
                    "Batch joins. Three servers joining together take {:.1} hours at full speed; \
                     one after another, {:.1}.",
                    ring_hours(&batch),
                    one_by_one,
                ),
            ],
            &[
                "Dual write, backfill, verify, flip",
                "Throttles the move, and knows it stretches the time",
                "Many senders: the newcomer's inbound link is the bottleneck",
                "Batches joins",
            ],
        )
        .with_levels(
            "Lays out dual write, backfill, verify and flip.",
            "Estimates the hours, throttles against the latency budget, and plans the \
                rollback if verification fails.",
        ),
        number: format!(
            "one more server beside {cluster}, 1 Gbps: {fast:.1} h at full speed, {slow:.1} h at 30%"
        ),
        see: ("Resize cost, at this cluster".into(), link("cost", &params)),
        widget: None,
    }
}

fn which_scheme() -> FollowUp {
    let (n, v) = (1_000u64, 160u64);
    let memory = |s: Compared| byte_size(s.memory(n, v));
    FollowUp {
        prompt: prompt(
            "Other schemes",
            "Why a ring? Why not rendezvous hashing, jump hash, Maglev or Redis-style slots?",
            &[
                format!("The ring: {}", Compared::Ring.pick_when()),
                format!("Rendezvous: {}", Compared::Rendezvous.pick_when()),
                format!("Jump hash: {}", Compared::Jump.pick_when()),
                format!("Maglev: {}", Compared::Maglev.pick_when()),
                format!("Slots: {}", Compared::Slots.pick_when()),
            ],
            &[
                "Jump for numbered shards that only grow or shrink at the end",
                "Rendezvous for a small set with the top R as replicas",
                "Maglev for load balancers: one memory read a packet",
                "Slots when operators move data by hand",
            ],
        )
        .with_levels(
            "Knows each scheme and what it costs.",
            "Chooses by the operation that matters most here (adding servers, removing any \
                one, lookup speed, manual control) and says what the choice gives up.",
        ),
        number: format!(
            "lookup memory at N = {}: ring (V = {v}) {}, Maglev {}, slots {}, rendezvous {}, jump none",
            grouped(n),
            memory(Compared::Ring),
            memory(Compared::Maglev),
            memory(Compared::Slots),
            memory(Compared::Rendezvous),
        ),
        see: ("Compare: six schemes, one change".into(), "#/compare".into()),
        widget: None,
    }
}

fn weights() -> FollowUp {
    FollowUp {
        prompt: prompt(
            "Unequal machines",
            "Half your servers have twice the memory. What changes?",
            &[
                format!(
                    "Give each server points in proportion to its weight. nginx gives \
                     {POINTS_PER_WEIGHT} points per unit of weight, so a weight-2 server gets \
                     twice the arcs and, on average, twice the keys."
                ),
                "Rendezvous has an exact weighted form: score each server by -w / ln(u) for a \
                 uniform hash u. Each server then wins its share w / Σw exactly, and removing \
                 one still moves only its keys."
                    .into(),
                "Jump hash has no weights: it gives every bucket the same share.".into(),
            ],
            &[
                "Points in proportion to weight",
                "Knows the weighted rendezvous score",
                "Knows jump hash has no weights",
            ],
        )
        .with_levels(
            "Scales points with capacity.",
            "Chooses weights from the real bottleneck (memory, CPU, disk), and changes them \
                gradually, since a weight change moves keys too.",
        ),
        number: format!(
            "a weight-2 server among weights 1, 1, 2 should take {}",
            percent(2.0 / 4.0)
        ),
        see: (
            "Rendezvous: weights and shares".into(),
            "#/rendezvous".into(),
        ),
        widget: None,
    }
}

fn bounded_loads() -> FollowUp {
    let hot = figures::hot(30_000);
    let (c, keys, servers) = (1.25, 1_000usize, 10usize);
    FollowUp {
        prompt: prompt(
            "Bounded loads and hot keys",
            "Would you use consistent hashing with bounded loads for this cache? And what if \
             one key gets a stampede?",
            &[
                format!(
                    "Bounded loads cap each server at c times the mean and push the overflow on \
                     clockwise: with c = {c}, {} keys on {servers} servers, none holds more than \
                     {}.",
                    grouped(keys as u64),
                    grouped(cap(c, keys, servers) as u64),
                ),
                "That suits a load balancer, where any backend can serve any request and \
                 stickiness is only a cache-warmth bonus. A store cannot do it: a key must be \
                 where its data is."
                    .into(),
                format!(
                    "A hot key is another matter. One key taking 30,000 of {} requests a second \
                     on {HOT_SERVERS} servers puts {} the mean on its owner. Cache it in the \
                     clients, read it from every copy, or split it.",
                    grouped_rounded(HOT_TOTAL),
                    times(hot.ratio()),
                ),
                "A stampede is many clients missing the same key at once. Single-flight lets \
                 one request fetch it while the others wait for that result."
                    .into(),
            ],
            &[
                "Bounded loads belong in load balancers, not stores",
                "The cap: c times the mean",
                "A hot key is fixed at the key: client cache, read replicas, splitting",
                "Single-flight for a stampede",
            ],
        )
        .with_levels(
            "Knows the cap and the hot-key fixes.",
            "Says where each tool belongs, and measures the hot key before choosing a fix.",
        ),
        number: format!(
            "c = {c}: cap {} keys a server for {} keys on {servers}; a hot key puts {} the mean on one server",
            grouped(cap(c, keys, servers) as u64),
            grouped(keys as u64),
            times(hot.ratio()),
        ),
        see: ("Hot keys and bounded loads".into(), "#/load".into()),
        widget: None,
    }
}

fn routing() -> FollowUp {
    let slots = grouped(SLOT_COUNT as u64);
    let somekey = key_slot(b"somekey");
    FollowUp {
        prompt: prompt(
            "Finding the node",
            "A request arrives. Who works out which server it goes to?",
            &[
                "Three ways. The client holds the ring, as memcached's ketama clients do: no \
                 extra hop, but every client must learn of changes."
                    .into(),
                "A proxy holds it, as twemproxy or Envoy do: clients stay simple, at the cost \
                 of a hop and a tier to run."
                    .into(),
                format!(
                    "Or the servers redirect, as Redis Cluster does. The client hashes the key \
                     to one of {slots} slots (somekey is slot {somekey}) and asks the master it \
                     believes owns it. A wrong guess gets MOVED with the right address; a slot \
                     in the middle of a move gets ASK for that one request."
                ),
            ],
            &[
                "Client-side, proxy, or server redirects",
                "The trade: a hop against clients that must stay current",
                "Knows MOVED and ASK",
            ],
        )
        .with_levels(
            "Names the three options.",
            "Picks by who can be updated quickly (clients or a proxy tier) and what an \
                extra hop costs at the latency budget.",
        ),
        number: format!("CLUSTER KEYSLOT somekey = {somekey} of {slots} slots"),
        see: ("Redis slots: MOVED and ASK".into(), "#/slots".into()),
        widget: None,
    }
}

fn ranges() -> FollowUp {
    let (n, k) = (10usize, 100u64);
    let touched = servers_touched(n, k);
    FollowUp {
        prompt: prompt(
            "Range queries",
            "Product wants \"all orders between two dates\". How does your design cope?",
            &[
                "Badly. Hashing scatters neighbouring keys on purpose, so a range of keys \
                 lands everywhere."
                    .into(),
                format!(
                    "A scan of {k} neighbouring keys on {n} servers touches {touched:.2} servers \
                     on average: all of them. Every range query becomes a fan-out to the whole \
                     cluster."
                ),
                "Range partitioning keeps order: each server holds a key range, split when it \
                 grows, as Bigtable and HBase do. Or hash a prefix (the customer) and keep \
                 the order within it."
                    .into(),
            ],
            &[
                "Hashing destroys key order",
                "A range scan fans out to every server",
                "Range partitioning, or hash a prefix and sort within it",
            ],
        )
        .with_levels(
            "Sees that hashing breaks ranges and offers range partitioning.",
            "Asks which queries matter most and designs the key (prefix, then order) for \
                them.",
        ),
        number: format!(
            "{k} neighbouring keys on {n} servers: {touched:.2} servers touched on average"
        ),
        see: (
            "Modulo and ring grids: where keys land".into(),
            "#/grids".into(),
        ),
        widget: None,
    }
}

fn consistent() -> FollowUp {
    let n = 16;
    FollowUp {
        prompt: prompt(
            "What \"consistent\" means",
            "Does consistent hashing make the data consistent?",
            &[
                "No. The word is about the function. Adding a server moves keys only to it; \
                 removing one moves only its keys. Everything else keeps its owner."
                    .into(),
                format!(
                    "So a join moves exactly the newcomer's share, 1/(N+1): {} going from {n} \
                     to {}.",
                    percent(join_moved(n)),
                    n + 1,
                ),
                "Data consistency (what a read returns after a write) comes from replication \
                 and quorums, a separate decision."
                    .into(),
            ],
            &[
                "Consistent means keys move only to a newcomer or from a leaver",
                "Not the C of CAP: data consistency needs replication and quorums",
            ],
        )
        .with_levels(
            "Separates the hashing's consistency from the data's.",
            "Adds what the data still needs during a move: quorums, versions, hinted \
                handoff.",
        ),
        number: format!(
            "a join moves only the newcomer's share, {} = {} at {n} → {}: every other key \
             keeps its server",
            ring_moved(n, n + 1),
            percent(join_moved(n)),
            n + 1
        ),
        see: ("The 0..99 clock".into(), "#/clock".into()),
        widget: None,
    }
}

fn when_not() -> FollowUp {
    let (n, big) = (16, 32);
    FollowUp {
        prompt: prompt(
            "When not to use it",
            "When would you not use consistent hashing at all?",
            &[
                format!(
                    "When N never changes, or only ever doubles: hash mod N is simpler and \
                     perfectly even, and going from {n} to {big} moves exactly {}, the least any \
                     scheme can.",
                    modulo_moved(n, big),
                ),
                "When the data needs order: range partitioning.".into(),
                "When there are few shards and operators want control: a directory, a table \
                 from key range or slot to server, which is what Redis Cluster's slots are."
                    .into(),
            ],
            &[
                "A fixed or doubling N: mod N",
                "Ordered access: range partitioning",
                "A directory when shards are few and moved by hand",
            ],
        )
        .with_levels(
            "Knows simpler schemes exist and when they fit.",
            "Picks the simplest thing that survives the changes this system will see.",
        ),
        number: format!(
            "mod N from {n} to {big} moves exactly {}, as little as any even spread allows: \
             when N only doubles, mod N is enough",
            modulo_moved(n, big)
        ),
        see: ("Modulo against the ring".into(), "#/grids".into()),
        widget: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;
    use crate::ViewState;

    #[test]
    fn fourteen_followups_each_with_a_rubric_a_number_and_a_widget() {
        let all = followups();
        assert_eq!(all.len(), 14);
        let widgets: Vec<_> = all.iter().filter_map(|f| f.widget).collect();
        assert_eq!(
            widgets,
            [
                Widget::TwoChoices,
                Widget::ShuffleSharding,
                Widget::FixedPartitions
            ]
        );
        for f in &all {
            let p = &f.prompt;
            assert!(!p.ask.is_empty() && !p.answer.is_empty(), "{}", p.topic);
            assert!((2..=5).contains(&p.points.len()), "{}", p.topic);
            assert!(!f.number.is_empty() && !p.senior.is_empty() && !p.staff.is_empty());
            assert!(f.see.1.starts_with("#/"), "{}", f.see.1);
            for text in p.answer.iter().chain(&p.points).chain([&f.number]) {
                assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
            }
        }
    }

    #[test]
    fn the_numbers_to_quote_come_from_the_core() {
        let all: Vec<String> = followups().into_iter().map(|f| f.number).collect();
        let expect = [
            "2 ln N / ε² = 1,382 points at N = 1,000, ε = 10.0%; at 160 points plan for 1.21× to 1.28× the mean",
            "N = 1,000, V = 200: one change gossips 3.2 MB as tokens, 3.2 GB as whole rings; each ring is 3.2 MB",
            "one more server beside 16 servers holding 10.9 TB in 3 copies, 1 Gbps: 4.3 h at full speed, 14.2 h at 30%",
            "lookup memory at N = 1,000: ring (V = 160) 2.6 MB, Maglev 262.1 kB, slots 65.5 kB, rendezvous 8.0 kB, jump none",
            "a weight-2 server among weights 1, 1, 2 should take 50.0%",
            "c = 1.25: cap 125 keys a server for 1,000 keys on 10; a hot key puts 5.5× the mean on one server",
            "CLUSTER KEYSLOT somekey = 11058 of 16,384 slots",
            "100 neighbouring keys on 10 servers: 10.00 servers touched on average",
            "a join moves only the newcomer's share, 1/17 = 5.9% at 16 → 17: every other key keeps its server",
            "mod N from 16 to 32 moves exactly 1/2, as little as any even spread allows: when N only doubles, mod N is enough",
            "100,000 requests on 100,000 servers, 20 runs: the busiest holds 7.8 (7 to 9) with one choice, 3.5 (3 to 4) with two",
            "8 workers, 2 each: 28 shards; all 2 shared 1 in 28 (3.6%), at least one shared 46.4%",
            "60 partitions, 4 → 5 nodes: 12 partitions move, 20.0% of keys; mod N moves 80.0%",
            "Java and librdkafka on 6 partitions: 1,716 of 10,000 keys on the same partition (17.2%); chance alone gives 16.7%",
        ];
        assert_eq!(all.len(), expect.len());
        for (got, want) in all.iter().zip(expect) {
            assert_eq!(got, want);
        }
    }

    /// Throttling to 30% stretches the move by 1/0.3; three joins at once take the time of
    /// one (each newcomer fills through its own link), not three.
    #[test]
    fn the_move_figures_follow_the_cost_model() {
        let w = moving_workload().workload();
        let full = Workload { throttle: 1.0, ..w };
        assert!((ring_hours(&w) / ring_hours(&full) - 1.0 / 0.3).abs() < 1e-9);
        // 10.88 TB three times over, 1/17 of it at 125 MB/s: 15,360 s.
        assert!((ring_hours(&full) - 3.0 * 1.088e13 / 17.0 / 125e6 / 3600.0).abs() < 1e-9);
        let text = moving_data().prompt.answer.join(" ");
        assert!(
            text.contains("Three servers joining together take 3.8 hours"),
            "{text}"
        );
        assert!(text.contains("one after another, 12.1"), "{text}");
    }

    #[test]
    fn estimates_are_graded_by_the_cost_model() {
        assert!(estimation_question().starts_with("A cluster of 10 servers holds 10 TB"));
        // 10 TB / 11 at 37.5 MB/s: 24,242 s, 6.73 hours.
        let hours = 1e13 / 11.0 / 37.5e6 / 3600.0;
        for close in ["6.7", "7", "about 7 h", "6", "8h"] {
            assert_eq!(grade_estimate(close), Estimate::Close { hours }, "{close}");
        }
        match grade_estimate("2") {
            Estimate::Off { factor, .. } => assert!((factor - 2.0 / hours).abs() < 1e-9),
            other => panic!("{other:?}"),
        }
        assert!(matches!(grade_estimate("100"), Estimate::Off { factor, .. } if factor > 10.0));
        for bad in ["", "soon", "-3", "0", "NaN"] {
            assert_eq!(grade_estimate(bad), Estimate::Unreadable, "{bad}");
        }
        let working = estimation_working().join(" ");
        assert!(working.contains("1/11 of 10 TB, 0.91 TB"), "{working}");
        assert!(
            working.contains("125 MB/s, and 30.0% of it is 37.5 MB/s"),
            "{working}"
        );
        assert!(working.contains("24,242 seconds: 6.7 hours"), "{working}");
    }

    #[test]
    fn every_widget_link_reads_back_without_a_note() {
        for f in followups() {
            let (path, query) = f.see.1[2..].split_once('?').unwrap_or((&f.see.1[2..], ""));
            if path == "cost" {
                let (params, notes) = CostParams::from_query(&parse_query(query));
                assert!(notes.is_empty(), "{notes:?}");
                assert_eq!(params, moving_workload());
            } else if path == "agree" {
                let (_, notes) =
                    crate::views::agree::params::AgreeParams::from_query(&parse_query(query));
                assert!(notes.is_empty(), "{notes:?}");
            } else {
                assert!(query.is_empty() || path == "lab", "{}", f.see.1);
            }
        }
    }
}
