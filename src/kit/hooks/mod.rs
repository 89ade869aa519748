//! The custom hooks the views share: the state to the URL, an element's width, whether
//! it is on screen, work spread over tasks, and colour scheme changes.

pub mod element_width;
pub mod in_turn;
pub mod linked;
pub mod scheme;
pub mod url_out;
pub mod visible;
