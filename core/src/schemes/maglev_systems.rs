//! The Maglev tables of the systems people run, behind one door: Envoy's `MAGLEV`
//! ([`super::maglev`]), Cilium's ([`super::maglev_cilium`]), katran's `MaglevHash` and
//! `MaglevHashV2` ([`super::maglev_katran`]) and dgryski/go-maglev's
//! ([`super::maglev_go`]). Each takes its own names, table sizes and whole weights; this
//! module only chooses.
//!
//! ```
//! use ringlab_core::schemes::maglev_systems::MaglevSystem;
//! let list = |names: &[&str]| names.iter().map(|n| (n.to_string(), 1)).collect::<Vec<_>>();
//! let table = MaglevSystem::Cilium.table(&list(&["10.0.0.1:80", "10.0.0.2:80"]), 251).unwrap();
//! assert_eq!(table.len(), 251);
//! assert!(MaglevSystem::Cilium.table(&list(&["10.0.0.1:80"]), 257).is_err());
//! assert!(MaglevSystem::Katran.table(&list(&["10.0.0.1:80"]), 65537).is_err(), "katran takes IPs");
//! assert_eq!(MaglevSystem::Envoy.example_name(2), "10.0.0.3:80");
//! let go = MaglevSystem::GoMaglev.table(&list(&["backend-0", "backend-1", "backend-2"]), 7).unwrap();
//! assert_eq!(go, [1, 2, 0, 2, 0, 1, 0], "go-maglev's own example");
//! ```

use super::{maglev, maglev_cilium, maglev_go, maglev_katran};
use crate::{ConfigError, Server};

/// A system whose Maglev table ringlab builds exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaglevSystem {
    /// Envoy's `MAGLEV`: xxHash64 of the host names, weights as Envoy normalises them.
    Envoy,
    /// Cilium's (`ip:port[/TCP|UDP|SCTP]` backends, the default seed, weights 0 to 65535).
    Cilium,
    /// katran's `MaglevHash`, the library's default (IP-address reals).
    Katran,
    /// katran's `MaglevHashV2`: shares follow the weights.
    KatranV2,
    /// dgryski/go-maglev: SipHash-2-4 of the names, no weights.
    GoMaglev,
}

impl MaglevSystem {
    pub const ALL: [MaglevSystem; 5] = [
        MaglevSystem::Envoy,
        MaglevSystem::Cilium,
        MaglevSystem::Katran,
        MaglevSystem::KatranV2,
        MaglevSystem::GoMaglev,
    ];

    /// Its short name: `envoy`, `cilium`, `katran`, `katran-v2`, `go-maglev`.
    pub fn name(self) -> &'static str {
        match self {
            MaglevSystem::Envoy => "envoy",
            MaglevSystem::Cilium => "cilium",
            MaglevSystem::Katran => "katran",
            MaglevSystem::KatranV2 => "katran-v2",
            MaglevSystem::GoMaglev => "go-maglev",
        }
    }

    /// The table size the system uses unless told otherwise.
    pub fn default_table_size(self) -> u64 {
        match self {
            MaglevSystem::Envoy => maglev::DEFAULT_TABLE_SIZE,
            MaglevSystem::Cilium => maglev_cilium::DEFAULT_TABLE_SIZE,
            MaglevSystem::Katran | MaglevSystem::KatranV2 => maglev_katran::DEFAULT_TABLE_SIZE,
            MaglevSystem::GoMaglev => maglev_go::SMALL_M,
        }
    }

    /// True when the system builds a table of `size` slots (for some number of backends).
    pub fn allows_table_size(self, size: u64) -> bool {
        match self {
            MaglevSystem::Cilium => maglev_cilium::TABLE_SIZES.contains(&size),
            MaglevSystem::Envoy => size <= maglev::MAX_TABLE_SIZE && maglev::is_prime(size),
            MaglevSystem::Katran | MaglevSystem::KatranV2 => {
                size <= maglev_katran::MAX_TABLE_SIZE && maglev::is_prime(size)
            }
            MaglevSystem::GoMaglev => size <= maglev_go::BIG_M && maglev::is_prime(size),
        }
    }

    /// The largest weight the system takes.
    pub fn max_weight(self) -> u64 {
        match self {
            MaglevSystem::Cilium => u64::from(u16::MAX),
            MaglevSystem::GoMaglev => 1,
            _ => u64::from(u32::MAX),
        }
    }

    /// A backend name of the form the system takes, the `i`th (from 0) of a list:
    /// `10.0.0.1:80` for Envoy, Cilium and go-maglev, `10.0.0.1` for katran.
    pub fn example_name(self, i: usize) -> String {
        let host = format!("10.0.{}.{}", (i + 1) / 256, (i + 1) % 256);
        match self {
            MaglevSystem::Katran | MaglevSystem::KatranV2 => host,
            _ => format!("{host}:80"),
        }
    }

    /// The table: each slot's index into `list` (name and whole weight). Names, sizes and
    /// weights the system would refuse are refused with its reason.
    pub fn table(self, list: &[(String, u64)], size: u64) -> Result<Vec<usize>, ConfigError> {
        if let Some((name, weight)) = list.iter().find(|(_, w)| *w > self.max_weight()) {
            return Err(ConfigError::OutOfRange {
                what: "a Maglev weight",
                range: format!("0 to {}", self.max_weight()),
                value: format!("{weight} ({name})"),
            });
        }
        match self {
            MaglevSystem::Envoy => {
                let servers = list
                    .iter()
                    .map(|(name, weight)| Server::new(name.clone()).with_weight(*weight as f64))
                    .collect();
                Ok(maglev::Maglev::new(servers, size)?.table().to_vec())
            }
            MaglevSystem::Cilium => {
                let backends = list
                    .iter()
                    .map(|(name, weight)| maglev_cilium::Backend::parse(name, *weight as u16))
                    .collect::<Result<Vec<_>, _>>()?;
                maglev_cilium::table(&backends, size)
            }
            MaglevSystem::Katran | MaglevSystem::KatranV2 => {
                let reals = list
                    .iter()
                    .map(|(name, weight)| maglev_katran::Real::parse(name, *weight as u32))
                    .collect::<Result<Vec<_>, _>>()?;
                let fill = if self == MaglevSystem::KatranV2 {
                    maglev_katran::Fill::V2
                } else {
                    maglev_katran::Fill::V1
                };
                maglev_katran::table(&reals, size, fill)
            }
            MaglevSystem::GoMaglev => {
                if let Some((name, weight)) = list.iter().find(|(_, w)| *w != 1) {
                    return Err(ConfigError::OutOfRange {
                        what: "a go-maglev weight",
                        range: "1 (go-maglev takes no weights)".into(),
                        value: format!("{weight} ({name})"),
                    });
                }
                let names: Vec<String> = list.iter().map(|(name, _)| name.clone()).collect();
                maglev_go::table(&names, size, &[])
            }
        }
    }
}
