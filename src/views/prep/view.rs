//! Interview prep's page: a line on what it is for, the parts as tabs-like links (the part
//! is in the URL, `#/prep/<part>`), the part shown, then the candidate's progress so far.
//! The part comes before the progress, and on a phone the intro is one short line, so
//! that its first question is on the first screen. Embedded, it is the part alone.

use ringlab_model::views::learn::checkup::{self, Sitting};
use ringlab_model::views::learn::progress::Action;
use ringlab_model::views::prep::params::{Part, PrepParams};
use ringlab_model::views::prep::summary::summary;
use ringlab_model::ViewState;
use yew::prelude::*;

use super::cheat_sheet::CheatSheet;
use super::checkup::CheckUp;
use super::dry_run::DryRun;
use super::estimate::Estimation;
use super::followups::Followups;
use super::timed::TimedRun;
use crate::kit::hooks::url_out::use_url_out;
use crate::kit::notes::ViewNotes;
use crate::kit::practice::{storage, PartProps};
use crate::kit::store::Store;
use crate::kit::view_link::use_link_mode;
use crate::kit::view_props::ViewProps;

#[component]
pub fn Prep(props: &ViewProps) -> Html {
    let (params, notes) = PrepParams::from_query(&props.query);
    use_url_out(props, params.to_query());
    let links = use_link_mode();
    let notes = use_state(|| notes);
    let progress = use_reducer(|| Store::new(storage::load()));
    storage::use_saved(&progress);
    let skills = use_memo((), |_| checkup::skills());
    let part_props = PartProps {
        progress: progress.shared(),
        on_action: {
            let dispatch = progress.dispatcher();
            Callback::from(move |action: Action| dispatch.dispatch(action))
        },
    };

    let body = match params.part {
        Part::Before => {
            html! { <CheckUp key="before" sitting={Sitting::Before} skills={skills.clone()} part={part_props} /> }
        }
        Part::After => {
            html! { <CheckUp key="after" sitting={Sitting::After} skills={skills.clone()} part={part_props} /> }
        }
        Part::Followups => html! { <Followups ..part_props /> },
        Part::Timed => html! { <TimedRun ..part_props /> },
        Part::Estimate => html! { <Estimation ..part_props /> },
        Part::DryRun => html! { <DryRun ..part_props /> },
        Part::Sheet => html! { <CheatSheet ..part_props /> },
    };
    let part_notes = html! {
        <ViewNotes notes={(*notes).clone()} on_dismiss={{
            let notes = notes.clone();
            Callback::from(move |_| notes.set(Vec::new()))
        }} />
    };
    if props.embed {
        return html! { <div class="prep prep-embed">{ part_notes }{ body }</div> };
    }

    let done = summary(&skills, &progress);
    html! {
        <div class="prep">
            { part_notes }
            <p class="prep-intro">
                // On a phone only the second sentence shows (prep.css): the title and the
                // part's own intro say what it is for, and question 1 fits the first screen.
                <span class="prep-intro-what">
                    { "Practice for the consistent-hashing question of a system-design \
                       interview, one part at a time. " }
                </span>
                { "Your answers stay in this browser." }
            </p>
            <nav class="prep-parts" aria-label="Parts">
                <ul>
                    { for Part::ALL.into_iter().map(|part| html! {
                        <li>
                            <a href={links.own(PrepParams { part }.to_query())}
                                aria-current={(part == params.part).then_some("page")}>
                                { part.title() }
                            </a>
                        </li>
                    }) }
                </ul>
            </nav>
            <div class="prep-part">{ body }</div>
            <section class="prep-status" aria-labelledby="prep-status-heading">
                <h2 id="prep-status-heading">{ "Your progress" }</h2>
                <ul class="prep-progress" aria-label="Your progress">
                    { for done.iter().map(|(part, said)| html! {
                        <li><span class="prep-progress-part">{ part.title() }</span>{ format!(": {said}") }</li>
                    }) }
                </ul>
            </section>
        </div>
    }
}
