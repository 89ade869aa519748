//! Each view's pure side (URL state, reducer, geometry, prose), one folder each, named
//! by the view's address as the app's `src/views/` is.

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
