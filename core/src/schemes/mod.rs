//! One module per scheme, each opening with the paper or system it follows.

pub mod ring;
