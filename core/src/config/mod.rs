//! Configuration files of the real systems, read into the schemes that place keys as they
//! do: paste a config, see where your keys go.

pub mod haproxy;
