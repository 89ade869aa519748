//! The index: every registered view under its group, with its one-line description.

use yew::prelude::*;

use crate::registry::{groups, ViewProps};
use crate::url_out::use_url_out;

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
            { for groups().into_iter().map(|(group, views)| html! {
                <section class="index-group">
                    <h2>{ group }</h2>
                    <ul>
                        { for views.into_iter().filter(|e| e.info.path != INDEX_PATH).map(|entry| html! {
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
