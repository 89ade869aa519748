//! Load, not keys: a ring balances the key space, but requests follow popularity. The
//! traffic model ([`traffic`]), each server's requests per second under any scheme, with
//! or without bounded loads ([`report`]), and the fixes for one hot key with their costs
//! ([`fixes`]).

pub mod cluster;
pub mod fixes;
pub mod report;
pub mod traffic;
