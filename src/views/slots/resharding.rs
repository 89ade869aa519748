//! Resharding: the move's slots and target, the three steps of a migration, and what a
//! client sees at each (MOVED, ASK).

use ringlab_model::linked::{Edit, Linked};
use ringlab_model::views::slots::params::{
    master_address, master_name, MoveField, Phase, SlotsParams, SLOT,
};
use ringlab_model::views::slots::prose;
use ringlab_model::views::slots::scene::Scene;
use yew::prelude::*;

use crate::kit::browser::input_value;
use crate::kit::store::Store;

type Dispatch = UseReducerDispatcher<Store<Linked<SlotsParams>>>;

/// A button's callback: sets these parameters, as one edit.
fn send(dispatch: &Dispatch, pairs: Vec<(&'static str, String)>) -> Callback<MouseEvent> {
    let dispatch = dispatch.clone();
    Callback::from(move |_: MouseEvent| dispatch.dispatch(Edit::Set(pairs.clone())))
}

/// The move under way; its form only when the page has controls.
pub fn resharding(
    params: &SlotsParams,
    scene: &Scene,
    dispatch: &Dispatch,
    controls: bool,
) -> Html {
    let on_move = |field: MoveField| {
        let dispatch = dispatch.clone();
        let params = params.clone();
        Callback::from(move |e: Event| {
            let edit = params.edit_move(field, input_value(&e));
            dispatch.dispatch(Edit::Set(edit));
        })
    };
    let advance_label = match params.phase {
        Phase::Plan => "Start migration",
        Phase::Migrating => "Finish migration",
        Phase::Done => "Keep it, plan another move",
    };
    let nothing_moves = scene.moving == 0 && params.phase != Phase::Done;
    let steps = [
        (Phase::Plan, "1. Planned"),
        (Phase::Migrating, "2. Keys migrating"),
        (Phase::Done, "3. Slots handed over"),
    ];
    let move_form = html! {
        <div class="sl-move-form view-controls">
            <div class="sl-field">
                <label for="sl-from">{ "First slot" }</label>
                <input id="sl-from" type="number" inputmode="numeric" min={SLOT.0.to_string()}
                    max={SLOT.1.to_string()} step="1" value={params.from.to_string()}
                    onchange={on_move(MoveField::From)} />
            </div>
            <div class="sl-field">
                <label for="sl-to">{ "Last slot" }</label>
                <input id="sl-to" type="number" inputmode="numeric" min={SLOT.0.to_string()}
                    max={SLOT.1.to_string()} step="1" value={params.to.to_string()}
                    onchange={on_move(MoveField::To)} />
            </div>
            <div class="sl-field">
                <label for="sl-target">{ "To master" }</label>
                <select id="sl-target" onchange={on_move(MoveField::Target)}>
                    { for (0..params.masters).map(|i| html! {
                        <option value={master_name(i)} selected={i == params.target}>
                            { format!("{} {}", master_name(i), master_address(i)) }
                        </option>
                    }) }
                </select>
            </div>
            <div class="sl-buttons">
                <button type="button" class="sl-advance" disabled={nothing_moves}
                    onclick={send(dispatch, params.advance())}>{ advance_label }</button>
                <button type="button" disabled={params.moves.is_empty() && params.phase == Phase::Plan}
                    onclick={send(dispatch, SlotsParams::reset())}>{ "Undo every move" }</button>
            </div>
        </div>
    };
    let earlier = prose::finished_earlier(params).map_or(html! {}, |text| {
        html! { <p class="sl-earlier">{ text }</p> }
    });
    html! {
        <section class="sl-move" aria-labelledby="sl-move-h">
            <h2 id="sl-move-h">{ "Resharding: move slots" }</h2>
            <p class="sl-lead">
                { "Keys never move alone: a whole slot changes master, with every key in it." }
                if controls {
                    { " Pick slots (type them, or use the buttons under the map) and a master to \
                       hand them to, then start the migration: it stops half way so you can see \
                       what a client sees." }
                }
            </p>
            if controls { { move_form } }
            <ol class="sl-steps" aria-label="Where the move stands">
                { for steps.iter().map(|(phase, label)| {
                    let current = *phase == params.phase;
                    html! {
                        <li class={classes!(current.then_some("sl-current"))}
                            aria-current={current.then_some("step")}>{ *label }</li>
                    }
                }) }
            </ol>
            <div class="sl-status" role="status">
                <p class="sl-headline"><strong>{ scene.move_headline() }</strong></p>
                if !scene.outgoing.is_empty() {
                    <ul class="sl-outgoing" aria-label="Slots that change master">
                        { for scene.outgoing.iter().map(|o| html! {
                            <li>{ prose::outgoing_line(o) }</li>
                        }) }
                    </ul>
                }
                { for scene.client_lines().into_iter().map(|l| html! { <p class="sl-client">{ l }</p> }) }
            </div>
            { earlier }
        </section>
    }
}
