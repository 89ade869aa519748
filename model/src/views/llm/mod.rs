//! Routing LLM requests (`#/llm`): a real request trace replayed through a fleet of GPU
//! workers under every router at once, in the page's Web Worker; the page plays the
//! chosen router's minutes back (which worker took what, each cache filling, the share
//! of prompt blocks found cached) and sets every router side by side.

pub mod params;
pub mod presets;
pub mod prose;
pub mod run;
pub mod scene;
pub mod traces;
