//! Callbacks that set one parameter of a view from a control, as its link would: the
//! view's parameter table reads, clamps and repairs the text.

use ringlab_model::linked::Edit;
use yew::prelude::*;

use crate::kit::browser::input_value;

/// Sets `name` from an input's or a select's change event.
pub fn on_change<R>(dispatch: &UseReducerDispatcher<R>, name: &'static str) -> Callback<Event>
where
    R: Reducible<Action = Edit> + 'static,
{
    let dispatch = dispatch.clone();
    Callback::from(move |e: Event| dispatch.dispatch(Edit::set(name, input_value(&e))))
}

/// Sets `name` from text a control hands over (a number field's committed value).
pub fn on_text<R>(dispatch: &UseReducerDispatcher<R>, name: &'static str) -> Callback<String>
where
    R: Reducible<Action = Edit> + 'static,
{
    let dispatch = dispatch.clone();
    Callback::from(move |text: String| dispatch.dispatch(Edit::set(name, text)))
}
