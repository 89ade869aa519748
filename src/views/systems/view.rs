//! The page: pick a system or paste its text, paste keys, look them up; the picture, the
//! tables and one change to try.

use std::rc::Rc;

use ringlab_model::views::systems::csv::csv;
use ringlab_model::views::systems::outcome::{outcome, Outcome};
use ringlab_model::views::systems::page::{Action, Page, WhatField};
use ringlab_model::views::systems::prose;
use ringlab_model::views::systems::system::System;
use ringlab_model::ViewState;
use yew::prelude::*;

use super::ring::RingPicture;
use super::table::{KeyTable, ServerTable};
use crate::kit::browser::{self, input_value};
use crate::kit::hooks::url_out::use_url_out;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::store::Store;
use crate::kit::view_props::ViewProps;

#[component]
pub fn Systems(props: &ViewProps) -> Html {
    let page = {
        let query = props.query.clone();
        use_reducer(move || Store::new(Page::from_query(&query)))
    };
    let dispatch = page.dispatcher();
    use_url_out(props, page.params.to_query());
    let result = use_memo(page.params.clone(), |params| outcome(params).map(Rc::new));

    // One action per control (model/src/views/systems/page.rs).
    let send = |action: fn(String) -> Action| {
        let dispatch = dispatch.clone();
        move |value: String| dispatch.dispatch(action(value))
    };
    let on_system = {
        let send = send(Action::PickSystem);
        Callback::from(move |e: Event| send(input_value(&e)))
    };
    let on_config = {
        let send = send(Action::TypeConfig);
        Callback::from(move |e: InputEvent| send(input_value(&e)))
    };
    let on_keys = {
        let send = send(Action::TypeKeys);
        Callback::from(move |e: InputEvent| send(input_value(&e)))
    };
    let on_submit = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            dispatch.dispatch(Action::LookUp);
        })
    };
    let on_generate = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::GenerateKeys))
    };
    let first_server = match &*result {
        Ok(out) => out
            .servers
            .first()
            .map(|s| s.name.clone())
            .unwrap_or_default(),
        Err(_) => String::new(),
    };
    let what = |field: WhatField| {
        let (dispatch, first) = (dispatch.clone(), first_server.clone());
        Callback::from(move |e: Event| {
            dispatch.dispatch(Action::What(field, input_value(&e), first.clone()))
        })
    };
    let (on_kind, on_server) = (what(WhatField::Kind), what(WhatField::Server));
    let (on_name, on_weight) = (what(WhatField::Name), what(WhatField::Weight));
    let on_select = Callback::from(send(Action::Select));
    let on_export = {
        let result = result.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(out) = &*result {
                browser::download("ringlab-keys.csv", "text/csv", &csv(out));
            }
        })
    };
    let on_dismiss = dispatching(&dispatch, Action::Dismiss);

    let system = page.params.system;
    let form = html! {
        <form class="sys-form view-controls" aria-label="System and keys" onsubmit={on_submit}>
            <div class="sys-field">
                <label for="sys-system">{ "System" }</label>
                <select id="sys-system" onchange={on_system}>
                    { for System::ALL.iter().map(|s| html! {
                        <option value={s.name()} selected={*s == system}>{ s.label() }</option>
                    }) }
                </select>
            </div>
            <div class="sys-field sys-config">
                <label for="sys-config">{ "Configuration" }</label>
                <textarea id="sys-config" rows="10" wrap="off" spellcheck="false" autocomplete="off"
                    aria-describedby="sys-config-hint" value={page.config.clone()} oninput={on_config} />
                <small id="sys-config-hint">{ "An HAProxy backend, an nginx upstream, a twemproxy YAML pool, an Envoy cluster, an mcrouter JSON config, redis-cli cluster nodes or cluster slots output, nodetool ring output, or a server list (host:port, with a weight after a colon or a space). The syntax is recognised." }</small>
            </div>
            <div class="sys-field sys-keys">
                <label for="sys-keys">{ "Keys" }</label>
                <textarea id="sys-keys" rows="10" spellcheck="false" autocomplete="off"
                    aria-describedby="sys-keys-hint" value={page.keys.clone()} oninput={on_keys} />
                <small id="sys-keys-hint">{ format!("One per line. {}", system.key_hint()) }</small>
            </div>
            <div class="sys-actions">
                <button type="submit" class="sys-primary">{ "Look up" }</button>
                <button type="button" onclick={on_generate}>{ "Generate 100 keys" }</button>
            </div>
        </form>
    };
    let body = match &*result {
        Err(why) => html! {
            <p class="sys-error" role="alert">{ format!("This text cannot be read: {why}") }</p>
        },
        Ok(out) => results(
            out,
            &page,
            &first_server,
            Callbacks {
                on_kind,
                on_server,
                on_name,
                on_weight,
                on_select,
                on_export,
            },
        ),
    };
    html! {
        <section class={classes!("systems", props.embed.then_some("systems-embed"))} aria-label="Where does my key go?">
            <ViewNotes notes={page.notes.clone()} {on_dismiss} />
            if !props.embed {
                <p class="sys-intro">
                    { "Paste a real system's configuration and your keys: each key lands where that system puts it, bit for bit, and one change shows which keys move. " }
                    <strong>{ "Nothing you paste leaves your browser." }</strong>
                    { " Keys placed by a client library inside your services (uhashring, hashring, pymemcache, Kafka's partitioners, go-redis …)? See " }
                    <a href="#/agree">{ "Will they agree?" }</a>
                    { "." }
                </p>
            }
            if props.controls { { form } }
            if !page.params.link_holds_text() {
                <p class="sys-link-note">
                    { prose::link_note() }
                </p>
            }
            { body }
        </section>
    }
}

struct Callbacks {
    on_kind: Callback<Event>,
    on_server: Callback<Event>,
    on_name: Callback<Event>,
    on_weight: Callback<Event>,
    on_select: Callback<String>,
    on_export: Callback<MouseEvent>,
}

fn results(out: &Rc<Outcome>, page: &Page, first: &str, cb: Callbacks) -> Html {
    let selected = out.selected(page.params.key.as_deref());
    let (key, owner) = (
        selected.map(|r| r.key.clone()),
        selected.and_then(|r| r.owner),
    );
    let owner_name = owner.map(|i| out.servers[i].name.clone());
    let label = prose::ring_label(out, key.as_deref(), owner_name.as_deref());
    let kind = page.what.kind.as_str();
    let server = if page.what.server.is_empty() {
        first
    } else {
        &page.what.server
    };
    let change_text = prose::change_line(out);
    let summary = prose::summary_line(out, page.edited());
    html! {
        <>
            <p class="sys-summary" aria-live="polite">{ summary }</p>
            if !out.reading.ignored.is_empty() {
                <details class="sys-ignored">
                    <summary>{ prose::ignored_line(out.reading.ignored.len()) }</summary>
                    <ul>{ for out.reading.ignored.iter().map(|line| html! { <li>{ line.clone() }</li> }) }</ul>
                </details>
            }
            <div class="sys-results">
                <figure class="sys-figure">
                    <RingPicture partitioner={out.partitioner.clone()} marked={key.clone()} {owner} {label} no_ring={out.system.no_ring()} />
                    <figcaption>
                        { match (&key, &owner_name) {
                            (Some(k), Some(o)) => format!("{k:?} → {o}"),
                            (Some(k), None) => format!("{k:?} has no owner"),
                            _ => "No keys".into(),
                        } }
                    </figcaption>
                </figure>
                <div class="sys-side">
                    <fieldset class="sys-change view-controls">
                        <legend>{ "What if" }</legend>
                        <label for="sys-change-kind">{ "Change" }</label>
                        <select id="sys-change-kind" onchange={cb.on_kind}>
                            <option value="none" selected={kind == "none"}>{ "Nothing" }</option>
                            <option value="remove" selected={kind == "remove"}>{ "Remove a server" }</option>
                            <option value="fail" selected={kind == "fail"}>{ "Fail a server" }</option>
                            <option value="add" selected={kind == "add"}>{ "Add a server" }</option>
                            <option value="weight" selected={kind == "weight"}>{ "Reweight a server" }</option>
                        </select>
                        if matches!(kind, "remove" | "fail" | "weight") {
                            <label for="sys-change-server">{ "Server" }</label>
                            <select id="sys-change-server" onchange={cb.on_server}>
                                { for out.servers.iter().map(|s| html! {
                                    <option value={s.name.clone()} selected={s.name == server}>{ s.name.clone() }</option>
                                }) }
                            </select>
                        }
                        if kind == "add" {
                            <label for="sys-change-name">{ "New server" }</label>
                            <input id="sys-change-name" type="text" value={page.what.name.clone()} onchange={cb.on_name} />
                        }
                        if matches!(kind, "add" | "weight") {
                            <label for="sys-change-weight">{ "Weight" }</label>
                            <input id="sys-change-weight" type="number" min="1" step="1" value={page.what.weight.clone()} onchange={cb.on_weight} />
                        }
                        <p class="sys-change-result" aria-live="polite">{ change_text }</p>
                    </fieldset>
                    <ServerTable outcome={out.clone()} />
                    <div class="sys-export">
                        <button type="button" onclick={cb.on_export}>{ "Export CSV" }</button>
                    </div>
                    <KeyTable outcome={out.clone()} selected={page.params.key.clone()} on_select={cb.on_select} />
                </div>
            </div>
        </>
    }
}
