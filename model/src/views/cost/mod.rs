//! The resize cost panel, pure side: `params` (URL state) and `report` (the numbers as
//! text, and the prose explaining them).

pub mod params;
pub mod report;
