//! The clock example's component: the clock as inline SVG with a text twin, the three
//! prediction steps with their "Reveal" buttons, and the editor a teacher uses to set
//! another exercise (which the URL then holds).

use yew::prelude::*;

use super::dial::{self, Dial, CENTRE, RADIUS, SIZE};
use super::model::{Change, Exercise, Stage};
use super::params::{Slot, KEYS, SERVERS};
use super::prose;
use super::state::{Action, ClockState, Edit};
use crate::kit::browser::{input_checked, input_value};
use crate::kit::hooks::element_width::use_element_width;
use crate::kit::hooks::url_out::use_url_out;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::pictures::swatch::{own, swatch};
use crate::kit::store::Store;
use crate::kit::view_props::ViewProps;

/// The dial's label size, in CSS pixels, at any width.
const LABEL_PX: f64 = 12.0;

#[component]
pub fn ClockExample(props: &ViewProps) -> Html {
    let state = {
        let query = props.query.clone();
        use_reducer(move || Store::new(ClockState::from_query(&query)))
    };
    // The URL out: the exercise (guesses are the reader's own and stay out of links).
    use_url_out(props, state.query());
    let exercise = state.exercise.clone();
    let dispatch = state.dispatcher();

    let notes = html! {
        <ViewNotes notes={state.notes.clone()}
            on_dismiss={dispatching(&dispatch, Action::DismissNotes)} />
    };

    let dial_node = use_node_ref();
    let dial_width = use_element_width(&dial_node);
    let shown = state.shown;
    let revealed = state.stage_revealed(shown);
    let picture = dial::dial(&exercise, shown, revealed);
    let stage_picker = html! {
        <fieldset class="ck-stages">
            <legend>{ "Cluster on the clock" }</legend>
            { for Stage::ALL.iter().map(|&stage| {
                let dispatch = dispatch.clone();
                html! {
                    <label>
                        <input type="radio" name="ck-stage" checked={stage == shown}
                            onchange={move |_| dispatch.dispatch(Action::Show(stage))} />
                        { prose::stage_name(&exercise, stage) }
                    </label>
                }
            }) }
        </fieldset>
    };

    html! {
        <section class={classes!("clock", props.embed.then_some("ck-embed"))}
            aria-label="Clock example">
            { notes }
            <p class="ck-intro">
                { "A clock with marks 0 to 99 stands in for the hash ring. Each key belongs to \
                   the first server at or clockwise after its mark, wrapping from 99 back to 0. \
                   A key exactly on a server's mark belongs to that server." }
            </p>
            <div class="ck-main">
                <figure class="ck-figure">
                    { svg(&exercise, shown, &picture, &dial_node, dial_width) }
                    <figcaption>
                        { stage_picker }
                        { twin(&exercise, shown, revealed) }
                    </figcaption>
                </figure>
                <div class="ck-steps">
                    { owners_step(&state, &dispatch) }
                    { moves_step(&state, &dispatch, Change::Join) }
                    { moves_step(&state, &dispatch, Change::Leave) }
                </div>
            </div>
            { editor(&state, &dispatch) }
        </section>
    }
}

/// The clock itself. Decorative detail is hidden from screen readers; the figure's text
/// twin says the same.
fn svg(exercise: &Exercise, stage: Stage, picture: &Dial, node: &NodeRef, width: f64) -> Html {
    let label = prose::dial_label(exercise, stage);
    let view_box = format!("0 0 {SIZE} {SIZE}");
    // The dial scales with its box; its text is sized in the dial's units so that it
    // shows at LABEL_PX CSS pixels at any width (1 unit is SIZE / width pixels).
    let units_per_px = if width > 0.0 { SIZE / width } else { 1.0 };
    let font_size = dial::num(LABEL_PX * units_per_px);
    let c = dial::num(CENTRE);
    html! {
        <svg ref={node.clone()} class="ck-dial" viewBox={view_box} font-size={font_size} role="img" aria-label={label}>
            <circle class="ck-track" cx={c.clone()} cy={c.clone()} r={dial::num(RADIUS)} />
            { for picture.arcs.iter().map(|arc| html! {
                <path class={classes!("ck-arc", own(arc.colour))} d={arc.path.clone()} />
            }) }
            { for dial::ticks().into_iter().map(|t| {
                let long = t.mark % 10 == 0;
                html! {
                    <g class="ck-tick">
                        <line x1={dial::num(t.inner.0)} y1={dial::num(t.inner.1)}
                            x2={dial::num(t.outer.0)} y2={dial::num(t.outer.1)} />
                        { for long.then(|| html! {
                            <text x={dial::num(t.label.0)} y={dial::num(t.label.1)}
                                text-anchor="middle" dominant-baseline="middle">
                                { t.mark }
                            </text>
                        }) }
                    </g>
                }
            }) }
            { for picture.keys.iter().map(|k| {
                let class = match k.colour {
                    Some(colour) => swatch(colour),
                    None => "ck-unknown".into(),
                };
                html! {
                    <g class="ck-key">
                        { for k.moved.then(|| html! {
                            <circle class="ck-moved" cx={dial::num(k.centre.0)}
                                cy={dial::num(k.centre.1)} r="9" />
                        }) }
                        <circle class={classes!("ck-key-dot", class)} cx={dial::num(k.centre.0)}
                            cy={dial::num(k.centre.1)} r="5" />
                        <text x={dial::num(k.label.0)} y={dial::num(k.label.1)}
                            text-anchor={k.anchor} dominant-baseline="middle">
                            { prose::mark_label(&k.name, k.at) }
                        </text>
                    </g>
                }
            }) }
            { for picture.servers.iter().map(|s| {
                let (x, y) = s.centre;
                let points = format!(
                    "{},{} {},{} {},{} {},{}",
                    dial::num(x), dial::num(y - 9.0), dial::num(x + 9.0), dial::num(y),
                    dial::num(x), dial::num(y + 9.0), dial::num(x - 9.0), dial::num(y),
                );
                html! {
                    <g class="ck-server">
                        <polygon class={classes!("ck-server-mark", swatch(s.colour.unwrap_or(0)))}
                            points={points} />
                        <text x={dial::num(s.label.0)} y={dial::num(s.label.1)}
                            text-anchor={s.anchor} dominant-baseline="middle">
                            { prose::mark_label(&s.name, s.at) }
                        </text>
                    </g>
                }
            }) }
        </svg>
    }
}

/// The clock in words.
fn twin(exercise: &Exercise, stage: Stage, revealed: bool) -> Html {
    if !revealed {
        return html! {
            <div class="ck-twin">
                <p>{ prose::servers_line(exercise, stage) }</p>
                <p>{ prose::keys_line(exercise) }</p>
                <p class="ck-hint">{ "Owners are shown here once you reveal them." }</p>
            </div>
        };
    }
    html! {
        <ul class="ck-twin" aria-label="Owners on the clock">
            { for exercise.cluster(stage).clockwise().map(|s| html! {
                <li>
                    <span class={classes!("ck-swatch", swatch(s.colour))} aria-hidden="true"></span>
                    { prose::owner_line(exercise, stage, s) }
                </li>
            }) }
        </ul>
    }
}

/// The colour class of a graded guess.
fn verdict_class(right: bool) -> &'static str {
    if right {
        "ck-right"
    } else {
        "ck-wrong"
    }
}

/// Step 1: the owner of each key.
fn owners_step(state: &ClockState, dispatch: &UseReducerDispatcher<Store<ClockState>>) -> Html {
    let exercise = &state.exercise;
    let names: Vec<String> = exercise
        .start
        .servers
        .iter()
        .map(|s| s.name.clone())
        .collect();
    let revealed = state.owners_revealed;
    let reveal = {
        let dispatch = dispatch.clone();
        move |_| dispatch.dispatch(Action::RevealOwners)
    };
    let score = revealed.then(|| prose::owners_score(state));
    html! {
        <section class="ck-step panel" aria-labelledby="ck-step-owners">
            <h2 id="ck-step-owners">{ "1. Who owns each key?" }</h2>
            <ul class="ck-answers">
                { for exercise.keys.iter().enumerate().map(|(k, key)| {
                    let id = format!("ck-owner-{k}");
                    let guess = state.owner_guess[k].clone();
                    let onchange = {
                        let dispatch = dispatch.clone();
                        Callback::from(move |e: Event| {
                            let value = input_value(&e);
                            dispatch.dispatch(Action::GuessOwner(
                                k,
                                (!value.is_empty()).then_some(value),
                            ));
                        })
                    };
                    let result = revealed.then(|| {
                        let graded = prose::owner_result(exercise, k, guess.as_deref());
                        html! {
                            <p class={classes!("ck-result", verdict_class(graded.right))}>
                                { graded.text }
                            </p>
                        }
                    });
                    html! {
                        <li>
                            <label for={id.clone()}>{ prose::owner_label(key) }</label>
                            <select id={id} {onchange}>
                                <option value="" selected={guess.is_none()}>{ "Choose…" }</option>
                                { for names.iter().map(|n| html! {
                                    <option value={n.clone()} selected={guess.as_deref() == Some(n.as_str())}>
                                        { n.clone() }
                                    </option>
                                }) }
                            </select>
                            { for result }
                        </li>
                    }
                }) }
            </ul>
            <div class="ck-reveal">
                <button type="button" onclick={reveal}>{ "Reveal" }</button>
                <p class="ck-score" role="status">{ for score }</p>
            </div>
        </section>
    }
}

/// Steps 2 and 3: which keys a change moves.
fn moves_step(
    state: &ClockState,
    dispatch: &UseReducerDispatcher<Store<ClockState>>,
    change: Change,
) -> Html {
    let exercise = &state.exercise;
    let i = change.index();
    let revealed = state.moves_revealed[i];
    let id = match change {
        Change::Join => "ck-step-join",
        Change::Leave => "ck-step-leave",
    };
    let title = prose::move_heading(exercise, change);
    let reveal = {
        let dispatch = dispatch.clone();
        move |_| dispatch.dispatch(Action::RevealMoves(change))
    };
    let score = revealed.then(|| prose::moves_score(state, change));
    html! {
        <section class="ck-step panel" aria-labelledby={id}>
            <h2 {id}>{ title }</h2>
            <p class="ck-hint">{ "Tick the keys you expect to change owner." }</p>
            <ul class="ck-answers">
                { for exercise.keys.iter().enumerate().map(|(k, key)| {
                    let guess = state.move_guess[i][k];
                    let onchange = {
                        let dispatch = dispatch.clone();
                        Callback::from(move |e: Event| {
                            let on = input_checked(&e);
                            dispatch.dispatch(Action::GuessMove(change, k, on));
                        })
                    };
                    let result = revealed.then(|| {
                        let graded = prose::move_result(exercise, change, k, guess);
                        html! {
                            <p class={classes!("ck-result", verdict_class(graded.right))}>
                                { graded.text }
                            </p>
                        }
                    });
                    html! {
                        <li>
                            <label>
                                <input type="checkbox" checked={guess} {onchange} />
                                { prose::move_label(key) }
                            </label>
                            { for result }
                        </li>
                    }
                }) }
            </ul>
            <div class="ck-reveal">
                <button type="button" onclick={reveal}>{ "Reveal" }</button>
                <p class="ck-score" role="status">{ for score }</p>
            </div>
            { for revealed.then(|| html! { <p class="ck-rule">{ exercise.rule(change) }</p> }) }
        </section>
    }
}

/// A labelled name and mark pair of inputs, and a button that takes the row out when
/// `on_drop` is given.
fn mark_inputs(
    what: &str,
    id: &str,
    name: &str,
    at: u32,
    on_name: Callback<Event>,
    on_mark: Callback<Event>,
    on_drop: Option<Callback<MouseEvent>>,
) -> Html {
    let name_id = format!("{id}-name");
    let mark_id = format!("{id}-mark");
    let drop = on_drop.map(|onclick| {
        html! {
            <button type="button" class="ck-drop" aria-label={format!("Remove {name}")} {onclick}>
                { "Remove" }
            </button>
        }
    });
    html! {
        <div class="ck-edit-row">
            <label for={name_id.clone()}>{ format!("{what} name") }</label>
            <input id={name_id} type="text" value={name.to_string()} onchange={on_name}
                autocomplete="off" spellcheck="false" />
            <label for={mark_id.clone()}>{ format!("{what} mark") }</label>
            <input id={mark_id} type="number" min="0" max="99" step="1" value={at.to_string()}
                onchange={on_mark} />
            { for drop }
        </div>
    }
}

/// The editor's rows of servers or keys, and the button that adds one (off at the limit).
fn marks_fieldset(
    legend: &str,
    rows: Vec<Html>,
    add_label: &str,
    onclick: Callback<MouseEvent>,
    full: bool,
) -> Html {
    html! {
        <fieldset>
            <legend>{ legend }</legend>
            { for rows }
            <div>
                <button type="button" {onclick} disabled={full}>{ add_label }</button>
            </div>
        </fieldset>
    }
}

/// The teacher's editor: names and marks, the server that joins, the one that leaves.
fn editor(state: &ClockState, dispatch: &UseReducerDispatcher<Store<ClockState>>) -> Html {
    let params = &state.params;
    let edit = |make: fn(String) -> Edit| {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| dispatch.dispatch(Action::Edit(make(input_value(&e)))))
    };
    let act = |edit: Edit| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Edit(edit.clone())))
    };
    let server_rows = params.servers.iter().enumerate().map(|(i, s)| {
        let d = dispatch.clone();
        let on_name = Callback::from(move |e: Event| {
            d.dispatch(Action::Edit(Edit::ServerName(
                Slot::Server(i),
                input_value(&e),
            )))
        });
        let d = dispatch.clone();
        let on_mark = Callback::from(move |e: Event| {
            d.dispatch(Action::Edit(Edit::ServerMark(
                Slot::Server(i),
                input_value(&e),
            )))
        });
        let on_drop = (params.servers.len() > SERVERS.0).then(|| act(Edit::DropServer(i)));
        mark_inputs(
            &format!("Server {}", i + 1),
            &format!("ck-server-{i}"),
            &s.name,
            s.at,
            on_name,
            on_mark,
            on_drop,
        )
    });
    let key_rows = params.keys.iter().enumerate().map(|(i, k)| {
        let d = dispatch.clone();
        let on_name = Callback::from(move |e: Event| {
            d.dispatch(Action::Edit(Edit::KeyName(i, input_value(&e))))
        });
        let d = dispatch.clone();
        let on_mark = Callback::from(move |e: Event| {
            d.dispatch(Action::Edit(Edit::KeyMark(i, input_value(&e))))
        });
        let on_drop = (params.keys.len() > KEYS.0).then(|| act(Edit::DropKey(i)));
        mark_inputs(
            &format!("Key {}", i + 1),
            &format!("ck-key-{i}"),
            &k.name,
            k.at,
            on_name,
            on_mark,
            on_drop,
        )
    });
    let added = mark_inputs(
        "Added server",
        "ck-added",
        &params.add.name,
        params.add.at,
        edit(|v| Edit::ServerName(Slot::Added, v)),
        edit(|v| Edit::ServerMark(Slot::Added, v)),
        None,
    );
    let on_remove = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            dispatch.dispatch(Action::Edit(Edit::Remove(input_value(&e))))
        })
    };
    let leavers: Vec<String> = params
        .servers
        .iter()
        .chain(std::iter::once(&params.add))
        .map(|s| s.name.clone())
        .collect();
    let reset = {
        let dispatch = dispatch.clone();
        move |_| dispatch.dispatch(Action::ResetExercise)
    };
    let start_over = {
        let dispatch = dispatch.clone();
        move |_| dispatch.dispatch(Action::StartOver)
    };
    html! {
        <details class="ck-edit panel view-controls">
            <summary>{ "Edit the exercise" }</summary>
            <p class="ck-hint">
                { "Set your own servers and keys (marks 0 to 99), the server that joins and the \
                   one that leaves; the link in the address bar then holds your exercise." }
            </p>
            { marks_fieldset("Servers", server_rows.collect(), "Add a server",
                act(Edit::AddServer), params.servers.len() >= SERVERS.1) }
            { marks_fieldset("Keys", key_rows.collect(), "Add a key",
                act(Edit::AddKey), params.keys.len() >= KEYS.1) }
            <fieldset>
                <legend>{ "The change" }</legend>
                { added }
                <div class="ck-edit-row">
                    <label for="ck-remove">{ "Server that leaves" }</label>
                    <select id="ck-remove" onchange={on_remove}>
                        { for leavers.iter().map(|n| html! {
                            <option value={n.clone()} selected={*n == params.remove}>{ n.clone() }</option>
                        }) }
                    </select>
                </div>
            </fieldset>
            <div class="ck-edit-buttons">
                <button type="button" onclick={start_over}>{ "Clear my answers" }</button>
                <button type="button" onclick={reset}>{ "Back to the worked example" }</button>
            </div>
        </details>
    }
}
