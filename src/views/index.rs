//! The index: every registered view under its group, as the header groups them, with its
//! one-line description.

use yew::prelude::*;

use crate::kit::hooks::url_out::use_url_out;
use crate::kit::view_props::ViewProps;
use crate::registry::{groups, Group};

use ringlab_model::views::index::learn_way_in;
/// The index's own path, which it leaves out of its list.
pub use ringlab_model::views::index::INDEX_PATH;

/// The three ways in for a newcomer, by view path, with what each gives.
fn ways_in() -> [(&'static str, &'static str, String); 3] {
    [
        ("learn", "Learn it step by step", learn_way_in()),
        (
            "ring",
            "Play with a ring",
            "Drag servers round a ring, walk keys to their owners, fail one and count what moves."
                .into(),
        ),
        (
            "systems",
            "Where does my key go?",
            "Paste a real HAProxy, nginx, Envoy or Redis configuration and see where each key \
             lands."
                .into(),
        ),
    ]
}

#[component]
pub fn Index(props: &ViewProps) -> Html {
    use_url_out(props, Vec::new());
    let registered = |path: &str| crate::registry::VIEWS.iter().any(|v| v.path == path);
    html! {
        <>
        <section class="index-home" aria-label="Ways in">
            <p class="index-lead">
                { "Consistent hashing decides which server holds each key, so that adding or \
                   losing a server moves only a few keys. Here you can watch it happen: every \
                   figure is computed live, by the same code as the ringlab command line." }
            </p>
            <ul class="index-ways">
                { for ways_in().into_iter().filter(|(path, ..)| registered(path)).map(|(path, name, what)| html! {
                    <li>
                        <a href={format!("#/{path}")}>{ name }</a>
                        <p>{ what }</p>
                    </li>
                }) }
            </ul>
        </section>
        <section class="index" aria-label="Every view">
            <p class="index-intro">
                { "Every view computes its numbers live with ringlab-core. Each one also works \
                   alone, embedded in a documentation page: open it and use “Copy embed code”." }
            </p>
            { for listed(groups()).into_iter().map(|(group, views)| html! {
                <section class="index-group">
                    <h2>{ group }</h2>
                    <ul>
                        { for views.into_iter().map(|info| html! {
                            <li>
                                <a href={format!("#/{}", info.path)}>{ info.title }</a>
                                <p>{ info.description }</p>
                            </li>
                        }) }
                    </ul>
                </section>
            }) }
        </section>
        </>
    }
}

/// The groups without the index itself (and without a group it leaves empty).
fn listed(groups: Vec<Group>) -> Vec<Group> {
    groups
        .into_iter()
        .map(|(group, views)| {
            let views = views.into_iter().filter(|info| info.path != INDEX_PATH);
            (group, views.collect::<Vec<_>>())
        })
        .filter(|(_, views)| !views.is_empty())
        .collect()
}
