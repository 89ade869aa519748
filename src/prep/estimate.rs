//! The estimation exercise of interview prep: a back-of-envelope question about a
//! resize, the candidate's hours graded against the core's cost model, then the working
//! and the cost widget at that cluster. Nothing of the answer shows before a try; the
//! estimate checked is kept with the progress.

use ringlab_model::learn::followups::{
    estimation_question, estimation_working, estimation_workload, grade_estimate, Estimate,
    ESTIMATE_FACTOR,
};
use ringlab_model::learn::progress::Action;
use ringlab_model::learn::quiz::times;
use ringlab_model::param_table::link;
use yew::prelude::*;

use crate::browser::input_value;
use crate::learn::PartProps;
use crate::view_link::ViewLink;

#[component]
pub fn Estimation(props: &PartProps) -> Html {
    // The box starts with the estimate last checked; its grade comes from the progress.
    let typed = {
        let last = props.progress.estimate.clone();
        use_state(move || last.unwrap_or_default())
    };
    let graded = props.progress.estimate.as_deref().map(grade_estimate);
    let oninput = {
        let typed = typed.clone();
        Callback::from(move |e: InputEvent| typed.set(input_value(&e)))
    };
    let onsubmit = {
        let typed = typed.clone();
        let on_action = props.on_action.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_action.emit(Action::Estimate((*typed).clone()));
        })
    };
    let verdict = match &graded {
        None => None,
        Some(Estimate::Unreadable) => Some(("iv-est-unread", "Write a number of hours, such as 5 or 12.5.".to_string())),
        Some(Estimate::Close { hours }) => Some((
            "iv-est-close",
            format!("Close enough: the core's cost model says {hours:.1} hours (within {} either way counts).", times(ESTIMATE_FACTOR)),
        )),
        Some(Estimate::Off { hours, factor }) => Some((
            "iv-est-off",
            if *factor > 1.0 {
                format!("The core's cost model says {hours:.1} hours: your estimate is {} too high.", times(*factor))
            } else {
                format!("The core's cost model says {hours:.1} hours: your estimate is {} too low.", times(1.0 / factor))
            },
        )),
    };
    let worked = matches!(&graded, Some(Estimate::Close { .. } | Estimate::Off { .. }));
    html! {
        <section class="iv-estimate" aria-labelledby="iv-estimate-heading">
            <h2 id="iv-estimate-heading">{ "Estimation" }</h2>
            <form class="iv-est-form" onsubmit={onsubmit}>
                <label for="iv-est-hours">{ estimation_question() }</label>
                <div class="iv-est-row">
                    <input id="iv-est-hours" type="text" inputmode="decimal" autocomplete="off"
                        value={(*typed).clone()} {oninput} />
                    <span>{ "hours" }</span>
                    <button type="submit">{ "Check estimate" }</button>
                </div>
            </form>
            <p class="iv-est-verdict" role="status">
                if let Some((class, text)) = verdict { <span class={class}>{ text }</span> }
            </p>
            if worked {
                <div class="iv-est-working">
                    <h3>{ "The working" }</h3>
                    { for estimation_working().into_iter().map(|line| html! { <p>{ line }</p> }) }
                    <p>
                        <ViewLink to={link("cost", &estimation_workload())}>{ "Open the resize cost at this cluster" }</ViewLink>
                    </p>
                </div>
            }
        </section>
    }
}
