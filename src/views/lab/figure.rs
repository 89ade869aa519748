//! One lab figure: what it asks, Run and Cancel, the progress bar with its estimate, the
//! plot, its table twin, the downloads and the command that prints the same table.

use std::rc::Rc;

use ringlab_model::views::lab::series::Chart;
use ringlab_model::views::lab::status::{
    before_running, finished, percent_done, running as under_way, Before,
};
use yew::prelude::*;

use super::export;
use crate::kit::browser;
use crate::kit::pictures::xy_plot::XyPlot;
use crate::kit::png;
use crate::kit::workers::Status;

/// A run as the figure shows it.
#[derive(Debug, Clone, PartialEq)]
pub enum Progress {
    /// Not run in this page yet (or its results no longer match the link): the rows
    /// shown, if any, are the shipped ones.
    Idle(Before),
    Running {
        /// Jobs answered, and all the jobs.
        done: usize,
        jobs: usize,
        remaining_ms: Option<f64>,
    },
    Ended {
        status: Status,
        elapsed_ms: f64,
        /// Each finished stage, named, and its time in ms.
        stages: Vec<(&'static str, f64)>,
    },
}

#[derive(Properties, PartialEq)]
pub struct FigureProps {
    pub number: u64,
    pub title: &'static str,
    /// What the figure shows and what to look for: prose.
    pub about: Html,
    pub chart: Rc<Chart>,
    /// The data-table twin, without its caption.
    pub table: Html,
    /// The table as CSV, the command line's columns and digits.
    pub csv: Rc<String>,
    /// The commands that print the same tables.
    pub commands: Rc<Vec<String>>,
    /// `None` for a figure computed at once from formulas: no Run, no progress.
    #[prop_or_default]
    pub progress: Option<Progress>,
    /// What this run's results say, once there are some.
    #[prop_or_default]
    pub finding: Option<String>,
    #[prop_or_default]
    pub on_run: Callback<()>,
    #[prop_or_default]
    pub on_cancel: Callback<()>,
}

#[component]
pub fn Figure(props: &FigureProps) -> Html {
    let plot_node = use_node_ref();
    let name = format!("Figure {}. {}", props.number, props.title);
    let file = format!("ringlab-lab-figure-{}", props.number);
    let running = matches!(props.progress, Some(Progress::Running { .. }));
    let button = if running {
        let cancel = props.on_cancel.clone();
        html! { <button type="button" class="lab-cancel" onclick={move |_| cancel.emit(())}>{ "Cancel" }</button> }
    } else {
        let run = props.on_run.clone();
        html! { <button type="button" class="lab-run" onclick={move |_| run.emit(())}>{ "Run" }</button> }
    };
    // The bar's whole percent, and the sentence beside it.
    let idle = Progress::Idle(Before::Machine);
    let (percent, said) = match props.progress.as_ref().unwrap_or(&idle) {
        Progress::Idle(before) => (0, before_running(*before)),
        Progress::Running {
            done,
            jobs,
            remaining_ms,
        } => (
            percent_done(*done, *jobs),
            under_way(*done, *jobs, *remaining_ms),
        ),
        Progress::Ended {
            status,
            elapsed_ms,
            stages,
        } => match status {
            Status::Done => (100, finished(*elapsed_ms, stages)),
            Status::Cancelled => (
                0,
                "Cancelled. The rows finished before are kept.".to_string(),
            ),
            Status::Failed(why) => (0, format!("Stopped: {why}.")),
            Status::Running => (0, String::new()),
        },
    };
    let on_csv = {
        let (csv, file) = (props.csv.clone(), file.clone());
        Callback::from(move |_: MouseEvent| {
            browser::download(&format!("{file}.csv"), "text/csv", &csv);
        })
    };
    let plot = {
        let node = plot_node.clone();
        move || {
            node.cast::<web_sys::Element>()
                .and_then(|holder| holder.query_selector("svg.xy-plot").ok().flatten())
        }
    };
    // The files: the plot with the figure's title and legend.
    let copy = {
        let (chart, name) = (props.chart.clone(), name.clone());
        move || {
            let svg = plot()?;
            let (copy, width, height) = export::figure_copy(&svg, &chart, &name)?;
            Some((svg, copy, (width, height)))
        }
    };
    let on_svg = {
        let (copy, file) = (copy.clone(), file.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some((_, copy, _)) = copy() {
                browser::download(&format!("{file}.svg"), "image/svg+xml", &copy.outer_html());
            }
        })
    };
    let on_png = {
        let file = file.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some((svg, copy, size)) = copy() {
                png::download_png(&copy, size, &png::backdrop(&svg), &format!("{file}.png"));
            }
        })
    };
    let empty = props.chart.lines.is_empty();
    html! {
        <section class="lab-figure" aria-label={name.clone()}>
            <h2>{ name.clone() }</h2>
            { props.about.clone() }
            if props.progress.is_some() {
            <div class="lab-run-row">
                { button }
                <div class="lab-progress" role="progressbar" aria-label={format!("Figure {} progress", props.number)}
                    aria-valuemin="0" aria-valuemax="100" aria-valuenow={percent.to_string()} aria-valuetext={said.clone()}>
                    // A rect's width, not a style: the page's Content-Security-Policy refuses
                    // inline styles.
                    <svg class="lab-progress-bar" viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true">
                        <rect width={percent.to_string()} height="1" />
                    </svg>
                </div>
                <p class="lab-status" aria-live="polite">{ said }</p>
            </div>
            }
            if let Some(finding) = &props.finding {
                <p class="lab-finding">{ finding.clone() }</p>
            }
            <div ref={plot_node} class="lab-plot">
                <XyPlot chart={props.chart.clone()} label={name.clone()} />
            </div>
            <div class="lab-downloads">
                <button type="button" onclick={on_csv} disabled={empty}>{ "Download CSV" }</button>
                <button type="button" onclick={on_svg} disabled={empty}>{ "Download SVG" }</button>
                <button type="button" onclick={on_png} disabled={empty}>{ "Download PNG" }</button>
            </div>
            <details class="lab-table">
                <summary>{ "The numbers" }</summary>
                <div class="lab-scroll" tabindex="0" role="region" aria-label={format!("Figure {} table", props.number)}>
                    <table>
                        <caption>{ name }</caption>
                        { props.table.clone() }
                    </table>
                </div>
            </details>
            if !props.commands.is_empty() {
                <p class="lab-command-intro">{ "The same table on the command line (tab-separated):" }</p>
                { for props.commands.iter().map(|c| html! { <pre class="lab-command"><code>{ c.clone() }</code></pre> }) }
            }
        </section>
    }
}
