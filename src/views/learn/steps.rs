//! Each step's words around its widget. Every sentence with a figure comes from the
//! model (`ringlab_model::views::learn`'s prose modules, one per step), where native tests read
//! it; this file only renders.

use ringlab_model::views::cost::params::CostParams;
use ringlab_model::views::learn::cost_prose;
use ringlab_model::views::learn::failure_prose;
use ringlab_model::views::learn::figures::{HOT, MODULO_KEEPS, RESIZE, VNODES, VNODE_SERVERS};
use ringlab_model::views::learn::hot_prose;
use ringlab_model::views::learn::links;
use ringlab_model::views::learn::live_prose;
use ringlab_model::views::learn::modulo_prose;
use ringlab_model::views::learn::progress::Action;
use ringlab_model::views::learn::replication_prose;
use ringlab_model::views::learn::steps::{
    step_label, BREAK_WIDGET, JUMP_WIDGET, LIVE_RING, MAGLEV_WIDGET, REPLICA_RING,
};
use ringlab_model::views::learn::systems_prose;
use ringlab_model::views::learn::trade_offs;
use ringlab_model::views::learn::vnode_prose;
use ringlab_model::views::learn::{beyond, llm_prose};
use ringlab_model::views::prep::params::Part;
use ringlab_model::views::ring::params::Scheme;
use ringlab_model::views::systems::system::System;
use yew::prelude::*;

use super::interview::Interview;
use super::quiz::Quiz;
use super::scrub::ScrubSentence;
use super::widget::StepWidget;
use crate::kit::practice::PartProps;
use crate::kit::view_link::ViewLink;

#[derive(Properties, PartialEq)]
pub struct StepBodyProps {
    pub index: usize,
    pub part: PartProps,
    /// The step's live widget, placed where its words want it.
    pub widget: Option<Html>,
}

#[component]
pub fn StepBody(props: &StepBodyProps) -> Html {
    let widget = props.widget.clone().unwrap_or_default();
    let part = props.part.clone();
    match props.index {
        0 => html! { <Hook {part} {widget} /> },
        1 => modulo(widget),
        2 => ring(widget),
        3 => live(widget),
        4 => virtual_nodes(widget),
        5 => failure(widget),
        6 => replication(widget),
        7 => cost(widget),
        8 => html! { <RealSystems /> },
        9 => hot_keys(widget),
        10 => beyond(widget),
        11 => trade_offs(widget),
        12 => html! { <Quiz ..part /> },
        _ => html! { <Interview ..part /> },
    }
}

fn p(text: impl Into<String>) -> Html {
    html! { <p>{ text.into() }</p> }
}

/// A "Go deeper" aside: closed until the reader opens it; `body` runs only then.
#[derive(Properties)]
struct DeeperProps {
    body: fn() -> Html,
}

/// The body is fixed per call site; an aside never needs to redraw for new props.
impl PartialEq for DeeperProps {
    fn eq(&self, _: &DeeperProps) -> bool {
        true
    }
}

#[component]
fn Deeper(props: &DeeperProps) -> Html {
    let open = use_state(|| false);
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |event: Event| {
            if let Some(details) = event.target_dyn_into::<web_sys::HtmlDetailsElement>() {
                open.set(details.open());
            }
        })
    };
    html! {
        <details class="deeper" {ontoggle}>
            <summary>{ "Go deeper" }</summary>
            if *open { { (props.body)() } }
        </details>
    }
}

// Step 1 ------------------------------------------------------------------------------

#[derive(Properties, PartialEq)]
struct HookProps {
    part: PartProps,
    widget: Html,
}

#[component]
fn Hook(props: &HookProps) -> Html {
    let choice = use_state(|| None::<usize>);
    let checked = use_state(|| None::<usize>);
    let choices = modulo_prose::hook_choices();
    let right = props.part.progress.challenges.contains("predict");
    let onsubmit = {
        let (choice, checked) = (choice.clone(), checked.clone());
        let on_action = props.part.on_action.clone();
        let choices = choices.clone();
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            if let Some(i) = *choice {
                checked.set(Some(i));
                if choices[i].1 {
                    on_action.emit(Action::Tick("predict".into()));
                }
            }
        })
    };
    let verdict = checked.map(|i| choices[i].1);
    // A wrong answer reveals nothing: the reader tries again, or asks for the answer.
    let given_up = use_state(|| false);
    let answered = right || verdict == Some(true) || *given_up;
    let give_up = {
        let given_up = given_up.clone();
        Callback::from(move |_: MouseEvent| given_up.set(true))
    };
    html! {
        <>
            <p class="learn-pretest">
                { "Preparing for an interview? Take the two-minute " }
                <ViewLink to={Part::Before.link()}>{ "pre-test" }</ViewLink>
                { " first. After the quiz, the post-test asks the same skills again and shows what you gained." }
            </p>
            { p("Eight cache servers sit in front of a database. Your app picks a server for each key with hash(key) % 8: cheap, even, and every client agrees.") }
            { p("Traffic grows, so a ninth server joins. The app now computes hash(key) % 9.") }
            <form class="hook" {onsubmit}>
                <fieldset>
                    <legend>{ "Before you look: what share of the keys is still on the same server?" }</legend>
                    { for choices.iter().enumerate().map(|(i, (label, _))| {
                        let choice = choice.clone();
                        html! {
                            <label class="choice">
                                <input type="radio" name="hook" value={i.to_string()}
                                    checked={*choice == Some(i)}
                                    onchange={Callback::from(move |_| choice.set(Some(i)))} />
                                { label.clone() }
                            </label>
                        }
                    }) }
                </fieldset>
                <button type="submit" disabled={choice.is_none()}>{ "Check answer" }</button>
                <p class="verdict" aria-live="polite">
                    { match verdict {
                        Some(true) => "Right: almost every key moves.",
                        Some(false) if *given_up => "Not quite: the grids below show why.",
                        Some(false) => "Not quite. Think of one key: when does hash % 8 equal hash % 9? Try again.",
                        None if right => "You got this one right earlier.",
                        None => "",
                    } }
                </p>
                if verdict == Some(false) && !answered {
                    <button type="button" class="hook-give-up" onclick={give_up}>{ "Show me the answer" }</button>
                }
            </form>
            if answered {
                { props.widget.clone() }
                { p(modulo_prose::hook_modulo()) }
                { p(modulo_prose::hook_ring()) }
                <ScrubSentence scrub={&RESIZE} />
            }
        </>
    }
}

// Step 2 ------------------------------------------------------------------------------

fn modulo(widget: Html) -> Html {
    html! {
        <>
            { p("Growing by one server under modulo moves every key except 1 in N + 1. The bigger the fleet, the worse it gets.") }
            <ScrubSentence scrub={&MODULO_KEEPS} />
            { p(modulo_prose::grids_move()) }
            { widget }
            { p("For a cache, a moved key is a miss. When nearly every key misses at once, the whole load falls on the database behind the cache.") }
            { p(modulo_prose::grids_double()) }
            { p("But doubling is expensive, and you cannot shrink by one. We want to add or remove a single server and move only the keys that must move.") }
        </>
    }
}

// Step 3 ------------------------------------------------------------------------------

fn ring(widget: Html) -> Html {
    html! {
        <>
            { p("Bend the range of the hash into a circle: 0 at the top, counting clockwise up to the largest hash, which sits just before 0 again.") }
            { p("Hash each server's name to a point on that circle. Hash each key to a point too.") }
            { p("A key belongs to the first server clockwise from it. A key past the last server wraps round the top to the first one.") }
            { p("When a server joins, it takes only the keys between itself and the server before it. When one leaves, only its own keys move, to the next server on. Every other key stays put.") }
            { p("Try it on a small clock of 100 marks. Predict each key's owner, then reveal. Then see what adding D at 60 and removing B move.") }
            { widget }
        </>
    }
}

// Step 4 ------------------------------------------------------------------------------

fn live(widget: Html) -> Html {
    html! {
        <>
            { p(live_prose::intro(&LIVE_RING)) }
            { p("Add a server. What it moved appears right under the button, and the moved keys are circled on the ring.") }
            if let Some(join) = live_prose::join(&LIVE_RING) {
                { p(join) }
            }
            { p("Then pick a key and walk it: follow it clockwise to the point that owns it.") }
            { widget }
        </>
    }
}

// Step 5 ------------------------------------------------------------------------------

fn virtual_nodes(widget: Html) -> Html {
    html! {
        <>
            { p("With one point per server the arcs are uneven. One server can own far more than its share, and it is the first to run hot.") }
            { p("The fix is to give every server many points, called virtual nodes. A server's share becomes a sum of many small arcs, and such sums even out.") }
            <ScrubSentence scrub={&VNODES} />
            { p(vnode_prose::balance_goal()) }
            { widget }
            <Deeper body={vnode_maths as fn() -> Html} />
        </>
    }
}

fn vnode_maths() -> Html {
    html! {
        <>
            { p(vnode_prose::spread(100, 160)) }
            { p(vnode_prose::one_point_peak(VNODE_SERVERS, 1000)) }
            { p(vnode_prose::points_needed(100, 10)) }
            { p(vnode_prose::ketama_busiest()) }
            <p>
                <ViewLink to={links::lab_figure(1)}>{ "The busiest server against V, for 10, 100 and 1,000 servers" }</ViewLink>
                { ": the lab runs the whole experiment in your browser." }
            </p>
        </>
    }
}

// Step 6 ------------------------------------------------------------------------------

fn failure(widget: Html) -> Html {
    html! {
        <>
            { p("When a server dies, each of its arcs goes to the next point clockwise. Nothing else moves.") }
            { p(failure_prose::one_neighbour(16)) }
            { p(failure_prose::scattered(16, 200)) }
            { p("Fail a server here, at one point per server, and see who catches its keys. Then raise the points and fail one again.") }
            { widget }
            <p>
                <ViewLink to={links::lab_figure(3)}>{ "Who catches a leaving server's keys, from 1 to 1,024 points" }</ViewLink>
                { ": the lab measures it over hundreds of rings." }
            </p>
        </>
    }
}

// Step 7 ------------------------------------------------------------------------------

fn replication(widget: Html) -> Html {
    html! {
        <>
            { p("To survive failures, each key lives on R servers. Walk clockwise from the key and take the first R different servers: that is the key's preference list.") }
            { p("Different matters. With virtual nodes, the next point may belong to a server already on the list, so the walk skips it.") }
            { p("Racks matter too. A rack-aware list also skips servers in a rack it already has, so one rack losing power cannot take every copy.") }
            if let Some(skip) = replication_prose::skip(&REPLICA_RING) {
                { p(skip) }
            }
            { widget }
            <Deeper body={loss_maths as fn() -> Html} />
        </>
    }
}

fn loss_maths() -> Html {
    html! { <>{ for replication_prose::durability(200).into_iter().map(p) }</> }
}

// Step 8 ------------------------------------------------------------------------------

fn cost(widget: Html) -> Html {
    html! {
        <>
            { p("Every moved key is data on the wire. Here is what a resize costs in bytes and in hours.") }
            { for cost_prose::resize(&CostParams::default()).into_iter().map(p) }
            { widget }
        </>
    }
}

// Step 9 ------------------------------------------------------------------------------

#[component]
fn RealSystems() -> Html {
    let key = use_state(|| "user:{42}:cart".to_string());
    let oninput = {
        let key = key.clone();
        Callback::from(move |event: InputEvent| {
            if let Some(input) = event.target_dyn_into::<web_sys::HtmlInputElement>() {
                key.set(input.value());
            }
        })
    };
    html! {
        <>
            { p("Consistent hashing runs inside systems you have used.") }
            <ul class="systems">
                <li>
                    <strong>{ "Dynamo and its heirs. " }</strong>
                    { "Amazon's Dynamo put keys on a ring of virtual nodes and kept each key on a preference list of N replicas. Riak and Voldemort followed it. " }
                    <ViewLink to={links::dynamo_ring()}>{ "A Dynamo-style ring" }</ViewLink>
                </li>
                <li>
                    <strong>{ "Cassandra. " }</strong>
                    { systems_prose::cassandra(12) }
                    <ViewLink to={links::cassandra_ring()}>{ systems_prose::cassandra_link() }</ViewLink>
                </li>
                <li>
                    <strong>{ "Memcached clients. " }</strong>
                    { systems_prose::ketama() }
                    <ViewLink to={links::scheme_ring(Scheme::Ketama)}>{ "The ketama ring" }</ViewLink>
                </li>
                <li>
                    <strong>{ "nginx and HAProxy. " }</strong>
                    { systems_prose::nginx() }
                    <ViewLink to={links::scheme_ring(Scheme::Nginx)}>{ "The nginx ring" }</ViewLink>
                    { " · " }
                    <ViewLink to={links::system_page(System::Haproxy)}>{ "HAProxy, exactly" }</ViewLink>
                </li>
                <li>
                    <strong>{ "Redis Cluster is not a ring. " }</strong>
                    { systems_prose::redis() }
                    <div class="slot-finder">
                        <label for="redis-key">{ "Key" }</label>
                        <input id="redis-key" type="text" value={(*key).clone()} {oninput}
                            maxlength="512" spellcheck="false" autocomplete="off" />
                        <output for="redis-key" aria-live="polite">{ systems_prose::slot(&key) }</output>
                    </div>
                </li>
            </ul>
        </>
    }
}

// Step 10 -----------------------------------------------------------------------------

fn hot_keys(widget: Html) -> Html {
    let q = HOT.knob.default;
    html! {
        <>
            { p("Consistent hashing spreads keys, not requests. A perfectly even ring can still have one server on fire.") }
            <ScrubSentence scrub={&HOT} />
            { p(hot_prose::owner(q)) }
            { p(hot_prose::bounded(q)) }
            { widget }
            { p(hot_prose::in_widget(q)) }
            { p(hot_prose::epsilon(q)) }
            { p("What helps is above the ring: a cache in front of it that fetches the hot key once a second, or the key split into several keys whose reads spread over several servers. Switch each on and watch the bar come down, then read what each one costs.") }
            { p("Load also breaks clusters. A node over its capacity for long enough dies, and its keys land on whoever the ring names next. Without virtual nodes that is one neighbour, which may be the next to go.") }
            <StepWidget widget={BREAK_WIDGET} label={step_label("hot-keys")} on_query={Callback::noop()} />
            { p("Step through the five runs. Adding a node and losing one with virtual nodes are survivable; the cascade and the hot key are not, until the fix goes in.") }
        </>
    }
}

// Step 11 -----------------------------------------------------------------------------

fn beyond(widget: Html) -> Html {
    html! {
        <>
            { p("The ring is one answer to “which server holds this key?”. Three others run in production, and each buys something the ring does not.") }
            <h3>{ "Rendezvous: every server bids" }</h3>
            { p("For each key, every server computes a score from the key and its own name, and the highest score wins. The next highest hold the replicas. There is nothing to store and nothing to tune, and a server that leaves hands each of its keys to that key's own second choice.") }
            { widget }
            { p("The price is in the lookup: it scores every server, so a thousand servers cost a thousand hashes per key.") }
            <h3>{ "Jump hash: no memory at all" }</h3>
            { p("Jump hash walks a key through a random sequence of buckets and stops at the last one below n. It stores nothing and its shares are even. Adding bucket n moves only the keys that jump to it.") }
            { p(beyond::jump_removal(10, 3)) }
            <StepWidget widget={JUMP_WIDGET} label={step_label("beyond")} on_query={Callback::noop()} />
            <h3>{ "Maglev: a table filled in turns" }</h3>
            { p("Google's load balancer looks a key up in a prime-sized table: one read. Each backend has its own order of slots, and the backends take turns claiming their next free slot, so every backend gets almost the same number.") }
            { p(beyond::maglev_join()) }
            <StepWidget widget={MAGLEV_WIDGET} label={step_label("beyond")} on_query={Callback::noop()} />
            <h3>{ "Where rings route today: LLM prompts" }</h3>
            { p("A worker serving a large language model keeps what it computed for the prompts it has read, block by block. A new prompt that starts like an earlier one skips that work, but only on the worker that did it. So the routers in front of these fleets hash the start of the prompt onto a ring: SGLang's gateway does, with bounded loads, and vLLM's production stack hashes a session id with uhashring.") }
            { for llm_prose::where_rings_route().into_iter().map(p) }
            <p>
                { "Watch it play, request by request, under every router: " }
                <ViewLink to={"#/llm?router=ring&k=2".to_string()}>{ "Routing LLM requests" }</ViewLink>
                { ". The whole trace, against how many blocks are hashed, the bound and the cache's size: " }
                <ViewLink to={links::lab_figure(10)}>{ "the lab's figures 10 to 12" }</ViewLink>{ "." }
            </p>
            <p>
                { "Each has its own page: " }
                <ViewLink to={"#/rendezvous".to_string()}>{ "rendezvous" }</ViewLink>{ ", " }
                <ViewLink to={"#/jump".to_string()}>{ "jump hash" }</ViewLink>{ ", " }
                <ViewLink to={"#/maglev".to_string()}>{ "Maglev" }</ViewLink>{ ", " }
                <ViewLink to={"#/slots".to_string()}>{ "Redis slots" }</ViewLink>
                { ", and all of them side by side on " }
                <ViewLink to={"#/compare".to_string()}>{ "Compare" }</ViewLink>{ "." }
            </p>
        </>
    }
}

// Step 12 -----------------------------------------------------------------------------

fn trade_offs(widget: Html) -> Html {
    // The join every row is read on: 8 servers to 9, as the widget's grids show it.
    let n = 8;
    let moved_heading = trade_offs::moved_heading(n);
    html! {
        <>
            { p(trade_offs::intro(n)) }
            <div class="table-scroll" tabindex="0" role="region" aria-label="Trade-offs">
                <table class="trade-offs">
                    <thead><tr>
                        <th scope="col">{ "Scheme" }</th>
                        <th scope="col">{ moved_heading.clone() }</th>
                        <th scope="col">{ "Lookup" }</th>
                        <th scope="col">{ "Memory" }</th>
                        <th scope="col">{ "Pick it when" }</th>
                    </tr></thead>
                    <tbody>
                        // data-label: each cell's column, shown beside it when narrow
                        // screens stack a row into a card (learn.css).
                        { for trade_offs::rows(n).into_iter().map(|row| html! {
                            <tr>
                                <th scope="row">{ row.name }</th>
                                <td data-label={moved_heading.clone()}>{ row.moved }</td>
                                <td data-label="Lookup">{ row.lookup }</td>
                                <td data-label="Memory">{ row.memory }</td>
                                <td data-label="Pick it when">{ row.when }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            { widget }
        </>
    }
}
