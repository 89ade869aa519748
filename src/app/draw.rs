//! What draws each view: one line a view, naming its path in [`crate::registry::VIEWS`], its
//! component and its URL parameters. The view's bundle is read from the table while
//! compiling, so it is named once; a build for another bundle leaves the component out.
//! Only the shell (`app/mod.rs`) and the tests read this module.

use ringlab_model::view_state::{UrlState, ViewInfo};
use ringlab_model::views::agree::params::AgreeParams;
use ringlab_model::views::clock::params::ClockParams;
use ringlab_model::views::compare::params::CompareParams;
use ringlab_model::views::cost::params::CostParams;
use ringlab_model::views::grids::params::GridsParams;
use ringlab_model::views::index::{IndexParams, INDEX_PATH};
use ringlab_model::views::jump::params::JumpParams;
use ringlab_model::views::lab::params::LabParams;
use ringlab_model::views::learn::params::LearnParams;
use ringlab_model::views::llm::params::LlmParams;
use ringlab_model::views::load::params::LoadParams;
use ringlab_model::views::maglev::params::MaglevParams;
use ringlab_model::views::prep::params::PrepParams;
use ringlab_model::views::r#break::params::BreakParams;
use ringlab_model::views::rendezvous::params::RendezvousParams;
use ringlab_model::views::ring::params::PlaygroundParams;
use ringlab_model::views::slots::params::SlotsParams;
use ringlab_model::views::systems::params::SystemsParams;
use yew::prelude::*;

use crate::kit::view_props::ViewProps;
use crate::registry::{built, bundle_of};
use crate::views::agree::AgreeView;
use crate::views::clock::ClockExample;
use crate::views::compare::CompareView;
use crate::views::cost::CostPanel;
use crate::views::grids::Grids;
use crate::views::index::Index;
use crate::views::jump::JumpView;
use crate::views::lab::LabView;
use crate::views::learn::Learn;
use crate::views::llm::LlmView;
use crate::views::load::LoadView;
use crate::views::maglev::MaglevView;
use crate::views::prep::Prep;
use crate::views::r#break::BreakIt;
use crate::views::rendezvous::RendezvousView;
use crate::views::ring::Playground;
use crate::views::slots::Slots;
use crate::views::systems::Systems;

/// A view this build draws: its component, and its URL state (link repair and
/// parameter table, for the tests).
pub struct Drawn {
    pub render: fn(&ViewProps) -> Html,
    pub url: UrlState,
}

/// A registration: the view's path, and how it is drawn when this build has its bundle.
pub struct Registered {
    pub path: &'static str,
    pub drawn: Option<Drawn>,
}

fn render<C: BaseComponent<Properties = ViewProps>>(props: &ViewProps) -> Html {
    html! { <C ..props.clone() /> }
}

/// One registration line: the path, the component, the parameters. The bundle comes
/// from the table; when this build lacks it, nothing refers to the component and the
/// linker leaves it out of this build's wasm.
macro_rules! view {
    ($path:expr, $component:ty, $params:ty) => {
        Registered {
            path: $path,
            drawn: if built(bundle_of($path)) {
                Some(Drawn {
                    render: render::<$component>,
                    url: UrlState::of::<$params>(),
                })
            } else {
                None
            },
        }
    };
}

/// Every view's drawing, one line each.
pub static REGISTERED: &[Registered] = &[
    view!("ring", Playground, PlaygroundParams),
    view!("grids", Grids, GridsParams),
    view!("clock", ClockExample, ClockParams),
    view!("cost", CostPanel, CostParams),
    view!("learn", Learn, LearnParams),
    view!("prep", Prep, PrepParams),
    view!("systems", Systems, SystemsParams),
    view!("agree", AgreeView, AgreeParams),
    view!("llm", LlmView, LlmParams),
    view!("load", LoadView, LoadParams),
    view!("break", BreakIt, BreakParams),
    view!("rendezvous", RendezvousView, RendezvousParams),
    view!("jump", JumpView, JumpParams),
    view!("maglev", MaglevView, MaglevParams),
    view!("slots", Slots, SlotsParams),
    view!("compare", CompareView, CompareParams),
    view!("lab", LabView, LabParams),
    view!(INDEX_PATH, Index, IndexParams),
];

/// How `view` is drawn in this build, if this build has its bundle.
pub fn drawn(view: &ViewInfo) -> Option<&'static Drawn> {
    REGISTERED
        .iter()
        .find(|registered| registered.path == view.path)
        .and_then(|registered| registered.drawn.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::VIEWS;

    /// The table and the drawing agree: every view of the table is registered exactly
    /// once, nothing else is, and a build for no one bundle draws them all.
    #[test]
    fn every_view_of_the_table_is_drawn_once() {
        for info in VIEWS {
            let lines = REGISTERED.iter().filter(|r| r.path == info.path).count();
            assert_eq!(lines, 1, "{} is registered {lines} times", info.path);
            assert!(drawn(info).is_some(), "{}", info.path);
        }
        assert_eq!(REGISTERED.len(), VIEWS.len());
    }

    /// Only the shell reads the drawing side: no other file under src/ names it.
    #[test]
    fn only_the_shell_imports_the_render_side() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let here = src.join("app");
        let mut readers = Vec::new();
        let mut folders = vec![src.clone()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") && !path.starts_with(&here) {
                    let text = std::fs::read_to_string(&path).unwrap();
                    let code = text.lines().filter(|l| !l.trim_start().starts_with("//"));
                    if code.into_iter().any(|line| line.contains("app::draw")) {
                        readers.push(path.strip_prefix(&src).unwrap().display().to_string());
                    }
                }
            }
        }
        readers.sort();
        assert_eq!(
            readers,
            Vec::<String>::new(),
            "only the shell, app/, draws views"
        );
    }
}
