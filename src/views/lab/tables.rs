//! The lab's data-table twins: each figure's numbers as an HTML table body (the figure
//! adds the caption).

use ringlab_core::experiment::{BusiestRow, CatcherRow};
use ringlab_model::format::{byte_size, grouped, grouped_decimal, percent, significant};
use ringlab_model::loss::Loss;
use ringlab_model::views::lab::llm::{LlmFigure, LlmRow};
use ringlab_model::views::lab::runs::{BOUNDED_SERVERS, KEYS_POINTS};
use ringlab_model::views::lab::series::{
    bounded_least_moved, keys_floor, keys_least_moved, memory_rows, AgreeRow, BoundedRow, KeysRow,
    SpeedRow,
};
use yew::prelude::*;

fn cell(v: f64, places: usize) -> Html {
    html! { <td>{ format!("{v:.places$}") }</td> }
}

pub fn busiest_table(ring: &[BusiestRow], gamma: &[BusiestRow]) -> Html {
    let rows = gamma.iter().map(|g| {
        let r = ring
            .iter()
            .find(|r| (r.servers, r.points) == (g.servers, g.points));
        let dash = || html! { <td>{ "–" }</td> };
        html! {
            <tr>
                <th scope="row">{ g.servers }</th><td>{ g.points }</td>
                { r.map_or_else(dash, |r| cell(r.mean_busiest, 3)) }
                { r.map_or_else(dash, |r| cell(r.p95_busiest, 3)) }
                { cell(g.mean_busiest, 3) }
            </tr>
        }
    });
    html! {
        <>
            <thead><tr><th scope="col">{ "N" }</th><th scope="col">{ "V" }</th><th scope="col">{ "mean (rings)" }</th><th scope="col">{ "95th percentile (rings)" }</th><th scope="col">{ "mean (Gamma model)" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </>
    }
}

pub fn spread_table(ring: &[BusiestRow]) -> Html {
    let rows = ring.iter().map(|r| html! {
        <tr><th scope="row">{ r.servers }</th><td>{ r.points }</td>{ cell(r.spread_sqrt_points, 3) }{ cell(r.theory_spread_sqrt_points, 3) }</tr>
    });
    html! {
        <>
            <thead><tr><th scope="col">{ "N" }</th><th scope="col">{ "V" }</th><th scope="col">{ "spread x sqrt(V), measured" }</th><th scope="col">{ "theory" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </>
    }
}

pub fn catcher_table(rows: &[CatcherRow]) -> Html {
    let rows = rows.iter().map(|r| html! {
        <tr><th scope="row">{ r.points }</th>{ cell(r.mean_biggest_fraction, 3) }{ cell(r.p95_biggest_fraction, 3) }{ cell(r.mean_catchers, 1) }</tr>
    });
    html! {
        <>
            <thead><tr><th scope="col">{ "V" }</th><th scope="col">{ "biggest catcher, mean" }</th><th scope="col">{ "95th percentile" }</th><th scope="col">{ "servers that catch some" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </>
    }
}

pub fn loss_table(rows: &[(u32, Loss)]) -> Html {
    let rows = rows.iter().map(|(v, l)| html! {
        <tr><th scope="row">{ v }</th><td>{ l.distinct_sets }</td><td>{ percent(l.plain) }</td><td>{ percent(l.rack_aware) }</td></tr>
    });
    html! {
        <>
            <thead><tr><th scope="col">{ "V" }</th><th scope="col">{ "replica sets" }</th><th scope="col">{ "P(loss), any three" }</th><th scope="col">{ "P(loss), one per rack" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </>
    }
}

pub fn memory_table() -> Html {
    let rows = memory_rows().into_iter().map(|(n, ring, lean, full)| html! {
        <tr><th scope="row">{ n }</th><td>{ byte_size(ring) }</td><td>{ byte_size(lean) }</td><td>{ byte_size(full) }</td></tr>
    });
    html! {
        <>
            <thead><tr><th scope="col">{ "N" }</th><th scope="col">{ "ring on each member" }</th><th scope="col">{ "one change, own tokens" }</th><th scope="col">{ "one change, whole ring" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </>
    }
}

pub fn keys_table(rows: &[KeysRow]) -> Html {
    let rows = rows.iter().map(|(scheme, n, o)| {
        let floor = keys_floor(*scheme, *n);
        html! {
            <tr>
                <th scope="row">{ scheme.title(u64::from(KEYS_POINTS)) }</th><td>{ n }</td>
                { cell(o.spread, 4) }{ cell(floor, 4) }{ cell(o.max_over_mean, 3) }
                <td>{ grouped(o.moved) }</td>{ cell(keys_least_moved(*n), 0) }
            </tr>
        }
    });
    html! {
        <>
            <thead><tr><th scope="col">{ "scheme" }</th><th scope="col">{ "N" }</th><th scope="col">{ "spread" }</th><th scope="col">{ "floor" }</th><th scope="col">{ "busiest / mean" }</th><th scope="col">{ "moved on a join" }</th><th scope="col">{ "least possible" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </>
    }
}

pub fn speed_table(rows: &[SpeedRow]) -> Html {
    let rows = rows.iter().map(|(scheme, n, rate)| html! {
        <tr><th scope="row">{ scheme.title(u64::from(KEYS_POINTS)) }</th><td>{ n }</td><td>{ significant(*rate, 3) }</td></tr>
    });
    html! {
        <>
            <thead><tr><th scope="col">{ "scheme" }</th><th scope="col">{ "N" }</th><th scope="col">{ "lookups per second, here" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </>
    }
}

pub fn llm_table(rows: &[LlmRow], most: (u64, u64), figure: LlmFigure) -> Html {
    let x_name = match figure {
        LlmFigure::Prefix => "K",
        LlmFigure::Bound => "c",
        LlmFigure::Cache => "blocks a worker",
    };
    let rows = rows.iter().filter(|r| r.figure == figure).map(|r| html! {
        <tr>
            <th scope="row">{ r.router.label_in(figure) }</th><td>{ grouped_decimal(r.x, if r.x.fract() == 0.0 { 0 } else { 2 }) }</td><td>{ grouped(r.reused) }</td>
            <td>{ percent(r.share()) }</td><td>{ grouped(most.0) }</td>{ cell(r.busiest_over_mean, 2) }
        </tr>
    });
    html! {
        <>
            <thead><tr><th scope="col">{ "router" }</th><th scope="col">{ x_name }</th><th scope="col">{ "blocks reused" }</th><th scope="col">{ "share" }</th><th scope="col">{ "most reusable" }</th><th scope="col">{ "busiest / mean" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </>
    }
}

pub fn agree_table(rows: &[AgreeRow]) -> Html {
    let rows = rows.iter().map(|(pair, n, o)| {
        html! {
            <tr>
                <th scope="row">{ pair.label() }</th><td>{ n }</td><td>{ grouped(o.same) }</td>
                <td>{ percent(o.share()) }</td><td>{ percent(pair.expected(*n)) }</td>
            </tr>
        }
    });
    html! {
        <>
            <thead><tr><th scope="col">{ "pair" }</th><th scope="col">{ "N" }</th><th scope="col">{ "keys alike" }</th><th scope="col">{ "share" }</th><th scope="col">{ "expected" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </>
    }
}

pub fn bounded_table(rows: &[BoundedRow]) -> Html {
    let least = bounded_least_moved(BOUNDED_SERVERS);
    let rows = rows.iter().map(|(epsilon, o)| html! {
        <tr>
            <th scope="row">{ epsilon }</th>{ cell(o.max_over_mean, 3) }{ cell(1.0 + epsilon, 3) }
            <td>{ grouped(o.pushed) }</td><td>{ grouped(o.moved) }</td>{ cell(least, 0) }
        </tr>
    });
    html! {
        <>
            <thead><tr><th scope="col">{ "ε" }</th><th scope="col">{ "busiest / mean" }</th><th scope="col">{ "cap" }</th><th scope="col">{ "keys away from home" }</th><th scope="col">{ "moved on a join" }</th><th scope="col">{ "least possible" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </>
    }
}
