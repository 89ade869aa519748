//! The views, one folder each, named by their address (`#/ring` is `ring/`); each one's
//! pure side is the same folder under `ringlab_model::views`.

pub mod agree;
pub mod r#break;
pub mod clock;
pub mod compare;
pub mod cost;
pub mod grids;
pub mod index;
pub mod jump;
pub mod lab;
pub mod learn;
pub mod llm;
pub mod load;
pub mod maglev;
pub mod prep;
pub mod rendezvous;
pub mod ring;
pub mod slots;
pub mod systems;
