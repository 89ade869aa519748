//! "Where does my key go?" (`#/systems`): paste a real system's configuration and some
//! keys, see each key's owner exactly as that system places it, and what one change moves.
//! The pure side is `ringlab_model::views::systems`; `view` is the page, `ring` draws the
//! picture, `table` the keys and the servers.

mod ring;
mod table;
mod view;

pub use view::Systems;
