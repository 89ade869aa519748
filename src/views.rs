//! Which component shows which view.

use std::rc::Rc;

use yew::prelude::*;

use crate::clock::ClockExample;
use crate::cost::CostPanel;
use crate::grids::Grids;
use crate::playground::Playground;
use crate::route::View;

#[derive(Properties, PartialEq)]
pub struct ViewProps {
    pub view: View,
    /// The view's parameters from the URL, without the shell's own (`embed`).
    pub query: Rc<Vec<(String, String)>>,
    pub embed: bool,
    /// Called with the view's parameters whenever its state changes.
    pub on_query: Callback<Vec<(String, String)>>,
}

#[component]
pub fn ViewHost(props: &ViewProps) -> Html {
    match props.view {
        View::Ring => html! {
            <Playground query={props.query.clone()} embed={props.embed}
                on_query={props.on_query.clone()} />
        },
        View::Grids => html! {
            <Grids query={props.query.clone()} embed={props.embed}
                on_query={props.on_query.clone()} />
        },
        View::Clock => html! {
            <ClockExample query={props.query.clone()} embed={props.embed}
                on_query={props.on_query.clone()} />
        },
        View::Cost => html! {
            <CostPanel query={props.query.clone()} embed={props.embed}
                on_query={props.on_query.clone()} />
        },
    }
}
