//! The header's list of views, by group. Wide screens show a row with a menu per group (a
//! group of one view is a plain link); narrow ones one "Views" menu with every group. The
//! stylesheet shows one or the other, so the header stays one row at any width.

use ringlab_model::view_state::ViewInfo;
use yew::prelude::*;

use crate::kit::menu::Menu;
use crate::registry::Group;

/// The views by `groups` (in header order), `current` the view shown. A function, not a
/// component: it keeps no state, and a component costs about 2 KB of every module.
pub fn views_nav(groups: &[Group], current: &'static ViewInfo) -> Html {
    html! {
        <>
        <nav class="nav-wide" aria-label="Views">
            <ul>
                { for groups.iter().map(|(group, views)| html! {
                    <li>{ wide_entry(group, views, current) }</li>
                }) }
            </ul>
        </nav>
        <Menu class="nav-menu" label="Views" id="views-menu" current={false}>
            <nav aria-label="Views menu">
                <ul class="nav-groups">
                    { for groups.iter().map(|(group, views)| html! {
                        <li>
                            <span class="nav-group">{ *group }</span>
                            { links(views, current) }
                        </li>
                    }) }
                </ul>
            </nav>
        </Menu>
        </>
    }
}

/// A group in the wide header: its one view's link, or a menu of its views.
fn wide_entry(group: &'static str, views: &[&'static ViewInfo], current: &ViewInfo) -> Html {
    if let [view] = views {
        // The short name shows; the whole title names it.
        let label = (view.nav != view.title).then_some(view.title);
        return html! {
            <a href={format!("#/{}", view.path)} aria-current={is(view, current)} aria-label={label}>
                { view.nav }
            </a>
        };
    }
    let id = format!("views-{}", group.to_ascii_lowercase().replace(' ', "-"));
    let marked = views.iter().any(|view| std::ptr::eq(*view, current));
    html! {
        <Menu label={group} id={id} current={marked}>{ links(views, current) }</Menu>
    }
}

/// The views' links, each named by its title.
fn links(views: &[&'static ViewInfo], current: &ViewInfo) -> Html {
    html! {
        <ul>
            { for views.iter().map(|view| html! {
                <li><a href={format!("#/{}", view.path)} aria-current={is(view, current)}>{ view.title }</a></li>
            }) }
        </ul>
    }
}

fn is(view: &ViewInfo, current: &ViewInfo) -> Option<&'static str> {
    std::ptr::eq(view, current).then_some("page")
}
