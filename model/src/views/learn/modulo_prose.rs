//! Steps 1 and 2 (the hook and modulo): their sentences with figures, what `hash mod N`
//! keeps when 8 servers become 9 and when the grids' 16 become 17 or 32, against the
//! ring's share.

use ringlab_core::analysis::theory::{modulo_kept_per_period, modulo_moved, ring_moved};

use super::figures::modulo_stays;
use super::steps::{MODULO_FROM, MODULO_TO};
use crate::format::percent;

/// The hook's choices for the share of keys that keeps its server going 8 -> 9, each
/// with whether it is right.
pub fn hook_choices() -> Vec<(String, bool)> {
    let modulo = modulo_stays(8);
    let ring = 1.0 - ring_moved(8, 9).value();
    vec![
        (format!("Almost all: about {}", percent(ring)), false),
        ("About half".to_string(), false),
        (
            format!("Almost none: about {} ({modulo})", percent(modulo.value())),
            true,
        ),
    ]
}

/// After the hook is answered: what modulo keeps, 8 -> 9, and why.
pub fn hook_modulo() -> String {
    let (kept, period) = modulo_kept_per_period(8, 9);
    format!(
        "Under modulo only {} of the keys stay. A key stays only when its hash gives the \
         same remainder for 8 and for 9. In every run of {period} hashes that happens for \
         {kept}: the ones below 8.",
        modulo_stays(8)
    )
}

/// After the hook: what the ring moves, 8 -> 9.
pub fn hook_ring() -> String {
    let moved = ring_moved(8, 9);
    format!(
        "On a ring it is the other way round: only the new server's share moves, {moved}. \
         The other {} stay where they were.",
        percent(1.0 - moved.value())
    )
}

/// Above the grids: what modulo moves from `MODULO_FROM` to `MODULO_TO` servers.
pub fn grids_move() -> String {
    let one = modulo_moved(MODULO_FROM, MODULO_TO);
    format!(
        "Below, {MODULO_FROM} servers become {MODULO_TO}. A lit cell is a key that moved: \
         expect all but 1 in {MODULO_TO}, that is {one} ({}).",
        percent(one.value())
    )
}

/// The way out: doubling moves half the keys, each to one new partner.
pub fn grids_double() -> String {
    let double = 2 * MODULO_FROM;
    format!(
        "There is one way out. Press “Double {MODULO_FROM} → {double}”: if the fleet only \
         ever doubles, modulo moves exactly {} of the keys. The hash mod {double} is either \
         the hash mod {MODULO_FROM}, or that plus {MODULO_FROM}. So each old server hands \
         half its keys to one new partner, and nothing else moves.",
        modulo_moved(MODULO_FROM, double)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;

    /// Hashes of one period (0 to lcm - 1) that keep their server from `a` to `b`
    /// servers, and the period: counted one by one.
    fn kept(a: u64, b: u64) -> (u64, u64) {
        let mut period = a;
        while period % b != 0 {
            period += a;
        }
        (
            (0..period).filter(|h| h % a == h % b).count() as u64,
            period,
        )
    }

    /// `p/q` in lowest terms, as the sentence writes it.
    fn lowest(p: u64, q: u64) -> [f64; 2] {
        let d = (1..=p.min(q).max(1))
            .rev()
            .find(|d| p % d == 0 && q % d == 0)
            .unwrap_or(1);
        [(p / d) as f64, (q / d) as f64]
    }

    #[test]
    fn the_hook_reads_the_counted_hashes() {
        let (stay, period) = kept(8, 9);
        assert_eq!((stay, period), (8, 72));
        let stays = stay as f64 / period as f64;
        let choices = hook_choices();
        assert_eq!(choices.len(), 3);
        // The ring keeps 8 of 9.
        assert_numbers(&choices[0].0, &[8.0 / 9.0]);
        assert!(!choices[0].1 && !choices[1].1 && choices[2].1);
        let [p, q] = lowest(stay, period);
        assert_numbers(&choices[2].0, &[stays, p, q]);
        assert_numbers(
            &hook_modulo(),
            &[p, q, 8.0, 9.0, period as f64, stay as f64, 8.0],
        );
        // The ring moves the newcomer's 1 in 9 and keeps the rest.
        assert_numbers(&hook_ring(), &[1.0, 9.0, 8.0 / 9.0]);
    }

    #[test]
    fn the_grids_read_the_counted_hashes() {
        let (from, to) = (MODULO_FROM as u64, MODULO_TO as u64);
        assert_eq!((from, to), (16, 17));
        let (stay, period) = kept(from, to);
        let moved = period - stay;
        let [p, q] = lowest(moved, period);
        assert_numbers(
            &grids_move(),
            &[16.0, 17.0, 1.0, 17.0, p, q, moved as f64 / period as f64],
        );
        let (stay, period) = kept(from, 2 * from);
        let [p, q] = lowest(period - stay, period);
        assert_eq!([p, q], [1.0, 2.0]);
        assert_numbers(&grids_double(), &[16.0, 32.0, p, q, 32.0, 16.0, 16.0]);
    }
}
