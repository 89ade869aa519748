//! The Redis slots component: the masters and the keys box, the keys' slots, the 128 x 128
//! map with its slot cursor and readout, the move under way with what a client sees, the
//! masters' ranges as a table (the map's text twin) and why there are 16,384 slots.

use ringlab_model::linked::Edit;
use ringlab_model::views::slots::params::SlotsParams;
use ringlab_model::views::slots::scene::Scene;
use yew::prelude::*;

use super::cluster::cluster_controls;
use super::keys::keys;
use super::map::SlotMap;
use super::resharding::resharding;
use super::twin::{twin, why};
use crate::kit::hooks::linked::use_linked;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::view_props::ViewProps;

#[component]
pub fn Slots(props: &ViewProps) -> Html {
    let state = use_linked::<SlotsParams>(props);
    let dispatch = state.dispatcher();
    let params = state.params.clone();
    let scene = use_memo(params.clone(), Scene::new);
    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
    };

    html! {
        <section class={classes!("slots", props.embed.then_some("sl-embed"))} aria-label="Redis slots">
            { notes }
            if !props.embed {
                <p class="sl-intro">
                    { "Redis Cluster does not hash keys onto a ring. It cuts the key space into 16,384 \
                       slots: a key's slot is CRC16 of the key, kept to 14 bits, and each master owns \
                       whole slots. Growing or shrinking the cluster means handing slots from one \
                       master to another." }
                </p>
            }
            if props.controls { { cluster_controls(&params, &dispatch) } }
            <div class="sl-main">
                <SlotMap scene={scene.clone()} params={params.clone()} dispatch={dispatch.clone()} controls={props.controls} />
                <div class="sl-side">
                    { keys(&scene) }
                    { resharding(&params, &scene, &dispatch, props.controls) }
                </div>
            </div>
            { twin(&scene) }
            { why() }
        </section>
    }
}
