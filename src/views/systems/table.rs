//! The keys and where they go, and the servers with their shares: plain tables, the
//! picture's text twin.

use ringlab_model::format::{grouped, percent};
use ringlab_model::views::systems::outcome::Outcome;
use yew::prelude::*;

use crate::kit::pictures::swatch::swatch;

/// Keys listed at most; the CSV has them all.
pub const MAX_ROWS: usize = 500;

#[derive(Properties)]
pub struct TableProps {
    pub outcome: std::rc::Rc<Outcome>,
    pub selected: Option<String>,
    pub on_select: Callback<String>,
}

impl PartialEq for TableProps {
    fn eq(&self, other: &Self) -> bool {
        std::rc::Rc::ptr_eq(&self.outcome, &other.outcome) && self.selected == other.selected
    }
}

/// One row per key: the key (a button that shows it in the picture), its owner, and with a
/// change, the owner after it.
#[function_component]
pub fn KeyTable(props: &TableProps) -> Html {
    let out = &props.outcome;
    let changed = matches!(out.change, Some(Ok(_)));
    let replicas = out.replicas_rule.is_some();
    let selected = out
        .selected(props.selected.as_deref())
        .map(|r| r.key.clone());
    let rows = out.rows.iter().take(MAX_ROWS).map(|row| {
        let owner = row
            .owner
            .map_or("-".to_string(), |i| out.servers[i].name.clone());
        let moved = row.moved(&out.servers);
        let pressed = selected.as_deref() == Some(row.key.as_str());
        let onclick = {
            let key = row.key.clone();
            props.on_select.reform(move |_: MouseEvent| key.clone())
        };
        let shown = if row.key.is_empty() {
            "(empty key)".to_string()
        } else {
            row.key.clone()
        };
        html! {
            <tr class={classes!(moved.then_some("sys-moved"))}>
                <th scope="row">
                    <button type="button" class="sys-key-button" aria-pressed={pressed.to_string()}
                        title="Show this key on the ring" {onclick}>{ shown }</button>
                </th>
                <td>{ owner }</td>
                if changed {
                    <td>{ row.after.clone().flatten().unwrap_or_else(|| "-".into()) }</td>
                    <td>{ if moved { "moves" } else { "stays" } }</td>
                }
                if replicas {
                    <td>{ if row.replicas.is_empty() { "none".to_string() } else { row.replicas.join(", ") } }</td>
                }
            </tr>
        }
    });
    let more = out.rows.len().saturating_sub(MAX_ROWS);
    // The table's box is focusable, so a keyboard can scroll it on a phone narrower than
    // the table.
    html! {
        <div class="sys-table-wrap" tabindex="0" role="region" aria-label="Keys and their owners">
            <table class="sys-table">
                <caption>{ format!("Where each key goes ({} keys)", grouped(out.rows.len() as u64)) }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ "Key" }</th>
                        <th scope="col">{ "Owner" }</th>
                        if changed {
                            <th scope="col">{ "After the change" }</th>
                            <th scope="col">{ "Moves?" }</th>
                        }
                        if replicas {
                            <th scope="col">{ "Replicas" }</th>
                        }
                    </tr>
                </thead>
                <tbody>{ for rows }</tbody>
            </table>
            if let Some(rule) = out.replicas_rule {
                <p class="sys-more">{ rule }</p>
            }
            if more > 0 {
                <p class="sys-more">{ format!("{} more keys are in the CSV export.", grouped(more as u64)) }</p>
            }
        </div>
    }
}

#[derive(Properties)]
pub struct SharesProps {
    pub outcome: std::rc::Rc<Outcome>,
}

impl PartialEq for SharesProps {
    fn eq(&self, other: &Self) -> bool {
        std::rc::Rc::ptr_eq(&self.outcome, &other.outcome)
    }
}

/// Each server: its colour, weight, exact share of the key space, the pasted keys it
/// owns, and its share after the change.
#[function_component]
pub fn ServerTable(props: &SharesProps) -> Html {
    let out = &props.outcome;
    let after = match &out.change {
        Some(Ok(change)) => Some(&change.shares),
        _ => None,
    };
    let share_after = |name: &str| -> String {
        after
            .and_then(|shares| shares.iter().find(|(n, _)| n == name))
            .map_or("gone".to_string(), |(_, s)| percent(*s))
    };
    let added: Vec<&(String, f64)> = after
        .map(|shares| {
            shares
                .iter()
                .filter(|(n, _)| !out.servers.iter().any(|s| &s.name == n))
                .collect()
        })
        .unwrap_or_default();
    html! {
        <div class="sys-table-wrap" tabindex="0" role="region" aria-label="Servers and their shares">
            <table class="sys-table sys-servers">
                <caption>{ "Servers and their exact share of the key space" }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ "Server" }</th>
                        <th scope="col">{ "Weight" }</th>
                        <th scope="col">{ "Share" }</th>
                        <th scope="col">{ "Keys here" }</th>
                        if after.is_some() { <th scope="col">{ "Share after" }</th> }
                    </tr>
                </thead>
                <tbody>
                    { for out.servers.iter().enumerate().map(|(i, s)| html! {
                        <tr>
                            <th scope="row">
                                <span class={classes!("sys-swatch", swatch(i))} aria-hidden="true"></span>
                                { s.name.clone() }
                            </th>
                            <td>{ s.weight.to_string() }</td>
                            <td>{ percent(s.share) }</td>
                            <td>{ grouped(s.keys as u64) }</td>
                            if after.is_some() { <td>{ share_after(&s.name) }</td> }
                        </tr>
                    }) }
                    { for added.iter().map(|(name, share)| html! {
                        <tr class="sys-moved">
                            <th scope="row">{ format!("{name} (new)") }</th>
                            <td>{ "" }</td>
                            <td>{ "-" }</td>
                            <td>{ "-" }</td>
                            <td>{ percent(*share) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}
