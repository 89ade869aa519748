//! A step's live widget: a registered view, embedded as its own docs-page widget is (an
//! iframe of `#/<view>?…&embed=1`), started from the step's preset. The iframe loads the
//! view's bundle only when the reader reaches the step, so the walkthrough's own download
//! stays small however many views it uses. Its height follows the widget (frame.js inside
//! posts it), and the state it writes to its own address is read back, so challenges can
//! check it and the "Open in the full view" link carries it.

use gloo::events::EventListener;
use gloo::timers::callback::Interval;
use ringlab_model::route::Route;
use ringlab_model::urlkit::Query;
use ringlab_model::view_state::ViewInfo;
use ringlab_model::views::learn::steps::Widget;
use yew::prelude::*;

use crate::kit::browser;
use crate::kit::view_link::{use_link_mode, LinkMode, ViewLink};
use crate::registry::infos;

/// How often the widget's address is read back, in milliseconds. Views rewrite their
/// address with `replaceState`, which raises no event, so it is read on a timer; reading
/// a string four times a second costs nothing measurable.
const READ_BACK_MS: u32 = 250;

#[derive(Properties, PartialEq)]
pub struct StepWidgetProps {
    pub widget: Widget,
    /// The step's label ("Step 4: Add a server"), for the frame's title.
    pub label: AttrValue,
    /// Called with the view's state whenever it changes.
    pub on_query: Callback<Query>,
}

#[component]
pub fn StepWidget(props: &StepWidgetProps) -> Html {
    let widget = props.widget;
    let frame = use_node_ref();
    let latest = use_state(|| widget.query());
    let links = use_link_mode();
    let info = infos()
        .iter()
        .copied()
        .find(|info| info.path == widget.view);

    // The iframe's height, from frame.js's "ringlab:resize" (embed.js's protocol, version 1).
    use_effect_with(frame.clone(), |frame| {
        let frame = frame.clone();
        let listener = web_sys::window().map(|window| {
            EventListener::new(&window, "message", move |event| {
                let Some(element) = frame.cast::<web_sys::HtmlIFrameElement>() else {
                    return;
                };
                if let Some(height) = crate::kit::embed_height::frame_height(event, &element) {
                    let _ = element
                        .style()
                        .set_property("height", &format!("{}px", height.ceil()));
                    browser::announce_resize();
                }
            })
        });
        move || drop(listener)
    });

    // The widget's state, read back from its address whenever it changes.
    {
        let frame = frame.clone();
        let latest = latest.clone();
        let on_query = props.on_query.clone();
        use_effect_with(widget, move |_| {
            let mut last = String::new();
            let timer = Interval::new(READ_BACK_MS, move || {
                let hash = frame
                    .cast::<web_sys::HtmlIFrameElement>()
                    .and_then(|element| element.content_window())
                    .and_then(|window| window.location().hash().ok())
                    .unwrap_or_default();
                if hash.is_empty() || hash == last {
                    return;
                }
                last = hash;
                let route = Route::parse(&last, infos());
                if route.view.path == widget.view {
                    latest.set(route.query.clone());
                    on_query.emit(route.query);
                }
            });
            move || drop(timer)
        });
    }

    let Some(info) = info else {
        return Html::default();
    };
    // A query string of its own: a frame whose address equals the page's (fragments
    // aside) would not be loaded at all, as browsers refuse recursive frames.
    let src = format!("?widget{}", href(links, info, &widget.query(), true));
    let full = href(links, info, &latest, false);
    html! {
        <figure class="step-widget">
            <iframe ref={frame} {src} loading="lazy"
                title={format!("{}, live {}", props.label, info.title.to_ascii_lowercase())}
                class={classes!("step-frame", format!("step-frame-{}", info.path))}></iframe>
            <figcaption>
                <ViewLink to={full}>{ format!("Open in the full view: {}", info.title) }</ViewLink>
            </figcaption>
        </figure>
    }
}

/// The view's address with `query`, embedded or not, keeping the page's theme.
fn href(links: LinkMode, info: &'static ViewInfo, query: &Query, embed: bool) -> String {
    let mut route = links.route(info, query.clone());
    route.embed = embed;
    // A step's widget keeps its controls (the challenges need them), whatever the page.
    route.controls = true;
    route.compact = false;
    route.to_hash()
}
