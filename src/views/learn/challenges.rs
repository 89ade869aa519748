//! A step's challenges: a list named "Challenges" whose items are read-only checkboxes,
//! checked once the reader has done the thing.

use ringlab_model::views::learn::challenges::Challenge;
use yew::prelude::*;

/// The step's `challenges`, `ticked` the ids of those done. A function, not a component:
/// it keeps no state, and a component costs about 2 KB of the module.
pub fn challenges(challenges: &'static [Challenge], ticked: &[&'static str]) -> Html {
    if challenges.is_empty() {
        return Html::default();
    }
    html! {
        <section class="challenges" aria-labelledby="challenges-title">
            <h3 id="challenges-title">{ "Challenges" }</h3>
            <ul aria-labelledby="challenges-title">
                { for challenges.iter().map(|c| {
                    let done = ticked.contains(&c.id);
                    html! {
                        <li class={classes!("challenge", done.then_some("done"))}>
                            <label>
                                <input type="checkbox" checked={done} readonly=true
                                    aria-readonly="true" tabindex="-1"
                                    onclick={Callback::from(|e: MouseEvent| e.prevent_default())} />
                                { c.label }
                                <span class="visually-hidden">{ if done { " (done)" } else { " (not done yet)" } }</span>
                            </label>
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}
