//! The header's list of views, by group. Wide screens show a row with a menu per group (a
//! group of one view is a plain link); narrow ones one "Views" menu with every group. The
//! stylesheet shows one or the other, so the header stays one row at any width.

use std::rc::Rc;

use ringlab_model::view_state::ViewInfo;
use yew::prelude::*;

use crate::menu::Menu;
use crate::registry::Group;

#[derive(Properties, PartialEq)]
pub struct ViewsNavProps {
    /// The views by group, in header order.
    pub groups: Rc<Vec<Group>>,
    /// The view shown.
    pub current: &'static ViewInfo,
}

#[component]
pub fn ViewsNav(props: &ViewsNavProps) -> Html {
    let current = props.current;
    html! {
        <>
        <nav class="nav-wide" aria-label="Views">
            <ul>
                { for props.groups.iter().map(|(group, views)| html! {
                    <li>{ wide_entry(group, views, current) }</li>
                }) }
            </ul>
        </nav>
        <Menu class="nav-menu" label="Views" id="views-menu" current={false}>
            <nav aria-label="Views menu">
                <ul class="nav-groups">
                    { for props.groups.iter().map(|(group, views)| html! {
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
