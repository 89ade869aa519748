//! The rendezvous view's component: the illustration, the live race and its controls, a
//! node leaving counted over many keys, the weights' shares, and the measured cost.

use std::rc::Rc;

use ringlab_core::schemes::rendezvous_systems::RendezvousSystem;
use ringlab_model::linked::Edit;
use ringlab_model::views::rendezvous::params::{RendezvousParams, KEYS, MOST_NODES};
use ringlab_model::views::rendezvous::prose::{self, score_text};
use ringlab_model::views::rendezvous::race::{
    leave, owned_counts, owner_without, rank, Leave, Race as RaceModel, ILLUSTRATION,
};
use yew::prelude::*;

use super::bars::{Bar, Race};
use super::cost::Cost;
use crate::kit::hooks::linked::use_linked;
use crate::kit::leaver_select::LeaverSelect;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::number_field::NumberField;
use crate::kit::setters::{on_change, on_text};
use crate::kit::view_props::ViewProps;

#[component]
pub fn RendezvousView(props: &ViewProps) -> Html {
    let state = use_linked::<RendezvousParams>(props);
    let dispatch = state.dispatcher();
    let p = &state.params;
    let race = RaceModel::of(p);
    let counted = use_memo(p.clone(), |p| {
        let gone = p
            .gone
            .as_ref()
            .and_then(|g| p.nodes.iter().position(|n| &n.name == g));
        Rc::new((owned_counts(p), gone.map(|g| leave(p, g))))
    });
    let set = |name: &'static str| on_change(&dispatch, name);
    let set_text = |name: &'static str| on_text(&dispatch, name);
    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
    };
    let names: Vec<String> = p.nodes.iter().map(|n| n.name.clone()).collect();
    let controls = html! {
        <form class="rv-form view-controls" aria-label="Race" onsubmit={|e: SubmitEvent| e.prevent_default()}>
            <label>
                { "System" }
                <select onchange={set("system")}>
                    { for RendezvousSystem::ALL.iter().map(|s| html! {
                        <option value={s.name()} selected={*s == p.system}>{ system_label(*s) }</option>
                    }) }
                </select>
            </label>
            <label class="rv-wide">
                { "Nodes (name or name=weight)" }
                <input type="text" value={p.nodes_text()} onchange={set("nodes")} spellcheck="false" autocomplete="off" />
            </label>
            <label>
                { "Key" }
                <input type="text" value={p.key().to_string()} onchange={set("key")} spellcheck="false" autocomplete="off" />
            </label>
            <NumberField label="Replicas" value={p.replicas} min={1} max={p.nodes.len().min(MOST_NODES) as u64}
                on_change={set_text("replicas")} />
            <LeaverSelect label="Node that leaves" {names} chosen={p.gone.clone()}
                on_change={set("gone")} />
            <NumberField label="Keys counted" value={p.keys} min={KEYS.0} max={KEYS.1} on_change={set_text("keys")} />
        </form>
    };
    let (counts, left) = &**counted;
    html! {
        <section class={classes!("rv", props.embed.then_some("rv-embed"))} aria-label="Rendezvous">
            { notes }
            <p class="rv-intro">
                { "Rendezvous hashing holds no ring. For each key, every node computes a score \
                   from the key and its own name; the highest score wins. The next highest are \
                   the replicas, in order." }
            </p>
            { illustration() }
            <h2>{ prose::race_heading(&race) }</h2>
            { controls }
            <Race bars={race_bars(&race)} label={prose::race_label(&race)}
                epoch={format!("{}|{}|{:?}", race.key, p.nodes_text(), p.system)} />
            <p class="rv-summary" aria-live="polite">{ race.summary() }</p>
            <p class="rv-how">{ system_how(p.system) }</p>
            { for left.as_ref().map(|l| leave_part(p, &race, l)) }
            { shares_part(p, counts) }
            <h2 class="rv-cost-title">{ "The price: every node, every lookup" }</h2>
            <p class="rv-cost-intro">
                { "A lookup scores every node, so it costs O(N): ten times the nodes, ten \
                   times the work. A ring's lookup is a binary search, O(log N). Measure it in \
                   this browser:" }
            </p>
            <Cost system={p.system} />
        </section>
    }
}

fn system_label(system: RendezvousSystem) -> &'static str {
    match system {
        RendezvousSystem::Textbook => "Textbook (ringlab)",
        RendezvousSystem::Mcrouter => "mcrouter Rendezvous",
        RendezvousSystem::McrouterWeighted => "mcrouter WeightedRendezvous",
        RendezvousSystem::Envoy => "Envoy",
    }
}

/// What each system hashes, in a sentence.
fn system_how(system: RendezvousSystem) -> &'static str {
    match system {
        RendezvousSystem::Textbook => "Scores here: u from XXH3-64 of the key, seeded with the node's name hash; score = −w / ln(u).",
        RendezvousSystem::Mcrouter => "Scores here: mcrouter mixes MurmurHash64A of the node's tag with that of the key; the biggest 64-bit result wins. Weights are ignored.",
        RendezvousSystem::McrouterWeighted => "Scores here: mcrouter's mixed MurmurHash64A, its low 53 bits as u; score = w / −ln(u).",
        RendezvousSystem::Envoy => "Scores here: Envoy mixes XXH64 of the request with XXH64 of each host; score = −w / ln(u), with w the host's share of the total weight.",
    }
}

/// The lesson's worked example, stated as an illustration, its sentences from the same
/// ranking the real race uses.
fn illustration() -> Html {
    let scores: Vec<f64> = ILLUSTRATION.iter().map(|(_, s)| *s).collect();
    let order = rank(&scores);
    let name = |i: usize| ILLUSTRATION[i].0;
    let top = scores.iter().copied().fold(0.0, f64::max);
    let bars = order
        .iter()
        .enumerate()
        .map(|(place, &i)| Bar {
            name: name(i).to_string(),
            index: i,
            score: format!("{:.2}", scores[i]),
            length: scores[i] / top,
            role: match place {
                0 => "owner".to_string(),
                1 => "replica 2".to_string(),
                _ => String::new(),
            },
            gone: false,
        })
        .collect::<Vec<_>>();
    let last = order[2];
    let after_last = owner_without(&scores, Some(last)).map_or("", name);
    let after_owner = owner_without(&scores, Some(order[0])).map_or("", name);
    html! {
        <div class="rv-illustration">
            <h2>{ "The idea, with made-up scores" }</h2>
            <p>{ "An illustration: three nodes score the key \"photo42\". These scores are invented to show the rule." }</p>
            <Race {bars} label="Illustration: made-up scores for photo42" epoch="illustration" />
            <p>
                { format!("{} scores highest, so {} owns photo42. With two replicas, the copies go to {}, then {}. \
                           If {} leaves, nothing changes for photo42: {} still wins. If {} leaves, photo42 goes to \
                           its second choice, {}. No other key is touched by either.",
                          name(order[0]), name(order[0]), name(order[0]), name(order[1]),
                          name(last), after_last, name(order[0]), after_owner) }
            </p>
        </div>
    }
}

/// The live race as bars: the rank order, the holders marked, the leaver greyed.
fn race_bars(race: &RaceModel) -> Vec<Bar> {
    let top = race
        .ranking
        .first()
        .map(|&i| race.scores[i])
        .filter(|s| *s > 0.0)
        .unwrap_or(1.0);
    race.ranking
        .iter()
        .enumerate()
        .map(|(place, &i)| Bar {
            name: race.names[i].clone(),
            index: i,
            score: score_text(race.scores[i]),
            length: (race.scores[i] / top).max(0.0),
            role: if race.gone == Some(i) {
                "leaves".to_string()
            } else if place == 0 {
                "owner".to_string()
            } else if place < race.replicas {
                format!("replica {}", place + 1)
            } else {
                String::new()
            },
            gone: race.gone == Some(i),
        })
        .collect()
}

fn leave_part(p: &RendezvousParams, race: &RaceModel, l: &Leave) -> Html {
    let (Some(heading), Some(sentence)) =
        (prose::leave_heading(race), prose::leave_sentence(race, l))
    else {
        return html! {};
    };
    html! {
        <div class="rv-leave">
            <h2>{ heading }</h2>
            <p>{ sentence }</p>
            if let Some(note) = prose::replicas_note(p, race) {
                <p>{ note }</p>
            }
        </div>
    }
}

fn shares_part(p: &RendezvousParams, counts: &[u64]) -> Html {
    let weighted = p.system.weighted();
    let rows = p
        .nodes
        .iter()
        .zip(prose::share_rows(p, counts))
        .map(|(node, row)| {
            html! {
                <tr>
                    <th scope="row">{ node.name.clone() }</th>
                    <td>{ weight_text(node.weight) }</td>
                    <td>{ row.owned }</td>
                    <td>{ row.expected }</td>
                </tr>
            }
        });
    html! {
        <div class="rv-shares">
            <h2>{ "Weights" }</h2>
            <p>
                { "With u uniform in (0, 1), the score −w / ln(u) makes a node of weight w win \
                   w / Σw of the keys, and keeps every other property: a leaver still moves only \
                   its own keys." }
                if !weighted { { " mcrouter's plain Rendezvous ignores weights: each node expects an equal share." } }
            </p>
            <div class="rv-scroll" tabindex="0" role="region" aria-label="Keys owned">
                <table class="rv-table">
                    <caption>{ prose::shares_caption(p) }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ "Node" }</th>
                            <th scope="col">{ "Weight" }</th>
                            <th scope="col">{ "Keys owned" }</th>
                            <th scope="col">{ "Expected share" }</th>
                        </tr>
                    </thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </div>
    }
}

/// A weight as written in the link: 1, 2.5.
pub fn weight_text(weight: f64) -> String {
    ringlab_model::urlkit::decimal_text(weight)
}
