//! A select of "No one" and the names of a list: which one leaves. Its value is the name,
//! or `none`, as the view's link writes it.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LeaverSelectProps {
    pub label: AttrValue,
    pub names: Vec<String>,
    pub chosen: Option<String>,
    pub on_change: Callback<Event>,
}

#[function_component]
pub fn LeaverSelect(props: &LeaverSelectProps) -> Html {
    let chosen = props.chosen.as_deref().unwrap_or("none");
    let options = std::iter::once(("none", "No one"))
        .chain(props.names.iter().map(|n| (n.as_str(), n.as_str())))
        .map(|(value, label)| {
            html! { <option value={value.to_string()} selected={value == chosen}>{ label }</option> }
        });
    html! {
        <label>
            { props.label.clone() }
            <select onchange={props.on_change.clone()}>{ for options }</select>
        </label>
    }
}
