//! The walkthrough's page: the table of contents, one step (its prose, live widget,
//! challenges and asides), and the buttons to the next and previous steps. The step is in
//! the URL (`#/learn/<slug>`); the progress is in `localStorage`.

use ringlab_model::urlkit::Query;
use ringlab_model::views::learn::challenges::Check;
use ringlab_model::views::learn::params::LearnParams;
use ringlab_model::views::learn::progress::Action;
use ringlab_model::views::learn::steps::{is_done, step_label, STEPS};
use ringlab_model::ViewState;
use yew::prelude::*;

use super::challenges::challenges;
use super::steps::StepBody;
use super::widget::StepWidget;
use crate::kit::browser;
use crate::kit::hooks::url_out::use_url_out;
use crate::kit::notes::ViewNotes;
use crate::kit::practice::storage;
use crate::kit::practice::PartProps;
use crate::kit::store::Store;
use crate::kit::view_link::use_link_mode;
use crate::kit::view_props::ViewProps;

/// The step heading's id: focus goes there after a move to another step.
const HEADING: &str = "learn-step-title";

thread_local! {
    /// Set by the walkthrough's own step links and buttons just before the page moves, so
    /// the next step's heading takes the focus (and not on a first load).
    static MOVED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[component]
pub fn Learn(props: &ViewProps) -> Html {
    let (params, notes) = LearnParams::from_query(&props.query);
    use_url_out(props, params.to_query());
    let links = use_link_mode();
    let notes = use_state(|| notes);
    let progress = use_reducer(|| Store::new(storage::load()));
    // The progress "Forget my progress" took, until the reader undoes it or goes on.
    let forgotten = use_state(|| None::<ringlab_model::views::learn::progress::Progress>);
    storage::use_saved(&progress);
    use_effect_with((), |_| {
        if MOVED.with(|moved| moved.replace(false)) {
            browser::focus_id(HEADING);
        }
    });

    let index = params.step;
    let step = &STEPS[index];
    let ticked: Vec<&'static str> = step
        .challenges
        .iter()
        .filter(|c| progress.challenges.contains(c.id))
        .map(|c| c.id)
        .collect();

    // The widget's state after every change: tick what it shows done.
    let on_widget = {
        let dispatch = progress.dispatcher();
        Callback::from(move |query: Query| {
            for challenge in step.challenges {
                if let Check::Widget(done) = challenge.check {
                    if done(&query) {
                        dispatch.dispatch(Action::Tick(challenge.id.to_string()));
                    }
                }
            }
        })
    };
    let on_action = {
        let dispatch = progress.dispatcher();
        Callback::from(move |action: Action| dispatch.dispatch(action))
    };
    let part = PartProps {
        progress: progress.shared(),
        on_action: on_action.clone(),
    };
    let widget = step.widget.map(|widget| {
        html! { <StepWidget key={step.slug} {widget} label={step_label(step.slug)} on_query={on_widget} /> }
    });

    let step_notes = html! {
        <ViewNotes notes={(*notes).clone()} on_dismiss={{
            let notes = notes.clone();
            Callback::from(move |_| notes.set(Vec::new()))
        }} />
    };
    let body = html! {
        <article class="learn-step" aria-labelledby={HEADING}>
            <p class="learn-count">{ format!("Step {} of {}", index + 1, STEPS.len()) }</p>
            <h2 id={HEADING} tabindex="-1">{ step.title }</h2>
            <StepBody {index} part={part.clone()} {widget} />
            { challenges(step.challenges, &ticked) }
        </article>
    };
    if props.embed {
        return html! { <div class="learn learn-embed">{ step_notes }{ body }</div> };
    }

    let go = |to: usize, finish: bool| {
        let on_action = on_action.clone();
        Callback::from(move |_: MouseEvent| {
            if finish {
                on_action.emit(Action::FinishStep(STEPS[index].slug.to_string()));
            }
            MOVED.with(|moved| moved.set(true));
            browser::go_to_hash(&links.own(LearnParams { step: to }.to_query()));
        })
    };
    html! {
        <div class="learn">
            { step_notes }
            <nav class="learn-toc" aria-label="Steps">
                <ol>
                    { for STEPS.iter().enumerate().map(|(i, s)| {
                        let done = is_done(i, &progress);
                        html! {
                            <li class={classes!(done.then_some("done"))}>
                                <a href={links.own(LearnParams { step: i }.to_query())}
                                    aria-current={(i == index).then_some("step")}
                                    onclick={Callback::from(|_| MOVED.with(|m| m.set(true)))}>
                                    <span class="toc-tick" aria-hidden="true">{ if done { "✓" } else { "" } }</span>
                                    <span class="toc-title">{ s.title }</span>
                                    if done { <span class="visually-hidden">{ " (done)" }</span> }
                                </a>
                            </li>
                        }
                    }) }
                </ol>
                <button type="button" class="learn-forget"
                    onclick={{
                        let (on_action, forgotten, progress) = (on_action.clone(), forgotten.clone(), progress.shared());
                        Callback::from(move |_| {
                            forgotten.set(Some((*progress).clone()));
                            on_action.emit(Action::Forget);
                        })
                    }}>{ "Forget my progress" }</button>
                // Typed answers are work: forgetting them can be undone until the page goes.
                <p class="learn-forgotten" role="status">
                    if let Some(previous) = (*forgotten).clone() {
                        { "Progress forgotten. " }
                        <button type="button" onclick={{
                            let (on_action, forgotten) = (on_action.clone(), forgotten.clone());
                            Callback::from(move |_| {
                                on_action.emit(Action::Load(Box::new(previous.clone())));
                                forgotten.set(None);
                            })
                        }}>{ "Undo" }</button>
                    }
                </p>
            </nav>
            <div class="learn-main">
                { body }
                <nav class="learn-nav" aria-label="Step by step">
                    if index > 0 {
                        <button type="button" onclick={go(index - 1, false)}>{ "Previous step" }</button>
                    }
                    if index + 1 < STEPS.len() {
                        <button type="button" class="primary" onclick={go(index + 1, true)}>{ "Next step" }</button>
                    } else {
                        <button type="button" class="primary" onclick={go(0, true)}>{ "Back to the start" }</button>
                    }
                </nav>
            </div>
        </div>
    }
}
