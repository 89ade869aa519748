//! The Maglev view's component: the small table's controls, lists, slots and story, then
//! the big table's controls, its shares as bars and what one change moves.

use std::rc::Rc;

use ringlab_core::schemes::maglev_systems::MaglevSystem;
use ringlab_model::linked::Edit;
use ringlab_model::views::maglev::fill::Fill;
use ringlab_model::views::maglev::params::{MaglevParams, ALL_STEPS};
use ringlab_model::views::maglev::prose;
use ringlab_model::views::maglev::real::Real;
use yew::prelude::*;

use super::controls::{big_controls, small_controls, system_label};
use super::fill::{Lists, Slots};
use crate::kit::hooks::in_turn::use_in_turn;
use crate::kit::hooks::linked::use_linked;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::pictures::bars::{Bars, Line};
use crate::kit::player::Player;
use crate::kit::view_props::ViewProps;

/// Time between claims while the fill plays.
const CLAIM_MS: u32 = 700;

#[component]
pub fn MaglevView(props: &ViewProps) -> Html {
    let state = use_linked::<MaglevParams>(props);
    let dispatch = state.dispatcher();
    let p = &state.params;
    let fill = use_memo(p.clone(), |p| Fill::of(p).map(Rc::new));
    // The real-size tables come in a task after the first drawing, and the table without
    // the key's backend in a third, so that opening the page is three short tasks rather
    // than one long one.
    let turn = use_in_turn(3);
    let later = turn >= 2;
    let real = use_memo((later, p.system, p.table, p.n, p.change, p.gone), {
        let p = p.clone();
        move |&(later, ..)| later.then(|| Real::of(&p).map(Rc::new))
    });
    // Where the key goes when its backend leaves: a third real-size table, built in the
    // third task and when the real ones or the key change, not at every render (the fill's
    // player renders a claim at a time).
    let heir = use_memo(
        (
            turn == 3,
            p.system,
            p.table,
            p.n,
            p.change,
            p.gone,
            p.key().to_owned(),
        ),
        {
            let (p, real) = (p.clone(), real.clone());
            move |&(last, ..)| {
                if !last {
                    return None;
                }
                let real = real.as_ref().as_ref()?.as_ref().ok()?;
                prose::after_its_backend_leaves(&p, real)
            }
        },
    );
    let on_step = {
        let (dispatch, m) = (dispatch.clone(), p.m);
        Callback::from(move |step: u64| dispatch.dispatch(Edit::set("step", step_text(step, m))))
    };
    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
    };
    let shown = p.shown_steps();

    let small = fill.as_ref().as_ref().map(|fill| {
        let names: Vec<String> = fill.rows.iter().map(|r| r.name.clone()).collect();
        let leave = p
            .leave
            .as_ref()
            .and_then(|name| names.iter().position(|n| n == name))
            .and_then(|gone| fill.without(p, gone));
        let after = leave.as_ref().map(|leave| {
            let table: Vec<Option<usize>> = leave.table.iter().map(|&b| Some(b)).collect();
            html! {
                <div class="maglev-after">
                    <h3>{ prose::after_heading(&names[leave.gone]) }</h3>
                    <Slots {table} names={names.clone()}
                        label={prose::after_label(&names[leave.gone])}
                        forced={leave.forced.clone()} extra={leave.extra.clone()}
                        before={fill.full.clone()} />
                    <p class="maglev-summary">{ leave.summary(fill) }</p>
                    <p class="maglev-legend">
                        <span class="legend-forced">{ "Dashed border" }</span>{ ": its backend left. " }
                        <span class="legend-extra">{ "Thick border" }</span>{ ": changed although its backend stayed." }
                    </p>
                </div>
            }
        });
        let full: Vec<Option<usize>> = fill.full.iter().map(|&b| Some(b)).collect();
        html! {
            <>
                <Player id="maglev-step" label="Fill" slider="Claims made" next="Next claim"
                    shown={shown} steps={fill.m} tick_ms={CLAIM_MS} on_step={on_step} />
                <p class="maglev-narration" aria-live="polite">{ fill.narration() }</p>
                <Lists fill={fill.clone()} />
                <h3>{ if fill.done() { "The lookup table" } else { "The lookup table, filling" } }</h3>
                <Slots table={fill.table.clone()} names={names.clone()}
                    label={prose::table_label(fill)}
                    current={fill.last().map(|c| c.slot)} />
                if !fill.done() {
                    <details class="maglev-full">
                        <summary>{ "The table once full" }</summary>
                        <Slots table={full} names={names.clone()} label="Lookup table once full" />
                    </details>
                }
                { for after }
            </>
        }
    });

    let big = match real.as_ref() {
        None => html! { <p class="maglev-building">{ prose::building(p) }</p> },
        Some(Ok(real)) => real_part(real, p, (*heir).clone()),
        Some(Err(why)) => html! { <p class="maglev-error" role="alert">{ why.clone() }</p> },
    };
    html! {
        <section class={classes!("maglev", props.embed.then_some("maglev-embed"))} aria-label="Maglev">
            { notes }
            <p class="maglev-intro">
                { "Maglev looks a key up in a table: its owner is table[hash mod M], one read. \
                   The clever part is how the table is filled. Each backend has its own order of \
                   slots, and the backends take turns claiming the next free slot on their list." }
            </p>
            <h2>{ prose::fill_heading(p) }</h2>
            { small_controls(p, &dispatch) }
            { for small }
            <h2 class="maglev-real-title">{ "At real sizes" }</h2>
            { big_controls(p, &dispatch) }
            { big }
        </section>
    }
}

/// The step as the link writes it: past the end is "all".
fn step_text(step: u64, m: u64) -> String {
    if step >= m { ALL_STEPS } else { step }.to_string()
}

fn real_part(real: &Real, p: &MaglevParams, heir: Option<String>) -> Html {
    let names = Rc::new(real.names.clone());
    let values = Rc::new(real.slots.iter().map(|&s| s as f64).collect::<Vec<_>>());
    let lines = vec![Line {
        value: real.ideal(),
        label: "fair".into(),
        kind: "mean",
    }];
    let lookup = prose::lookup_sentence(p, real);
    let marked = lookup.as_ref().map(|(_, owner)| *owner);
    // The owner's name drawn as its bar is: blue, outlined (the bar is marked below).
    let found = lookup.map(|(text, owner)| {
        html! {
            <p class="maglev-lookup">
                { text }
                <strong class="maglev-owner">{ real.names[owner].clone() }</strong>
                { " (its bar is outlined)." }
            </p>
        }
    });
    let heir = heir.map(|text| html! { <p class="maglev-heir">{ text }</p> });
    let no_key = (p.system != MaglevSystem::Envoy).then(|| html! {
        <p class="maglev-lookup">{ match p.system {
            MaglevSystem::GoMaglev => "go-maglev looks up a number its caller has already hashed the key to, so it takes no text key; the table is the same idea.",
            _ => "Cilium and katran hash each packet's addresses and ports, not a text key; the table is the same idea.",
        } }</p>
    });
    html! {
        <div class="maglev-real">
            <Bars {names} {values} {lines} limit={None::<f64>} {marked} x_label="backends" y_label="slots"
                label={prose::real_label(real, system_label(real.system))} />
            <p>{ real.balance() }</p>
            <p>{ real.movement() }</p>
            { for found }
            { for heir }
            { for no_key }
        </div>
    }
}
