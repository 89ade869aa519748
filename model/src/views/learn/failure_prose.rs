//! Step 6 ("When a server dies"): its sentences with figures, what the biggest catcher of
//! a dead server's keys gains at one point per server and at many.

use super::figures::biggest_catch;

/// At one point per server on `servers` servers: one neighbour catches it all.
pub fn one_neighbour(servers: usize) -> String {
    format!(
        "With one point per server, a single neighbour catches everything. On {servers} \
         servers, averaged over which one fails, the biggest catcher gains {:.2} of a fair \
         share: its load nearly doubles.",
        biggest_catch(servers, 1)
    )
}

/// At `points` points per server on `servers` servers: the keys spread over everyone.
pub fn scattered(servers: usize, points: u32) -> String {
    format!(
        "With {points} points per server the dead server's arcs are scattered round the \
         ring, so its keys spread over all the survivors. The biggest catcher gains only \
         {:.2} of a fair share.",
        biggest_catch(servers, points)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use ringlab_core::schemes::ring::HashRing;
    use ringlab_core::{numbered_servers, Partitioner};

    /// Counted on the core's ring: each arc of the dead server goes to the next point
    /// clockwise of another server; the biggest catcher's arcs over 1/N, averaged over
    /// which server dies.
    fn counted(servers: usize, points: u32) -> f64 {
        let scheme = HashRing::new(numbered_servers("s", servers), points).unwrap();
        let ring = scheme.ring().unwrap();
        let all = ring.points();
        let space = ring.space() as f64;
        let mut total = 0.0;
        for dead in 0..servers {
            let mut caught = vec![0u128; servers];
            for (i, point) in all.iter().enumerate() {
                if point.server != dead {
                    continue;
                }
                let catcher = (1..all.len())
                    .map(|step| all[(i + step) % all.len()].server)
                    .find(|&s| s != dead)
                    .unwrap();
                caught[catcher] += ring.arc_length(i);
            }
            let biggest = *caught.iter().max().unwrap() as f64 / space;
            total += biggest * servers as f64;
        }
        total / servers as f64
    }

    #[test]
    fn the_catchers_read_the_counted_arcs() {
        for servers in [16usize, 8] {
            assert_numbers(
                &one_neighbour(servers),
                &[servers as f64, counted(servers, 1)],
            );
        }
        for (servers, points) in [(16usize, 200u32), (8, 50)] {
            assert_numbers(
                &scattered(servers, points),
                &[f64::from(points), counted(servers, points)],
            );
        }
        // "Nearly doubles" at one point; a small part of a share at many.
        let one = counted(16, 1);
        assert!((0.6..1.5).contains(&one), "{one}");
        assert!(counted(16, 200) < 0.2);
    }
}
