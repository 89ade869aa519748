//! The lab: the experiments behind the lessons, run in the reader's browser.
//!
//! `params` is the URL state; `agree` figure 9's pairs of clients; `job` the text a worker is sent and the numbers it sends
//! back; `runs` what each figure runs, its table and the command line that reproduces it;
//! `series` the lines each plot draws; `prose` what a run found; `status` how far a run is; `shipped` the results the page opens with; `csv` the downloads the
//! command line has no table for. All pure: the workers and the page live in the app.

pub mod agree;
pub mod csv;
#[cfg(test)]
mod formulas;
pub mod job;
pub mod llm;
pub mod params;
pub mod prose;
pub mod runs;
pub mod series;
pub mod shipped;
pub mod sizes;
pub mod status;
