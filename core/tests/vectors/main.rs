//! Every row of every reference vector file, checked natively and, under wasm32, in headless
//! Chromium (`wasm-pack`-free: `cargo test --target wasm32-unknown-unknown` with
//! wasm-bindgen-test-runner), so the browser places keys exactly as native code does.
//!
//! The files in `tests/data/` are copies of `shared/references/vectors/`, produced by the
//! real systems each first line names. Each submodule checks one file, except `removals`,
//! which checks schemes after removals against references kept in the test itself, and
//! `llm`, whose file an independent replay wrote (`scripts/vectors/llm-replay.py`).

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod cassandra;
mod clients;
mod envoy_rendezvous;
mod groupcache;
mod haproxy;
mod jump;
mod ketama;
mod llm;
mod maglev;
mod maglev_systems;
mod mcrouter;
mod nginx;
mod peer;
mod redis;
mod removals;
mod ring_hash;
mod spymemcached;
mod twemproxy;

/// One reference file: the header after `# ` and the rows as tab-separated fields.
pub struct Vectors {
    pub header: &'static str,
    pub rows: Vec<Vec<&'static str>>,
}

impl Vectors {
    /// Parses a file's text. An empty first field is the empty key.
    pub fn parse(text: &'static str) -> Vectors {
        let mut lines = text.lines();
        let header = lines
            .next()
            .and_then(|l| l.strip_prefix("# "))
            .expect("a vector file starts with a # header");
        let rows: Vec<Vec<&str>> = lines
            .filter(|l| !l.is_empty())
            .map(|l| l.split('\t').collect())
            .collect();
        assert!(!rows.is_empty(), "a vector file has rows");
        Vectors { header, rows }
    }

    /// The value of `name=...` in the header (up to the next space).
    pub fn header_field(&self, name: &str) -> &'static str {
        let prefix = format!("{name}=");
        self.header
            .split(' ')
            .find_map(|part| part.strip_prefix(prefix.as_str()))
            .unwrap_or_else(|| panic!("header has no {name}="))
    }

    /// Places every row's key in one batch and checks each owner's name against the row's
    /// second field: the batch path (`lookup_batch`) against the real system, beside the
    /// one key at a time checks.
    pub fn check_batch(&self, p: &dyn ringlab_core::Partitioner) {
        let keys: Vec<&[u8]> = self.rows.iter().map(|row| row[0].as_bytes()).collect();
        let mut owners = Vec::new();
        p.lookup_batch(&keys, &mut owners);
        for (row, owner) in self.rows.iter().zip(&owners) {
            let name = owner.map(|i| p.servers()[i].name.as_str());
            assert_eq!(name, Some(row[1]), "key {:?} in a batch", row[0]);
        }
    }

    /// The servers of the header, parsed as the command line parses them.
    pub fn servers(&self) -> Vec<ringlab_core::Server> {
        ringlab_core::parse_server_list(self.header_field("servers")).expect("header servers")
    }
}
