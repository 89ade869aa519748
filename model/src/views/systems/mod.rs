//! "Where does my key go?" (`#/systems`): a real system's configuration or server list,
//! pasted keys, each key's owner exactly as that system places it, and what a change of
//! one server moves.
//!
//! `system` (the systems and their examples), `params` (URL state), `outcome` (the table,
//! shares and the change, all from `ringlab_core::config`), `picture` (the ring's arcs),
//! `csv` (the export) and `prose` (the sentences with figures) are pure and tested
//! natively.

pub mod csv;
pub mod outcome;
pub mod page;
pub mod params;
pub mod picture;
pub mod prose;
pub mod system;
