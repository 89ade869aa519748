//! The index: every registered view under its group, with its one-line description. It is
//! a registered view itself, so it and the registry name each other.

use yew::prelude::*;

use crate::registry::{groups, ViewEntry};
use crate::url_out::use_url_out;
use crate::view_props::ViewProps;

/// The index's own path, which it leaves out of its list.
pub const INDEX_PATH: &str = "views";

#[component]
pub fn Index(props: &ViewProps) -> Html {
    use_url_out(props, Vec::new());
    html! {
        <section class="index" aria-label="Every view">
            <p class="index-intro">
                { "Every view computes its numbers live with ringlab-core. Each one also works \
                   alone, embedded in a documentation page: open it and use “Copy embed code”." }
            </p>
            { for listed().into_iter().map(|(group, views)| html! {
                <section class="index-group">
                    <h2>{ group }</h2>
                    <ul>
                        { for views.into_iter().map(|entry| html! {
                            <li>
                                <a href={format!("#/{}", entry.info.path)}>{ entry.info.title }</a>
                                <p>{ entry.info.description }</p>
                            </li>
                        }) }
                    </ul>
                </section>
            }) }
        </section>
    }
}

/// The registry's groups without the index itself (and without a group it leaves empty).
fn listed() -> Vec<(&'static str, Vec<&'static ViewEntry>)> {
    groups()
        .into_iter()
        .map(|(group, views)| {
            let views: Vec<_> = views
                .into_iter()
                .filter(|entry| entry.info.path != INDEX_PATH)
                .collect();
            (group, views)
        })
        .filter(|(_, views)| !views.is_empty())
        .collect()
}
