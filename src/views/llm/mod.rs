//! Routing LLM requests: a real trace replayed through a fleet under every router. The pure
//! side is in `ringlab_model::views::llm`; here the replays on the workers (`runner`), the
//! controls (`controls`), the ring and the caches (`stage`), the plots over time (`plots`),
//! the routers side by side (`table`) and the component (`view`).

mod controls;
mod plots;
mod runner;
mod stage;
mod table;
pub mod view;

pub use view::LlmView;
