//! The names the views give servers and keys: `A` to `Z` then `S27`, `S28`, ... for
//! servers, and `user:<n>` for keys, the same in every view so that a link from one view
//! to another shows the same cluster.

/// The `i`-th default server name: A to Z, then S27, S28, ...
pub fn server_name(i: usize) -> String {
    match u8::try_from(i) {
        Ok(i) if i < 26 => char::from(b'A' + i).to_string(),
        _ => format!("S{}", i + 1),
    }
}

/// The first default server name not in `taken`.
pub fn free_server_name<'a>(taken: impl Iterator<Item = &'a str> + Clone) -> String {
    (0..)
        .map(server_name)
        .find(|name| taken.clone().all(|t| t != name))
        .unwrap_or_default()
}

/// The names of the `count` keys for `seed`: `user:<n>`, with distinct numbers below about
/// a million picked by an affine map modulo a prime (a permutation, so no repeats).
pub fn key_names(seed: u64, count: usize) -> Vec<String> {
    const PRIME: u64 = 1_000_003;
    let a = 1 + splitmix(seed) % (PRIME - 1);
    let b = splitmix(seed ^ 0x5EED) % PRIME;
    (0..count as u64)
        .map(|i| {
            let n = ((a as u128 * i as u128 + b as u128) % PRIME as u128) as u64;
            format!("user:{n}")
        })
        .collect()
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Names as a list in prose: "A", "A and B", "A, B and C" ("no server" for none).
pub fn list_names(names: &[String]) -> String {
    match names {
        [] => "no server".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn servers_are_lettered_then_numbered() {
        assert_eq!(server_name(0), "A");
        assert_eq!(server_name(25), "Z");
        assert_eq!(server_name(26), "S27");
        assert_eq!(free_server_name(["A", "C"].into_iter()), "B");
    }

    #[test]
    fn names_are_listed_with_and() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(list_names(&[]), "no server");
        assert_eq!(list_names(&names(&["A"])), "A");
        assert_eq!(list_names(&names(&["A", "B"])), "A and B");
        assert_eq!(list_names(&names(&["A", "B", "C"])), "A, B and C");
    }

    #[test]
    fn key_names_are_distinct_and_seeded() {
        let a = key_names(7, 10_000);
        let mut sorted = a.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 10_000);
        assert_eq!(key_names(7, 3), a[..3]);
        assert_ne!(key_names(8, 3), a[..3]);
    }
}
