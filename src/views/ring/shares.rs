//! Share of the ring per server against its fair share, the spread next to the theory, and
//! the table of the same numbers (with each server's weight and rack).

use ringlab_core::analysis::stats::{cv, max_over_mean};
use ringlab_core::analysis::theory::share_cv;
use ringlab_model::format::grouped;
use yew::prelude::*;

use crate::kit::browser::input_value;
use crate::kit::pictures::swatch::swatch;
use crate::kit::store::Store;

use super::scene::style_of;
use super::state::{Action, PlaygroundState};
use ringlab_model::format::percent;

/// Rows of the table shown at most.
pub const MAX_ROWS: usize = 100;

/// The note under a table that lists only the first [`MAX_ROWS`] servers.
pub fn unlisted(more: usize) -> String {
    let (servers, are) = if more == 1 {
        ("server is", "its")
    } else {
        ("servers are", "their")
    };
    format!(
        "{} more {servers} not listed: the table shows the first {MAX_ROWS}; the spread above \
         counts {are} shares too.",
        grouped(more as u64)
    )
}
/// Width of a bar at a share of twice the fair share, in pixels.
const BAR: f64 = 120.0;

/// The spread of the shares.
#[derive(Debug, Clone, PartialEq)]
pub struct Spread {
    /// Busiest over the mean.
    pub max_over_mean: f64,
    /// Measured coefficient of variation of the shares.
    pub cv: f64,
    /// `sqrt((N-1)/(N V + 1))` for `V` points per server.
    pub theory: f64,
    /// The `V` the theory used: the ring's points per live server, rounded.
    pub points_per_server: u32,
}

/// The spread of `shares` on a ring of `points` points.
pub fn spread(shares: &[f64], points: usize) -> Option<Spread> {
    if shares.is_empty() {
        return None;
    }
    let n = shares.len();
    let v = ((points as f64 / n as f64).round() as u32).max(1);
    Some(Spread {
        max_over_mean: max_over_mean(shares),
        cv: cv(shares),
        theory: share_cv(n, v),
        points_per_server: v,
    })
}

/// The share bars, the spread and the table.
pub fn shares_view(
    state: &PlaygroundState,
    dispatch: UseReducerDispatcher<Store<PlaygroundState>>,
) -> Html {
    let params = &state.params;
    let placement = &state.placement;
    let total_weight: f64 = placement.servers.iter().map(|s| s.weight).sum();
    let points = placement.ring().points().len();
    let spread_line = match spread(&placement.shares, points) {
        Some(s) => format!(
            "max/mean {:.2} · CV {:.3} next to the theory sqrt((N-1)/(N·V+1)) = {:.3} \
             for N = {}, V = {}",
            s.max_over_mean,
            s.cv,
            s.theory,
            placement.servers.len(),
            s.points_per_server
        ),
        None => "No server is up.".to_string(),
    };
    let mut owned = vec![0usize; placement.servers.len()];
    for owner in placement.owners.iter().flatten() {
        owned[*owner] += 1;
    }
    let point_counts = placement.ring().point_counts(placement.servers.len());
    let rows = params.servers.iter().enumerate().take(MAX_ROWS).map(|(id, s)| {
        let live = placement.live(id);
        let share = live.map(|l| placement.shares[l]);
        let fair = live.map(|_| s.weight / total_weight);
        let keys = live.map(|l| owned[l]);
        let points = live.map(|l| point_counts[l]);
        let color = style_of(id).0;
        let on_weight = {
            let dispatch = dispatch.clone();
            Callback::from(move |e: Event| {
                let value = input_value(&e);
                if let Ok(w) = value.trim().parse::<f64>() {
                    dispatch.dispatch(Action::SetWeight(id, w));
                }
            })
        };
        let on_rack = {
            let dispatch = dispatch.clone();
            Callback::from(move |e: Event| {
                let value = input_value(&e);
                dispatch.dispatch(Action::SetRack(id, value));
            })
        };
        let bar = match (share, fair) {
            (Some(share), Some(fair)) if fair > 0.0 => {
                let width = (share / fair * BAR / 2.0).clamp(0.0, BAR * 1.5);
                let fair_x = BAR / 2.0;
                html! {
                    <svg class="pg-bar" width={(BAR * 1.5).to_string()} height="14"
                        aria-hidden="true" focusable="false">
                        <rect class={classes!("pg-fill", swatch(color))} x="0" y="2"
                            width={format!("{width:.1}")} height="10" />
                        <line class="pg-fair" x1={fair_x.to_string()} x2={fair_x.to_string()}
                            y1="0" y2="14" />
                    </svg>
                }
            }
            _ => html! {},
        };
        html! {
            <tr class={classes!(s.failed.then_some("pg-failed"))}>
                <th scope="row">
                    <span class={classes!("pg-swatch", swatch(color))} aria-hidden="true"></span>
                    { s.name.clone() }
                    if s.failed { { " (failed)" } }
                </th>
                <td>{ share.map_or("–".to_string(), percent) }</td>
                <td>{ bar }</td>
                <td>{ fair.map_or("–".to_string(), percent) }</td>
                <td>{ keys.map_or("–".to_string(), |k| k.to_string()) }</td>
                <td>{ points.map_or("–".to_string(), |p| p.to_string()) }</td>
                <td>
                    <input type="number" class="pg-weight" min="0.1" max="10" step="0.1"
                        value={s.weight.to_string()} aria-label={format!("Weight of {}", s.name)}
                        onchange={on_weight} />
                </td>
                <td>
                    <input type="text" class="pg-rack" maxlength="40" size="6"
                        value={s.rack.clone().unwrap_or_default()}
                        aria-label={format!("Rack of {}", s.name)} onchange={on_rack} />
                </td>
            </tr>
        }
    });
    let more = params.servers.len().saturating_sub(MAX_ROWS);
    html! {
        <div class="pg-shares scroll-shadows" tabindex="0" role="region" aria-label="Shares per server">
            <p class="pg-spread">{ spread_line }</p>
            <p class="scroll-cue" aria-hidden="true">{ "Swipe the table sideways for every column; the server stays in view." }</p>
            <table class="pg-table">
                <caption>{ "Share of the ring per server (exact, from the arcs) against its fair share" }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ "Server" }</th>
                        <th scope="col">{ "Share" }</th>
                        <th scope="col">{ "Share / fair (line: fair)" }</th>
                        <th scope="col">{ "Fair share" }</th>
                        <th scope="col">{ "Keys" }</th>
                        <th scope="col">{ "Points" }</th>
                        <th scope="col">{ "Weight" }</th>
                        <th scope="col">{ "Rack" }</th>
                    </tr>
                </thead>
                <tbody>{ for rows }</tbody>
            </table>
            if more > 0 {
                <p class="pg-hint">{ unlisted(more) }</p>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unlisted_servers_are_counted_in_words() {
        assert!(unlisted(1).starts_with("1 more server is not listed"));
        assert!(unlisted(1).ends_with("counts its shares too."));
        assert!(unlisted(1900).starts_with("1,900 more servers are not listed"));
    }

    #[test]
    fn spread_against_the_theory() {
        let s = spread(&[0.25, 0.25, 0.25, 0.25], 4).unwrap();
        assert_eq!(s.max_over_mean, 1.0);
        assert_eq!(s.cv, 0.0);
        assert_eq!(s.points_per_server, 1);
        assert!((s.theory - (3.0f64 / 5.0).sqrt()).abs() < 1e-12);
        let s = spread(&[0.5, 0.25, 0.25], 3000).unwrap();
        assert!((s.max_over_mean - 1.5).abs() < 1e-12);
        assert_eq!(s.points_per_server, 1000);
        assert!(spread(&[], 0).is_none());
    }
}
