//! The notes a view shows when it repaired its link: what was wrong, what it used instead,
//! and a button to put them away.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NotesProps {
    pub notes: Vec<String>,
    pub on_dismiss: Callback<()>,
}

/// A callback that sends `action` to a view's reducer: what its Dismiss button does.
pub fn dispatching<R>(dispatch: &UseReducerDispatcher<R>, action: R::Action) -> Callback<()>
where
    R: Reducible + 'static,
    R::Action: Clone + 'static,
{
    let dispatch = dispatch.clone();
    Callback::from(move |()| dispatch.dispatch(action.clone()))
}

/// Nothing when there are no notes.
#[function_component]
pub fn ViewNotes(props: &NotesProps) -> Html {
    if props.notes.is_empty() {
        return html! {};
    }
    let dismiss = props.on_dismiss.reform(|_: MouseEvent| ());
    html! {
        <div class="view-notes" role="note">
            <ul>{ for props.notes.iter().map(|n| html! { <li>{ n.clone() }</li> }) }</ul>
            <button type="button" onclick={dismiss}>{ "Dismiss notes" }</button>
        </div>
    }
}
