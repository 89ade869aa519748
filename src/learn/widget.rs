//! A step's live widget: a registered view's own component, started from the step's
//! preset, with a link that opens the full view in the state the reader left it in. The
//! queries the view reports are handed up, so challenges can check them.

use std::rc::Rc;

use ringlab_model::learn::steps::Widget;
use ringlab_model::route::Route;
use ringlab_model::urlkit::Query;
use yew::prelude::*;

use crate::browser;
use crate::registry::{entry, infos, ViewProps};

#[derive(Properties, PartialEq)]
pub struct StepWidgetProps {
    pub widget: Widget,
    /// Called with the view's state whenever it changes.
    pub on_query: Callback<Query>,
}

#[component]
pub fn StepWidget(props: &StepWidgetProps) -> Html {
    let widget = props.widget;
    let preset = use_memo(widget, |widget| Rc::new(widget.query()));
    let latest = use_state(|| (*preset).as_ref().clone());
    let Some(info) = infos()
        .iter()
        .copied()
        .find(|info| info.path == widget.view)
    else {
        return Html::default();
    };
    let Some(render) = entry(info).render else {
        return html! { <p role="alert">{ format!("This build has no {}.", info.title.to_lowercase()) }</p> };
    };
    let on_query = {
        let latest = latest.clone();
        let up = props.on_query.clone();
        Callback::from(move |query: Query| {
            latest.set(query.clone());
            up.emit(query);
        })
    };
    let full = full_view_href(info, &latest);
    html! {
        <figure class="step-widget">
            { render(&ViewProps {
                query: (*preset).clone(),
                embed: true,
                controls: true,
                on_query,
            }) }
            <figcaption>
                <a href={full}>{ format!("Open in the full view: {}", info.title) }</a>
            </figcaption>
        </figure>
    }
}

/// The full view's link with the widget's state, keeping the page's theme.
fn full_view_href(info: &'static ringlab_model::view_state::ViewInfo, query: &Query) -> String {
    let mut route = Route::parse(&browser::hash(), infos());
    route.view = info;
    route.query = query.clone();
    route.embed = false;
    route.controls = true;
    route.notes.clear();
    route.to_hash()
}
