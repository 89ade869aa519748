//! The estimation exercise of interview prep: a back-of-envelope question about a
//! resize, the candidate's hours graded against the core's cost model, then the working
//! and the cost widget at that cluster. Nothing of the answer shows before a try; the
//! estimate checked is kept with the progress.

use ringlab_model::param_table::link;
use ringlab_model::views::learn::estimate_prose::verdict;
use ringlab_model::views::learn::followups::{
    estimation_question, estimation_working, estimation_workload, grade_estimate, Estimate,
};
use ringlab_model::views::learn::progress::Action;
use yew::prelude::*;

use crate::kit::browser::input_value;
use crate::kit::practice::PartProps;
use crate::kit::view_link::ViewLink;

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
    // The colour of the verdict by its kind; its words from the model.
    let shown = graded.as_ref().map(|g| {
        let class = match g {
            Estimate::Unreadable => "iv-est-unread",
            Estimate::Close { .. } => "iv-est-close",
            Estimate::Off { .. } => "iv-est-off",
        };
        (class, verdict(g))
    });
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
                if let Some((class, text)) = shown { <span class={class}>{ text }</span> }
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
