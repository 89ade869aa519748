//! The grids component: controls, one grid per scheme (DOM links for small grids, a
//! canvas for large ones), the counters and the theory under each, and the text twin (a
//! live region, the details of the key under the pointer or the cursor).

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement};
use yew::prelude::*;

use super::controls::controls;
use super::details::{details, summary};
use super::draw::draw;
use super::layout::{step, Layout, CANVAS_CELLS};
use super::params::{GridScheme, GridsParams};
use super::placement::{number, Grid};
use super::prose::{canvas_label, cell_label};
use super::state::{Action, GridsState};
use crate::kit::browser::{canvas_context, fit_canvas, focus_id};
use crate::kit::canvas_theme::CanvasTheme;
use crate::kit::hooks::element_width::use_element_width_while;
use crate::kit::hooks::url_out::use_url_out;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::probe::tell;
use crate::kit::store::Store;
use crate::kit::view_link::{use_link_mode, LinkMode};
use crate::kit::view_props::ViewProps;

fn cell_id(scheme: GridScheme, key: usize) -> String {
    format!("gr-{}-{key}", scheme.name())
}

/// The columns of a DOM grid as laid out now: the cells on the first row.
fn dom_columns(scheme: GridScheme) -> usize {
    let document = web_sys::window().and_then(|w| w.document());
    let Some(document) = document else { return 1 };
    let top = |key: usize| {
        document
            .get_element_by_id(&cell_id(scheme, key))
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
            .map(|e| e.offset_top())
    };
    let Some(first) = top(0) else { return 1 };
    (1..CANVAS_CELLS)
        .find(|&k| top(k) != Some(first))
        .unwrap_or(CANVAS_CELLS)
}

#[derive(Properties, PartialEq)]
struct CellsProps {
    grid: Grid,
    keys: Rc<Vec<String>>,
    params: GridsParams,
    cursor: usize,
    dispatch: UseReducerDispatcher<Store<GridsState>>,
}

/// A small grid: one link per key, a roving tab stop moved by the arrow keys.
#[component]
fn DomCells(props: &CellsProps) -> Html {
    let grid = &props.grid;
    let scheme = grid.scheme;
    let keys = props.keys.len();
    let links = use_link_mode();
    let onkeydown = {
        let dispatch = props.dispatch.clone();
        let cursor = props.cursor;
        Callback::from(move |e: KeyboardEvent| {
            let cols = dom_columns(scheme);
            if let Some(next) = step(cursor, &e.key(), cols, keys) {
                e.prevent_default();
                dispatch.dispatch(Action::Cursor(next));
                focus_id(&cell_id(scheme, next));
            }
        })
    };
    let onmouseleave = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Detail(None)))
    };
    let previous = props.params.previous;
    html! {
        <div class="gr-cells" role="group" aria-label={format!("{} cells", scheme.heading())}
            {onkeydown} {onmouseleave}>
            { for (0..keys).map(|key| {
                let lit = grid.lit.get(key).copied().unwrap_or(false);
                let now = number(grid.owners.get(key).copied().flatten());
                let was = grid.previous(key).map(number);
                let class = classes!("gr-cell", lit.then_some("lit"));
                let onfocus = {
                    let dispatch = props.dispatch.clone();
                    Callback::from(move |_: FocusEvent| dispatch.dispatch(Action::Cursor(key)))
                };
                let onmouseenter = {
                    let dispatch = props.dispatch.clone();
                    Callback::from(move |_: MouseEvent| {
                        dispatch.dispatch(Action::Detail(Some(key)))
                    })
                };
                let tabindex = if key == props.cursor { "0" } else { "-1" };
                let walk = links.target(&props.params.walk_link(key));
                html! {
                    <a {class} id={cell_id(scheme, key)} href={walk.href} target={walk.target} rel={walk.rel}
                        {tabindex} aria-label={format!("{}{}", cell_label(grid, key, &props.keys[key]), walk.aside.unwrap_or_default())}
                        {onfocus} {onmouseenter}>
                        if previous && lit {
                            <span class="gr-was" aria-hidden="true">{ was.unwrap_or_default() }</span>
                        }
                        <span class="gr-now" aria-hidden="true">{ now }</span>
                    </a>
                }
            }) }
        </div>
    }
}

/// The grids view.
#[component]
pub fn Grids(props: &ViewProps) -> Html {
    let state = {
        let query = props.query.clone();
        use_reducer(move || Store::new(GridsState::from_query(&query)))
    };
    // A new colour scheme re-renders, and the canvases' paint takes its colours.
    crate::kit::hooks::scheme::use_scheme_epoch();
    let links = use_link_mode();
    let canvases: [NodeRef; 4] = [
        use_node_ref(),
        use_node_ref(),
        use_node_ref(),
        use_node_ref(),
    ];
    // Each canvas's width, kept from a ResizeObserver: painting never reads the layout.
    let canvas_mode = state.keys.len() > CANVAS_CELLS;
    let shows = |slot: usize| {
        canvas_mode
            && state
                .grids
                .iter()
                .any(|g| g.scheme == GridScheme::ALL[slot])
    };
    let widths = [
        use_element_width_while(&canvases[0], shows(0)),
        use_element_width_while(&canvases[1], shows(1)),
        use_element_width_while(&canvases[2], shows(2)),
        use_element_width_while(&canvases[3], shows(3)),
    ];

    // The URL out. (A reload, a pasted link or Back mounts the view afresh from the URL:
    // the shell keys it by visit.)
    use_url_out(props, state.query());
    // After every render: size and draw the canvases.
    {
        let state = state.clone();
        let canvases = canvases.clone();
        use_effect(move || {
            if canvas_mode {
                let theme = CanvasTheme::current();
                for grid in &state.grids {
                    let slot = GridScheme::ALL.iter().position(|&s| s == grid.scheme);
                    let Some((canvas, width)) = slot.and_then(|i| {
                        let canvas = canvases[i].cast::<HtmlCanvasElement>()?;
                        (widths[i] > 0.0).then_some((canvas, widths[i]))
                    }) else {
                        continue;
                    };
                    let layout = Layout::new(grid.keys(), width);
                    let ratio = fit_canvas(&canvas, layout.width, layout.height);
                    let (w, h) = (canvas.width(), canvas.height());
                    let cursor = Some(state.cursor);
                    if let Some(ctx) = canvas_context(&canvas) {
                        draw(
                            &ctx,
                            &layout,
                            grid,
                            state.params.previous,
                            cursor,
                            &theme,
                            ratio,
                        );
                        // The backing size it was drawn at: tests wait for it to match.
                        tell(&canvas, "drawn", &format!("{w}x{h}"));
                    }
                }
            }
        });
    }

    let params = &state.params;
    let dispatch = state.dispatcher();
    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Action::DismissNotes)} />
    };

    let grids = state.grids.iter().map(|grid| {
        let scheme = grid.scheme;
        let heading_id = format!("gr-h-{}", scheme.name());
        let cells = if canvas_mode {
            let slot = GridScheme::ALL
                .iter()
                .position(|&s| s == scheme)
                .unwrap_or(0);
            canvas_view(&state, grid, canvases[slot].clone(), widths[slot], links)
        } else {
            html! {
                <DomCells grid={grid.clone()} keys={state.keys.clone()} params={params.clone()}
                    cursor={state.cursor} dispatch={state.dispatcher()} />
            }
        };
        let counter = grid.counter();
        let theory = grid.theory_text();
        html! {
            <section key={scheme.name()} class="gr-grid" aria-labelledby={heading_id.clone()}>
                <h2 id={heading_id}>
                    { scheme.heading() }
                    <span class="gr-count">{ format!(" · {} servers", grid.servers) }</span>
                </h2>
                { cells }
                <p class="gr-counter">
                    if let Some(counter) = counter {
                        <strong>{ counter }</strong>
                    } else {
                        <span>{ "No change yet: add or remove a server." }</span>
                    }
                    if let Some(theory) = theory {
                        <br /><span class="gr-theory">{ theory }</span>
                    }
                </p>
            </section>
        }
    });

    let class = classes!("grids", props.embed.then_some("gr-embed"));
    html! {
        <section {class} aria-label="Modulo vs ring">
            { notes }
            if !props.embed {

                <p class="gr-intro">
                    { "The same keys, placed by h mod N and by a hash ring (and, if you like, \
                       jump hash and rendezvous). Add one server and watch almost every modulo \
                       cell light up, while the ring moves only the newcomer's share." }
                </p>
            }
            { controls(&state.params, &dispatch) }
            { summary(&state, canvas_mode) }
            { details(&state) }
            <div class="gr-columns">{ for grids }</div>
        </section>
    }
}

/// A grid drawn on a canvas `width` CSS pixels wide (as the ResizeObserver last saw it).
fn canvas_view(
    state: &UseReducerHandle<Store<GridsState>>,
    grid: &Grid,
    node: NodeRef,
    width: f64,
    links: LinkMode,
) -> Html {
    let keys = state.keys.len();
    let layout = Layout::new(keys, width);
    let hit = move |e: &MouseEvent| layout.hit(e.offset_x() as f64, e.offset_y() as f64);
    let onpointermove = {
        let dispatch = state.dispatcher();
        let detail = state.detail;
        Callback::from(move |e: PointerEvent| {
            let key = hit(&e);
            if key.is_some() && key != detail {
                dispatch.dispatch(Action::Detail(key));
            }
        })
    };
    let onpointerleave = {
        let dispatch = state.dispatcher();
        Callback::from(move |_: PointerEvent| dispatch.dispatch(Action::Detail(None)))
    };
    let params = state.params.clone();
    let onclick = {
        let params = params.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(key) = hit(&e) {
                links.follow(&params.walk_link(key));
            }
        })
    };
    let onkeydown = {
        let dispatch = state.dispatcher();
        let cursor = state.cursor;
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.prevent_default();
                links.follow(&params.walk_link(cursor));
                return;
            }
            if let Some(next) = step(cursor, &e.key(), layout.cols, keys) {
                e.prevent_default();
                dispatch.dispatch(Action::Cursor(next));
            }
        })
    };
    let onfocus = {
        let dispatch = state.dispatcher();
        let cursor = state.cursor;
        Callback::from(move |_: FocusEvent| dispatch.dispatch(Action::Cursor(cursor)))
    };
    let label = canvas_label(grid, keys);
    html! {
        <canvas ref={node} class="gr-canvas" role="img" tabindex="0" aria-label={label}
            {onpointermove} {onpointerleave} {onclick} {onkeydown} {onfocus}>
        </canvas>
    }
}
