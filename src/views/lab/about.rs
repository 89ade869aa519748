//! What each of the lab's figures shows, in words: the paragraph above its chart.

use ringlab_core::analysis::memory::ENTRY_BYTES;
use ringlab_core::schemes::maglev::DEFAULT_TABLE_SIZE;
use ringlab_model::format::grouped;
use ringlab_model::loss::{LOSS_FAILURES, LOSS_RACKS, LOSS_REPLICAS, LOSS_SERVERS};
use ringlab_model::views::compare::params::CompareParams;
use ringlab_model::views::lab::job::{SPEED_KEYS, SPEED_MS};
use ringlab_model::views::lab::llm::{LLM_CACHE_BLOCKS, LLM_K, LLM_WORKERS};
use ringlab_model::views::lab::runs::{
    self, AGREE_KEYS, BOUNDED_KEYS, BOUNDED_SERVERS, KEYS_PLACED,
};
use ringlab_model::views::lab::series::MEMORY_POINTS;
use ringlab_model::views::learn::links;
use yew::prelude::*;

use crate::kit::view_link::ViewLink;

/// Figure `number`'s paragraph; `seed` is the seed experiment that figure 4 links to.
pub fn about(number: u64, seed: &CompareParams) -> Html {
    match number {
        1 => html! { <>
            <p>{ "For N servers with V points each, the share of the busiest server, over the fair share 1/N. \
                  Solid: the mean over the rings; dashed: the 95th percentile; dotted: the Gamma model, which \
                  draws the shares from their exact law instead of placing points." }</p>
            <p>{ "The right axis reads each level the other way round: how many points per server the rule \
                  of thumb 2 ln N / ε² asks for to keep the busiest within it, 1 + ε, at the most servers drawn. \
                  Compare that with the V at which the solid line reaches the level." }</p>
        </> },
        2 => html! {
            <p>{ "The shares' spread (their standard deviation over their mean) times sqrt(V). If the spread \
                  falls as 1/sqrt(V), this stays flat: near 1 for many servers, a little lower for ten." }</p>
        },
        3 => html! {
            <p>{ format!("One of {} servers leaves. Its keys go to the servers after its points; with few points, \
                  one neighbour takes nearly all of them. This is the share the biggest catcher takes.", runs::CATCHER_SERVERS) }</p>
        },
        4 => html! { <>
            <p>{ format!("{} keys named key-0, key-1 and so on, placed by each scheme on N servers; then one more server \
                  joins. Real keys add their own noise: even a perfect split leaves a spread of sqrt(N/K) in keys per \
                  server, and a ring adds sqrt(1/V) from its arcs. Solid: measured; dotted: that floor.", grouped(KEYS_PLACED)) }</p>
            <p>
                { format!("The seed experiment placed {} keys on {} servers. The comparison runs exactly that, \
                           off this page's thread too: ", grouped(seed.keys), grouped(seed.servers)) }
                <ViewLink to={links::compare_seed()}>{ "the seed experiment in Compare" }</ViewLink>
                { "." }
            </p>
        </> },
        5 => html! {
            <p>{ format!("The same {} keys looked up again and again for {SPEED_MS:.0} ms per scheme and size, \
                  on a worker, one key at a time. The ring searches its points, jump computes, Maglev reads a \
                  table of {} slots, and rendezvous scores every server: it slows as N grows. \
                  Your machine's figures, not ours: run it again and they move a little.",
                  grouped(SPEED_KEYS), grouped(DEFAULT_TABLE_SIZE)) }</p>
        },
        6 => html! {
            <p>{ format!("{LOSS_SERVERS} servers, {LOSS_REPLICAS} copies of every key, and {LOSS_FAILURES} servers fail together. \
                  A key is lost when all its copies were on the failed servers. More points per server make more distinct \
                  replica sets, so almost any {LOSS_FAILURES} failures hit one of them. Racks help only if the copies sit in \
                  different racks (here {} racks of {}). One ring per V, the walkthrough's servers s0 to s{}.",
                  LOSS_RACKS.len(), LOSS_SERVERS / LOSS_RACKS.len(), LOSS_SERVERS - 1) }</p>
        },
        7 => html! {
            <p>{ format!("Every member keeps the whole ring: {ENTRY_BYTES} bytes per point. A join or leave must reach every member. \
                  Exact formulas, at V = {MEMORY_POINTS}; message headers and retries only add to them. \
                  The two lower lines nearly meet: a change that tells everyone only its own tokens still sends, in all, \
                  about as much as the whole ring.") }</p>
        },
        8 => html! {
            <p>{ format!("{} keys on a ring of {BOUNDED_SERVERS} servers, each server allowed at most 1 + ε times the \
                  mean; a key whose server is full walks on to the next. The tighter the cap, the flatter the load, \
                  and the more keys a join disturbs: each one the newcomer takes frees room that pulls others home.",
                  grouped(BOUNDED_KEYS)) }</p>
        },
        9 => html! {
            <p>{ format!("{} keys named key-0, key-1, … placed by two clients on the same N servers (N partitions of \
                  one topic for Kafka). Two hashes that know nothing of each other agree by chance, on 1/N of the keys: \
                  switching clients, or running two side by side, costs almost every key. A join, for scale, moves only \
                  the newcomer's share. ", grouped(AGREE_KEYS)) }
                <ViewLink to={"#/agree?a=kafka&b=librdkafka&keys=600".to_string()}>{ "Try a pair in Will they agree?" }</ViewLink>
            </p>
        },
        10 => html! {
            <p>{ format!("The Mooncake conversation trace: one hour of real chat requests, each prompt named by \
                  its 512-token blocks. {LLM_WORKERS} workers keep {} blocks each, least recently used out first. \
                  A router that hashes the prompt's first K blocks sends requests with the same start to the same worker, \
                  whose cache already holds it. Every request here starts with the same block, a shared system prompt: \
                  hash only that and one worker takes everything.", grouped(LLM_CACHE_BLOCKS as u64)) }</p>
        },
        11 => html! {
            <p>{ format!("The same trace, hashing the first {LLM_K} blocks, with bounded loads: a request walks clockwise past \
                  any worker already running ceil(c × (requests in flight + 1) / workers) requests. A tight bound evens the \
                  load and sends requests to workers that do not hold their prompt.") }</p>
        },
        12 => html! {
            <p>{ format!("The same trace and {LLM_WORKERS} workers, each caching more or fewer blocks. Hashing the first \
                  {LLM_K} blocks keeps each conversation on one worker, so each cache holds only its own conversations; \
                  round robin spreads every conversation over all the workers, and each cache must hold them all.") }</p>
        },
        _ => Html::default(),
    }
}
