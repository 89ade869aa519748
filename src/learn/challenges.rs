//! A step's challenges: a list named "Challenges" whose items are read-only checkboxes,
//! checked once the reader has done the thing.

use ringlab_model::learn::challenges::Challenge;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ChallengesProps {
    pub challenges: &'static [Challenge],
    /// Ids of the ticked ones.
    pub ticked: Vec<&'static str>,
}

#[component]
pub fn Challenges(props: &ChallengesProps) -> Html {
    if props.challenges.is_empty() {
        return Html::default();
    }
    html! {
        <section class="challenges" aria-labelledby="challenges-title">
            <h3 id="challenges-title">{ "Challenges" }</h3>
            <ul aria-labelledby="challenges-title">
                { for props.challenges.iter().map(|c| {
                    let done = props.ticked.contains(&c.id);
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
