//! The page: pick a system or paste its text, paste keys, look them up; the picture, the
//! tables and one change to try.

use ringlab_model::ViewState;
use std::rc::Rc;

use ringlab_model::format::{grouped, percent};
use ringlab_model::naming::key_names;
use ringlab_model::systems::csv::csv;
use ringlab_model::systems::outcome::{outcome, Outcome};
use ringlab_model::systems::params::{Change, SystemsParams, LINK_TEXT, MAX_TEXT, WEIGHTS};
use ringlab_model::systems::system::{System, EXAMPLE_KEYS};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::ring::RingPicture;
use super::table::{KeyTable, ServerTable};
use crate::browser;
use crate::notes::ViewNotes;
use crate::registry::ViewProps;
use crate::url_out::use_url_out;

/// The change's controls as the person set them.
#[derive(Debug, Clone, PartialEq)]
struct WhatIf {
    /// `none`, or one of [`Change::KINDS`].
    kind: String,
    server: String,
    name: String,
    weight: String,
}

impl WhatIf {
    fn of(change: Option<&Change>) -> WhatIf {
        let mut what = WhatIf {
            kind: "none".into(),
            server: String::new(),
            name: "10.0.0.99:80".into(),
            weight: "1".into(),
        };
        match change {
            None => {}
            Some(Change::Remove(s)) => (what.kind, what.server) = ("remove".into(), s.clone()),
            Some(Change::Fail(s)) => (what.kind, what.server) = ("fail".into(), s.clone()),
            Some(Change::Add(n, w)) => {
                (what.kind, what.name, what.weight) = ("add".into(), n.clone(), w.to_string())
            }
            Some(Change::Weight(s, w)) => {
                (what.kind, what.server, what.weight) = ("weight".into(), s.clone(), w.to_string())
            }
        }
        what
    }

    /// The change these controls describe; the server defaults to `first`.
    fn change(&self, first: &str) -> Option<Change> {
        let server = if self.server.is_empty() {
            first
        } else {
            &self.server
        }
        .to_string();
        let weight = self
            .weight
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|w| w.is_finite())
            .unwrap_or(1.0)
            .clamp(WEIGHTS.0, WEIGHTS.1);
        match self.kind.as_str() {
            "remove" => Some(Change::Remove(server)),
            "fail" => Some(Change::Fail(server)),
            "add" => Some(Change::Add(self.name.trim().to_string(), weight)),
            "weight" => Some(Change::Weight(server, weight)),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
struct Page {
    params: SystemsParams,
    /// The boxes as typed, applied by "Look up".
    config: String,
    keys: String,
    what: WhatIf,
    notes: Vec<String>,
}

impl Page {
    fn new(params: SystemsParams, notes: Vec<String>) -> Page {
        Page {
            config: params.config_text().to_string(),
            keys: params.keys_text().to_string(),
            what: WhatIf::of(params.change.as_ref()),
            params,
            notes,
        }
    }

    /// The boxes applied: text equal to the example is the example. A recognised config
    /// moves the picker to its system.
    fn looked_up(&self) -> Page {
        let mut params = self.params.clone();
        let config: String = self.config.chars().take(MAX_TEXT).collect();
        let keys: String = self.keys.chars().take(MAX_TEXT).collect();
        params.config = (config != params.system.example()).then_some(config);
        params.keys = (keys != EXAMPLE_KEYS).then_some(keys);
        if let Ok(out) = outcome(&params) {
            params.system = out.system;
            if params.config.as_deref() == Some(out.system.example()) {
                params.config = None;
            }
        }
        Page {
            params,
            notes: Vec::new(),
            ..self.clone()
        }
    }
}

#[component]
pub fn Systems(props: &ViewProps) -> Html {
    let page = {
        let query = props.query.clone();
        use_state(move || {
            let (params, notes) = SystemsParams::from_query(&query);
            Page::new(params, notes)
        })
    };
    use_url_out(props, page.params.to_query());
    let result = use_memo(page.params.clone(), |params| outcome(params).map(Rc::new));

    let set = |f: fn(&Page, String) -> Page| {
        let page = page.clone();
        move |value: String| page.set(f(&page, value))
    };
    let on_system = {
        let set = set(|page, value| {
            let system = System::ALL
                .into_iter()
                .find(|s| s.name() == value)
                .unwrap_or(page.params.system);
            let params = SystemsParams {
                system,
                config: None,
                change: None,
                key: page.params.key.clone(),
                keys: page.params.keys.clone(),
            };
            Page {
                keys: page.keys.clone(),
                ..Page::new(params, Vec::new())
            }
        });
        Callback::from(move |e: Event| set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let on_config = {
        let set = set(|page, value| Page {
            config: value,
            ..page.clone()
        });
        Callback::from(move |e: InputEvent| {
            set(e.target_unchecked_into::<HtmlTextAreaElement>().value())
        })
    };
    let on_keys = {
        let set = set(|page, value| Page {
            keys: value,
            ..page.clone()
        });
        Callback::from(move |e: InputEvent| {
            set(e.target_unchecked_into::<HtmlTextAreaElement>().value())
        })
    };
    let on_submit = {
        let page = page.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            page.set(page.looked_up());
        })
    };
    let on_generate = {
        let page = page.clone();
        Callback::from(move |_: MouseEvent| {
            let seed = page.keys.len() as u64 + 1;
            let keys = key_names(seed, 100).join("\n") + "\n";
            page.set(
                Page {
                    keys,
                    ..(*page).clone()
                }
                .looked_up(),
            );
        })
    };
    let first_server = match &*result {
        Ok(out) => out
            .servers
            .first()
            .map(|s| s.name.clone())
            .unwrap_or_default(),
        Err(_) => String::new(),
    };
    let what_setter = |field: fn(&mut WhatIf, String)| {
        let page = page.clone();
        let first = first_server.clone();
        move |value: String| {
            let mut what = page.what.clone();
            field(&mut what, value);
            let mut params = page.params.clone();
            params.change = what.change(&first);
            page.set(Page {
                params,
                what,
                ..(*page).clone()
            });
        }
    };
    let on_kind = {
        let set = what_setter(|w, v| w.kind = v);
        Callback::from(move |e: Event| set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let on_server = {
        let set = what_setter(|w, v| w.server = v);
        Callback::from(move |e: Event| set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let on_name = {
        let set = what_setter(|w, v| w.name = v);
        Callback::from(move |e: Event| set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_weight = {
        let set = what_setter(|w, v| w.weight = v);
        Callback::from(move |e: Event| set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let on_select = {
        let page = page.clone();
        Callback::from(move |key: String| {
            let mut params = page.params.clone();
            params.key = Some(key);
            page.set(Page {
                params,
                ..(*page).clone()
            });
        })
    };
    let on_export = {
        let result = result.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(out) = &*result {
                browser::download("ringlab-keys.csv", "text/csv", &csv(out));
            }
        })
    };
    let on_dismiss = {
        let page = page.clone();
        Callback::from(move |()| {
            page.set(Page {
                notes: Vec::new(),
                ..(*page).clone()
            })
        })
    };

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
                <small id="sys-config-hint">{ "An HAProxy backend, an nginx upstream, a twemproxy YAML pool, an Envoy cluster, redis-cli cluster nodes or cluster slots output, nodetool ring output, or a server list (host:port, with a weight after a colon or a space). The syntax is recognised." }</small>
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
                </p>
            }
            if props.controls { { form } }
            if !page.params.link_holds_text() {
                <p class="sys-link-note">
                    { format!("The link holds the system and the change, not the pasted text: a box holds more than {} characters.", grouped(LINK_TEXT as u64)) }
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
    let label = match (&key, &owner_name) {
        (Some(k), Some(o)) => format!(
            "The ring of {}: key {k:?} lands on {o}, whose points are marked",
            out.servers.len()
        ),
        _ => format!("The ring of {} servers", out.servers.len()),
    };
    let kind = page.what.kind.as_str();
    let server = if page.what.server.is_empty() {
        first
    } else {
        &page.what.server
    };
    let change_text = match &out.change {
        None => String::new(),
        Some(Err(why)) => format!("That change cannot be made: {why}."),
        Some(Ok(change)) => format!(
            "{}: {} of {} keys move ({}).",
            change.summary,
            grouped(out.moved() as u64),
            grouped(out.rows.len() as u64),
            percent(out.moved() as f64 / out.rows.len().max(1) as f64)
        ),
    };
    let summary = format!(
        "Read as {}. {} keys looked up.{}",
        out.reading.summary(),
        grouped(out.rows.len() as u64),
        if out.keys_left_out > 0 {
            format!(
                " {} keys past the first {} were left out.",
                grouped(out.keys_left_out as u64),
                grouped(ringlab_model::systems::outcome::MAX_KEYS as u64)
            )
        } else {
            String::new()
        }
    );
    html! {
        <>
            <p class="sys-summary" aria-live="polite">{ summary }</p>
            if !out.reading.ignored.is_empty() {
                <details class="sys-ignored">
                    <summary>{ match out.reading.ignored.len() {
                        1 => "1 line read but not used".to_string(),
                        n => format!("{n} lines read but not used"),
                    } }</summary>
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
