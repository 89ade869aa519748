//! `ketama-spy`: libmemcached's `MEMCACHED_DISTRIBUTION_CONSISTENT_KETAMA_SPY`, the
//! continuum spymemcached's `KetamaNodeLocator` builds, as libmemcached computes it: the
//! libketama continuum over the names Java writes for a node's address, `/host:port`
//! (points `/host:port-i`). Servers are given and answered as configured, without the
//! slash; the continuum is [`Libketama`]'s over the slashed names.

use super::ketama::Libketama;
use crate::{ConfigError, Partitioner, Ring, Server};

/// The KETAMA_SPY preset.
///
/// ```
/// use ringlab_core::{Partitioner, Server, schemes::ketama_spy::KetamaSpy};
/// let spy = KetamaSpy::new(vec![Server::new("10.0.1.1:11211"), Server::new("10.0.1.2:11211")]).unwrap();
/// assert_eq!(spy.servers()[0].name, "10.0.1.1:11211");
/// assert!(spy.lookup(b"key").is_some());
/// ```
#[derive(Debug, Clone)]
pub struct KetamaSpy {
    servers: Vec<Server>,
    inner: Libketama,
}

impl KetamaSpy {
    pub fn new(servers: Vec<Server>) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        let slashed = servers
            .iter()
            .map(|s| Server {
                name: format!("/{}", s.name),
                ..s.clone()
            })
            .collect();
        Ok(KetamaSpy {
            inner: Libketama::new(slashed)?,
            servers,
        })
    }
}

impl Partitioner for KetamaSpy {
    fn scheme(&self) -> &'static str {
        "ketama-spy"
    }
    fn servers(&self) -> &[Server] {
        &self.servers
    }
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        self.inner.key_hash(key)
    }
    fn lookup(&self, key: &[u8]) -> Option<usize> {
        self.inner.lookup(key)
    }
    fn candidates<'a>(&'a self, key: &[u8]) -> Box<dyn Iterator<Item = usize> + 'a> {
        self.inner.candidates(key)
    }
    fn load_shares(&self) -> Vec<f64> {
        self.inner.load_shares()
    }
    fn ring(&self) -> Option<&Ring> {
        self.inner.ring()
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = KetamaSpy::new(servers)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered_servers;

    /// Its shares are its ring's, as counted over 30,000 keys (5 binomial deviations).
    #[test]
    fn shares_are_the_counted_ones() {
        let spy = KetamaSpy::new(numbered_servers("10.0.0.", 3)).unwrap();
        let shares = spy.load_shares();
        assert_eq!(shares.len(), 3);
        assert!(
            (shares.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "{shares:?}"
        );
        let mut counts = [0usize; 3];
        for i in 0..30_000 {
            counts[spy.lookup(format!("key-{i}").as_bytes()).unwrap()] += 1;
        }
        for (count, share) in counts.iter().zip(&shares) {
            let deviation = (share * (1.0 - share) / 30_000.0).sqrt();
            assert!(
                (*count as f64 / 30_000.0 - share).abs() < 5.0 * deviation,
                "{counts:?} {shares:?}"
            );
        }
    }
}
