//! The coding dry run of interview prep: the trace of `add`, `remove` and
//! `get_server` calls, a prediction for each lookup, graded one at a time by the core's
//! ring with the reason; the score as it goes. Nothing of an answer shows before its
//! check; the checked picks are kept with the progress.

use ringlab_model::views::learn::dry_run::{answer, choices, grade, lookups, score, TRACE};
use ringlab_model::views::learn::dry_run_prose::{score_line, verdict};
use ringlab_model::views::learn::progress::Action;
use yew::prelude::*;

use crate::kit::browser::{focus_id, input_value};
use crate::kit::practice::PartProps;

#[component]
pub fn DryRun(props: &PartProps) -> Html {
    // Per lookup step: the pick not yet checked; a checked one is in the progress.
    let picks = use_state(|| vec![String::new(); TRACE.len()]);
    let checked = &props.progress.dry;
    let lookup_steps = lookups();
    let (_, done) = score(checked);
    let rows = TRACE.iter().enumerate().map(|(i, op)| {
        if answer(i).is_none() {
            return html! { <li class="dry-op"><code>{ op.code() }</code></li> };
        }
        let id = format!("dry-{i}");
        let onchange = {
            let picks = picks.clone();
            Callback::from(move |e: Event| {
                let mut next = (*picks).clone();
                next[i] = input_value(&e);
                picks.set(next);
            })
        };
        // The control goes once checked; the focus moves on to the next lookup's pick, or
        // to the score after the last.
        let after = lookup_steps
            .iter()
            .find(|&&j| j > i)
            .map_or("dry-score".to_string(), |j| format!("dry-{j}"));
        let pick = checked.get(&i).unwrap_or(&picks[i]).clone();
        let is_checked = checked.contains_key(&i);
        let check = {
            let on_action = props.on_action.clone();
            let pick = pick.clone();
            Callback::from(move |_: MouseEvent| {
                on_action.emit(Action::DryRun(i, pick.clone()));
                focus_id(&after);
            })
        };
        let graded = is_checked.then(|| {
            let ok = grade(i, &pick);
            html! {
                <p class={classes!("dry-verdict", if ok { "dry-right" } else { "dry-wrong" })}>
                    { verdict(i, &pick) }
                </p>
            }
        });
        html! {
            <li class="dry-op dry-lookup">
                <label for={id.clone()}><code>{ op.code() }</code>{ " returns" }</label>
                <select id={id} {onchange} disabled={is_checked}>
                    <option value="" selected={pick.is_empty()}>{ "Pick a server" }</option>
                    { for choices().into_iter().map(|c| html! {
                        <option value={c} selected={pick == c}>{ c }</option>
                    }) }
                </select>
                if !is_checked {
                    <button type="button" onclick={check} disabled={pick.is_empty()}>{ "Check" }</button>
                }
                { for graded }
            </li>
        }
    });
    html! {
        <section class="dry-run" aria-labelledby="dry-run-heading">
            <h2 id="dry-run-heading">{ "A coding dry run: get_server" }</h2>
            <p>
                { "The classic exercise, in your head: a ring on the 0..99 clock, one point per \
                   server, a key owned by the first server at or after it. Run the calls in order \
                   and say what each get_server returns." }
            </p>
            <ol class="dry-trace">{ for rows }</ol>
            <p id="dry-score" class="dry-score" role="status" tabindex="-1">
                { score_line(checked) }
            </p>
            if done > 0 {
                <button type="button" onclick={{
                    let (on_action, picks) = (props.on_action.clone(), picks.clone());
                    Callback::from(move |_: MouseEvent| {
                        picks.set(vec![String::new(); TRACE.len()]);
                        on_action.emit(Action::RetryDryRun);
                    })
                }}>{ "Start the dry run again" }</button>
            }
        </section>
    }
}
