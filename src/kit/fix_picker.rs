//! The radio buttons that pick a hot-key fix, for the load page and break it: one table
//! of fixes (`ringlab_model::views::load::params::FIXES`), one control.

use ringlab_core::load::fixes::HotFix;
use ringlab_model::views::load::params::FIXES;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct FixPickerProps {
    /// The radio group's name, and the prefix of each button's id (`{group}-cache`).
    pub group: &'static str,
    pub fix: HotFix,
    pub on_pick: Callback<HotFix>,
}

#[component]
pub fn FixPicker(props: &FixPickerProps) -> Html {
    html! {
        <>{ for FIXES.iter().map(|&(name, fix, label)| {
            let id = format!("{}-{name}", props.group);
            let on_pick = props.on_pick.clone();
            html! {
                <label class="load-radio" for={id.clone()}>
                    <input type="radio" name={props.group} id={id} checked={props.fix == fix}
                        onchange={move |_| on_pick.emit(fix)} />
                    { label }
                </label>
            }
        }) }</>
    }
}
