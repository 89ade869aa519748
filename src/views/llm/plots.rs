//! The llm view's two plots over the trace's time, drawn up to the moment shown: the share
//! of blocks found cached, and the busiest worker's requests over the mean of the workers
//! in the fleet then, per stretch.

use std::rc::Rc;

use ringlab_model::views::llm::params::LlmParams;
use ringlab_model::views::llm::run::{RouterRun, STEPS};
use yew::prelude::*;

use crate::kit::pictures::plot::Plot;

#[derive(Properties, PartialEq)]
pub struct PlotsProps {
    pub run: Rc<RouterRun>,
    pub params: LlmParams,
    pub step: usize,
}

#[component]
pub fn Plots(props: &PlotsProps) -> Html {
    let played = &props.run.stretches[..props.step.min(props.run.stretches.len())];
    let cached: Vec<f64> = played.iter().map(|s| s.cached_share()).collect();
    let busiest: Vec<f64> = (0..played.len())
        .map(|i| props.run.busiest_in(i, &props.params))
        .collect();
    let cursor = props.step.saturating_sub(1);
    html! {
        <div class="llm-plots">
            <Plot values={Rc::new(cached)} y_label="blocks found cached" share={true} top={Some(1.0)}
                {cursor} span={Some(STEPS)} x_label="stretches of the trace" label="The share of prompt blocks found cached, stretch by stretch" />
            <Plot values={Rc::new(busiest)} y_label="busiest / mean" limit={Some((1.0, "even"))}
                {cursor} span={Some(STEPS)} x_label="stretches of the trace" label="The busiest worker's requests over the mean, stretch by stretch" />
        </div>
    }
}
