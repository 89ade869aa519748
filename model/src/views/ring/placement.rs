//! Where the keys go: the placement of the playground's keys on its servers, made only by
//! `ringlab-core`, and what a change of cluster moved.
//!
//! A dragged point is an override of the position the scheme hashed: the playground then
//! builds a [`Ring`] of its own from the scheme's points with those positions replaced
//! ([`override_positions`]) and looks keys up on it with the scheme's key hash.

use std::rc::Rc;

use ringlab_core::analysis::failure::{catchers_between, ring_catchers};
use ringlab_core::analysis::theory;
use ringlab_core::movement::{exact_moved_share, Move, Movement};
use ringlab_core::{build, Options, Partitioner, Point, Ring, SchemeKind, Server, Ties};

use super::params::{micro_to_position, PlaygroundParams};
use crate::format::percent;

/// Above this many points (both rings together) a configuration change skips the exact
/// moved share.
pub const EXACT_SHARE_POINTS: usize = 400_000;

/// The scheme's ring with the first point of some servers moved: `at[s]` is the position
/// of live server `s`'s point 0, in millionths of a turn.
pub fn override_positions(ring: &Ring, at: &[Option<u32>]) -> Ring {
    let points: Vec<Point> = ring
        .points()
        .iter()
        .map(|p| match at.get(p.server).copied().flatten() {
            Some(micro) if p.vnode == 0 => Point {
                position: micro_to_position(micro, ring.bits()),
                ..*p
            },
            _ => *p,
        })
        .collect();
    Ring::new(points, ring.bits(), Ties::Keep)
}

/// The keys placed on the live servers.
pub struct Placement {
    /// The servers that are up, as the scheme was given them.
    pub servers: Vec<Server>,
    /// For each live server, its index in the parameters' server list (its colour).
    pub ids: Vec<usize>,
    /// The scheme, when it could be built: shared with the placement before when the live
    /// servers are the same, derived from its scheme when one server went or came.
    scheme: Option<Rc<dyn Partitioner>>,
    /// The scheme's kind and virtual nodes, which a derived scheme must share.
    kind: SchemeKind,
    vnodes: u32,
    /// The ring with dragged points, or an empty ring when the scheme failed.
    own_ring: Option<Ring>,
    /// Each key's position (`None`: the scheme refuses the key).
    pub hashes: Vec<Option<u64>>,
    /// Each key's owner, a live server index.
    pub owners: Vec<Option<usize>>,
    /// The exact share of the ring each live server owns.
    pub shares: Vec<f64>,
    /// Why the scheme could not be built.
    pub error: Option<String>,
}

impl Placement {
    /// Places `keys` as `params` say.
    pub fn new(params: &PlaygroundParams, keys: &[String]) -> Placement {
        Placement::make(None, params, keys)
    }

    /// Places `keys` as `params` say, starting from the placement `before`: exactly what
    /// [`Placement::new`] gives, made faster where the live servers differ from before's
    /// by one server taken out or put in (a failure, a removal, a restore, a join), with the
    /// same scheme and virtual nodes and no dragged points. The scheme is then derived
    /// from before's ([`Partitioner::derive_without`], [`Partitioner::derive_with`]: a
    /// ring of a million points is filtered or merged, not hashed and sorted again), or
    /// shared with it when the live servers are the same (a failed server removed, other
    /// keys).
    pub fn after(before: &Placement, params: &PlaygroundParams, keys: &[String]) -> Placement {
        Placement::make(Some(before), params, keys)
    }

    fn make(before: Option<&Placement>, params: &PlaygroundParams, keys: &[String]) -> Placement {
        let mut servers = Vec::new();
        let mut ids = Vec::new();
        let mut at = Vec::new();
        for (id, s) in params.servers.iter().enumerate().filter(|(_, s)| !s.failed) {
            let mut server = Server::new(s.name.clone()).with_weight(s.weight);
            server.rack = s.rack.clone();
            servers.push(server);
            ids.push(id);
            at.push(if params.draggable() { s.at } else { None });
        }
        let kind = params.scheme.kind();
        let vnodes = params.vnodes.max(1);
        let options = Options {
            vnodes,
            ..Options::default()
        };
        let dragged = at.iter().any(Option::is_some);
        let derived = before
            .filter(|b| !dragged && b.kind == kind && b.vnodes == vnodes && !b.overridden())
            .and_then(|b| derive(b.scheme.as_ref()?, &b.servers, &servers));
        let built = match derived {
            Some(scheme) => Ok(scheme),
            None => build(kind, servers.clone(), &options).map(Rc::from),
        };
        let (scheme, own_ring, error) = match built {
            Ok(scheme) => {
                let own = match scheme.ring() {
                    Some(ring) if at.iter().any(Option::is_some) => {
                        Some(override_positions(ring, &at))
                    }
                    Some(_) => None,
                    None => Some(Ring::new(Vec::new(), 64, Ties::Keep)),
                };
                (Some(scheme), own, None)
            }
            Err(e) => (
                None,
                Some(Ring::new(Vec::new(), 64, Ties::Keep)),
                Some(e.to_string()),
            ),
        };
        let mut placement = Placement {
            servers,
            ids,
            scheme,
            kind,
            vnodes,
            own_ring,
            hashes: Vec::new(),
            owners: Vec::new(),
            shares: Vec::new(),
            error,
        };
        placement.hashes = keys
            .iter()
            .map(|k| placement.scheme.as_ref()?.key_hash(k.as_bytes()))
            .collect();
        let ring = placement.ring();
        // Every key at once (a refused key, with no hash, has no owner).
        let mut owners = vec![None; placement.hashes.len()];
        ring.owners_where_hashed(&placement.hashes, &mut owners);
        let shares = ring.shares(placement.servers.len());
        placement.owners = owners;
        placement.shares = shares;
        placement
    }

    /// The ring keys are looked up on.
    pub fn ring(&self) -> &Ring {
        match (&self.own_ring, &self.scheme) {
            (Some(ring), _) => ring,
            (None, Some(scheme)) => scheme.ring().expect("ring schemes have rings"),
            (None, None) => unreachable!("a placement without a scheme has its own ring"),
        }
    }

    /// True when some point was dragged away from its hashed position.
    pub fn overridden(&self) -> bool {
        self.scheme.is_some() && self.own_ring.is_some()
    }

    /// The live index of the server with parameter index `id`.
    pub fn live(&self, id: usize) -> Option<usize> {
        self.ids.iter().position(|&i| i == id)
    }

    /// The name of key `key`'s owner.
    pub fn owner_name(&self, key: usize) -> Option<&str> {
        let owner = self.owners.get(key).copied().flatten()?;
        Some(self.servers[owner].name.as_str())
    }

    /// The fraction of a turn where live server `server`'s point 0 sits.
    pub fn point_fraction(&self, server: usize) -> Option<f64> {
        let ring = self.ring();
        ring.points()
            .iter()
            .find(|p| p.server == server && p.vnode == 0)
            .map(|p| ring.fraction(p.position))
    }

    /// The fraction of a turn of the point that owns key `key`.
    pub fn owner_point_fraction(&self, key: usize) -> Option<f64> {
        let ring = self.ring();
        let hash = self.hashes.get(key).copied().flatten()?;
        let index = ring.successor(hash)?;
        Some(ring.fraction(ring.points()[index].position))
    }
}

/// The scheme for the servers `new`, from `scheme` made for `old`, when they are the same
/// or differ by one server taken out or put in and the scheme can derive that.
fn derive(
    scheme: &Rc<dyn Partitioner>,
    old: &[Server],
    new: &[Server],
) -> Option<Rc<dyn Partitioner>> {
    let first_difference = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let i = first_difference;
    if old.len() == new.len() {
        (i == old.len()).then(|| scheme.clone())
    } else if old.len() == new.len() + 1 && old[i + 1..] == new[i..] {
        scheme.derive_without(i).map(Rc::from)
    } else if new.len() == old.len() + 1 && new[i + 1..] == old[i..] {
        scheme.derive_with(i, new[i].clone()).map(Rc::from)
    } else {
        None
    }
}

/// What a change to the cluster did.
#[derive(Debug, Clone, PartialEq)]
pub enum ChangeKind {
    Join(String),
    Leave(String),
    Fail(String),
    Restore(String),
    Drag(String),
    Config(String),
}

/// Catchers named in the text; a thousand-server ring has hundreds, which would make the
/// text (and the live region reading it) long and slow to render.
pub const CATCHERS_LISTED: usize = 10;

/// Who caught a departed server's keys.
#[derive(Debug, Clone, PartialEq)]
pub struct Catch {
    pub name: String,
    /// The share of the whole key space caught.
    pub share: f64,
    /// How many of the playground's keys it caught.
    pub keys: usize,
}

/// One moved key's way on the ring, for the animation: from the point that owned it to the
/// point that owns it now (fractions of a turn).
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    pub key: usize,
    pub from: Option<f64>,
    pub to: Option<f64>,
}

/// The keys a change moved, against the theory and the exact share of the key space.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub kind: ChangeKind,
    pub movement: Movement,
    pub paths: Vec<Path>,
    /// The theory's moved share and its formula: `1/(N+1)` on a join, `1/N` on a leave.
    pub theory: Option<(&'static str, f64)>,
    /// The exact share of the key space that changed owner.
    pub exact: Option<f64>,
    /// For a leave or a failure: who caught the keys, biggest first.
    pub catchers: Vec<Catch>,
    /// Servers in both placements whose number of points changed, with the counts before
    /// and after. ketama (libmemcached) recomputes every server's count from N in 32-bit
    /// floats: 156 points each at 50 servers, 160 at 51. Their points move too, so more
    /// keys move than the newcomer's share.
    pub repointed: Option<Repointed>,
}

/// Points per server before and after a change, when they differ for servers that stayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repointed {
    /// How many of the servers that stayed changed their count.
    pub servers: usize,
    /// The count the first of them had before and has after.
    pub before: usize,
    pub after: usize,
    /// The scheme's reason, where it has a known one.
    pub why: Option<&'static str>,
}

/// Servers in both placements whose point count changed.
fn repointed(before: &Placement, after: &Placement) -> Option<Repointed> {
    let counts = |p: &Placement| {
        let mut counts = vec![0usize; p.servers.len()];
        for point in p.ring().points() {
            if let Some(count) = counts.get_mut(point.server) {
                *count += 1;
            }
        }
        counts
    };
    let (was, now) = (counts(before), counts(after));
    let mut changed = before.servers.iter().enumerate().filter_map(|(i, server)| {
        let j = after.servers.iter().position(|s| s.name == server.name)?;
        (was[i] != now[j]).then_some((was[i], now[j]))
    });
    let (first_before, first_after) = changed.next()?;
    let why = (after.kind == SchemeKind::Ketama).then_some(
        "ketama (libmemcached) computes every server's count from the number of servers, \
         in 32-bit floats, and rounds down.",
    );
    Some(Repointed {
        servers: 1 + changed.count(),
        before: first_before,
        after: first_after,
        why,
    })
}

impl Change {
    /// Compares two placements of the same keys.
    pub fn between(before: &Placement, after: &Placement, kind: ChangeKind) -> Change {
        let keys = before.owners.len().min(after.owners.len());
        let mut moved = Vec::new();
        let mut paths = Vec::new();
        for key in 0..keys {
            let from = before.owner_name(key);
            let to = after.owner_name(key);
            if from != to {
                moved.push(Move {
                    key,
                    from: from.map(str::to_string),
                    to: to.map(str::to_string),
                });
                paths.push(Path {
                    key,
                    from: before.owner_point_fraction(key),
                    to: after.owner_point_fraction(key),
                });
            }
        }
        let movement = Movement { keys, moved };
        let n = before.servers.len();
        let theory = match &kind {
            ChangeKind::Join(_) | ChangeKind::Restore(_) => {
                Some(("1/(N+1)", theory::join_moved(n)))
            }
            ChangeKind::Leave(_) | ChangeKind::Fail(_) if n > 0 => {
                Some(("1/N", theory::leave_moved(n)))
            }
            _ => None,
        };
        // The exact share compares every arc boundary of both rings (by owner name, which
        // `ringlab-core` clones per boundary): a resize always gets it, a slider move over
        // very large rings does not, to keep the slider live.
        let points = before.ring().points().len() + after.ring().points().len();
        let resize = !matches!(kind, ChangeKind::Config(_));
        let exact = if resize || points <= EXACT_SHARE_POINTS {
            exact_moved_share(before.ring(), &before.servers, after.ring(), &after.servers)
        } else {
            None
        };
        let catchers = match &kind {
            ChangeKind::Leave(name) | ChangeKind::Fail(name) => {
                catchers_of(before, after, name, &movement)
            }
            _ => Vec::new(),
        };
        let repointed = match &kind {
            ChangeKind::Config(_) | ChangeKind::Drag(_) => None,
            _ => repointed(before, after),
        };
        Change {
            kind,
            movement,
            paths,
            theory,
            exact,
            catchers,
            repointed,
        }
    }

    /// "k of K keys moved (x%)".
    pub fn counter(&self) -> String {
        format!(
            "{} of {} keys moved ({})",
            crate::format::grouped(self.movement.moved.len() as u64),
            crate::format::grouped(self.movement.keys as u64),
            percent(self.movement.fraction())
        )
    }

    /// One paragraph for the live region.
    pub fn summary(&self) -> String {
        let what = match &self.kind {
            ChangeKind::Join(name) => format!("Server {name} joined"),
            ChangeKind::Leave(name) => format!("Server {name} was removed"),
            ChangeKind::Fail(name) => format!("Server {name} failed"),
            ChangeKind::Restore(name) => format!("Server {name} came back"),
            ChangeKind::Drag(name) => format!("Server {name}'s point moved"),
            ChangeKind::Config(what) => what.clone(),
        };
        let mut text = format!("{what}: {}.", self.counter());
        if let Some((formula, share)) = self.theory {
            text.push_str(&format!(" Theory {formula} = {}.", percent(share)));
        }
        if let Some(exact) = self.exact {
            text.push_str(&format!(
                " Exact share of the key space moved: {}.",
                percent(exact)
            ));
        }
        if let Some(caught) = self.caught_by() {
            text.push_str(&format!(" Caught by {caught}."));
        }
        if let Some(why) = self.repointed_text() {
            text.push(' ');
            text.push_str(&why);
        }
        text
    }

    /// Why more keys moved than the theory says, when servers that stayed got a new number
    /// of points.
    pub fn repointed_text(&self) -> Option<String> {
        let r = self.repointed.as_ref()?;
        let who = if r.servers == 1 {
            "1 server that stayed".to_string()
        } else {
            format!(
                "{} servers that stayed",
                crate::format::grouped(r.servers as u64)
            )
        };
        let mut text = format!(
            "More than the theory: {who} went from {} points to {}, so their points moved too.",
            r.before, r.after
        );
        if let Some(why) = r.why {
            text.push(' ');
            text.push_str(why);
        }
        Some(text)
    }

    /// Who caught the departed server's keys, biggest first: the first
    /// [`CATCHERS_LISTED`] by name with their shares, then how many more.
    pub fn caught_by(&self) -> Option<String> {
        if self.catchers.is_empty() {
            return None;
        }
        let mut caught: Vec<String> = self
            .catchers
            .iter()
            .take(CATCHERS_LISTED)
            .map(|c| {
                format!(
                    "{} ({} of the key space, {} keys)",
                    c.name,
                    percent(c.share),
                    c.keys
                )
            })
            .collect();
        let more = self.catchers.len().saturating_sub(CATCHERS_LISTED);
        if more > 0 {
            caught.push(format!(
                "and {} more server{}",
                crate::format::grouped(more as u64),
                if more == 1 { "" } else { "s" }
            ));
        }
        Some(caught.join(", "))
    }
}

fn catchers_of(before: &Placement, after: &Placement, name: &str, m: &Movement) -> Vec<Catch> {
    let Some(departed) = before.servers.iter().position(|s| s.name == name) else {
        return Vec::new();
    };
    let caught = match (&before.scheme, &after.scheme) {
        (Some(b), Some(a)) if !before.overridden() && !after.overridden() => {
            catchers_between(b.as_ref(), a.as_ref(), departed)
        }
        // The survivors' dragged points stay where they are: the arcs tell exactly.
        _ => ring_catchers(before.ring(), before.servers.len(), departed),
    };
    let mut list: Vec<Catch> = caught
        .caught
        .iter()
        .enumerate()
        .filter(|(_, &share)| share > 0.0)
        .map(|(i, &share)| {
            let name = before.servers[i].name.clone();
            let keys = m
                .moved
                .iter()
                .filter(|mv| mv.to.as_deref() == Some(name.as_str()))
                .count();
            Catch { name, share, keys }
        })
        .collect();
    list.sort_by(|a, b| b.share.total_cmp(&a.share));
    list
}

#[cfg(test)]
mod caught_tests {
    use super::*;

    #[test]
    fn long_catcher_lists_are_cut_with_a_count() {
        let catchers: Vec<Catch> = (0..25)
            .map(|i| Catch {
                name: format!("s{i}"),
                share: 0.01,
                keys: 1,
            })
            .collect();
        let text = |catchers: Vec<Catch>| {
            let change = Change {
                kind: ChangeKind::Fail("x".into()),
                movement: ringlab_core::movement::Movement {
                    keys: 0,
                    moved: Vec::new(),
                },
                paths: Vec::new(),
                theory: None,
                exact: None,
                catchers,
                repointed: None,
            };
            change.caught_by()
        };
        let long = text(catchers.clone()).unwrap();
        assert!(long.ends_with(", and 15 more servers"), "{long}");
        assert_eq!(long.matches(" keys)").count(), CATCHERS_LISTED);
        assert!(!text(catchers[..3].to_vec()).unwrap().contains("more"));
        assert_eq!(text(Vec::new()), None);
    }
}

#[cfg(test)]
mod repointed_tests {
    use super::super::params::{PlaygroundParams, Scheme};
    use super::*;

    fn join(scheme: Scheme, servers: usize, vnodes: u32) -> Change {
        let mut params = PlaygroundParams::with_servers(servers);
        params.scheme = scheme;
        params.vnodes = vnodes;
        params.keys = 2000;
        let keys = crate::naming::key_names(params.seed, params.keys as usize);
        let before = Placement::new(&params, &keys);
        let name = crate::naming::server_name(servers);
        params
            .servers
            .push(super::super::params::ServerParam::new(name.clone()));
        let after = Placement::after(&before, &params, &keys);
        Change::between(&before, &after, ChangeKind::Join(name))
    }

    #[test]
    fn ketama_at_50_to_51_gives_every_server_new_points_and_says_why() {
        let change = join(Scheme::Ketama, 50, 160);
        let r = change
            .repointed
            .clone()
            .expect("ketama recounts its points");
        assert_eq!((r.servers, r.before, r.after), (50, 156, 160));
        let text = change.repointed_text().unwrap();
        assert!(
            text.starts_with(
                "More than the theory: 50 servers that stayed went from 156 points to 160"
            ),
            "{text}"
        );
        assert!(text.contains("32-bit floats"));
        // And more keys move than the newcomer's 1/51.
        assert!(change.movement.fraction() > 2.0 * theory::join_moved(50));
        assert!(change.summary().contains("went from 156 points to 160"));
    }

    #[test]
    fn a_plain_ring_join_keeps_the_others_points() {
        assert_eq!(join(Scheme::Ring, 50, 160).repointed, None);
        assert_eq!(join(Scheme::Ketama, 8, 160).repointed, None);
    }
}

#[cfg(test)]
mod tests {
    use super::super::params::ServerParam;
    use super::*;
    use crate::naming::key_names;

    fn params(servers: usize, vnodes: u32) -> PlaygroundParams {
        PlaygroundParams {
            servers: (0..servers)
                .map(|i| ServerParam::new(crate::naming::server_name(i)))
                .collect(),
            vnodes,
            ..PlaygroundParams::default()
        }
    }

    #[test]
    fn placement_agrees_with_the_scheme() {
        let keys = key_names(7, 200);
        for scheme in super::super::params::Scheme::ALL {
            let mut p = params(5, 10);
            p.scheme = scheme;
            let placement = Placement::new(&p, &keys);
            let servers: Vec<Server> = placement.servers.clone();
            let direct = build(
                scheme.kind(),
                servers,
                &Options {
                    vnodes: 10,
                    ..Options::default()
                },
            )
            .unwrap();
            for (k, key) in keys.iter().enumerate() {
                assert_eq!(placement.owners[k], direct.lookup(key.as_bytes()));
            }
            assert!((placement.shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(!placement.overridden());
        }
    }

    #[test]
    fn failed_servers_are_left_out_and_empty_clusters_own_nothing() {
        let keys = key_names(1, 20);
        let mut p = params(3, 1);
        p.servers[1].failed = true;
        let placement = Placement::new(&p, &keys);
        assert_eq!(placement.ids, vec![0, 2]);
        assert!(placement.owners.iter().all(|o| o.is_some()));
        let empty = Placement::new(&params(0, 1), &keys);
        assert!(empty.owners.iter().all(Option::is_none));
        assert!(empty.shares.is_empty());
        assert_eq!(empty.ring().points().len(), 0);
    }

    //   A dragged to 1/4, B to 3/4: A owns (3/4, 1/4], through zero, and B the rest.
    //   0 ----A(1/4)----------B(3/4)---- 1
    #[test]
    fn dragged_points_override_the_hash() {
        let keys = key_names(7, 500);
        let mut p = params(2, 1);
        p.servers[0].at = Some(250_000);
        p.servers[1].at = Some(750_000);
        let placement = Placement::new(&p, &keys);
        assert!(placement.overridden());
        assert!((placement.shares[0] - 0.5).abs() < 1e-12);
        assert_eq!(placement.point_fraction(0), Some(0.25));
        for (k, hash) in placement.hashes.iter().enumerate() {
            let f = placement.ring().fraction(hash.unwrap());
            let expected = if f > 0.25 && f <= 0.75 { 1 } else { 0 };
            assert_eq!(placement.owners[k], Some(expected), "{f}");
        }
    }

    /// Everything a placement shows, the same in both.
    fn assert_same(derived: &Placement, fresh: &Placement, what: &str) {
        assert_eq!(derived.servers, fresh.servers, "{what}");
        assert_eq!(derived.ids, fresh.ids, "{what}");
        assert_eq!(derived.ring(), fresh.ring(), "{what}");
        assert_eq!(derived.hashes, fresh.hashes, "{what}");
        assert_eq!(derived.owners, fresh.owners, "{what}");
        assert_eq!(derived.shares, fresh.shares, "{what}");
        assert_eq!(derived.error, fresh.error, "{what}");
        assert_eq!(derived.overridden(), fresh.overridden(), "{what}");
    }

    /// A change to the parameters.
    type Edit = fn(&mut PlaygroundParams);

    /// Failures, restores, removals and joins, each placed from the placement before, give
    /// the placement a fresh build gives, for every scheme (ring and nginx derive their
    /// rings, ketama builds); a removed failed server shares the scheme, as do new keys.
    #[test]
    fn placements_after_an_edit_are_fresh_placements() {
        let keys = key_names(3, 300);
        for scheme in super::super::params::Scheme::ALL {
            let mut p = params(6, 20);
            p.scheme = scheme;
            p.servers[1].weight = 2.5;
            p.servers[4].rack = Some("r1".into());
            let mut placement = Placement::new(&p, &keys);
            let edits: [(&str, Edit); 9] = [
                ("fail C", |p| p.servers[2].failed = true),
                ("restore C", |p| p.servers[2].failed = false),
                ("remove A", |p| drop(p.servers.remove(0))),
                ("add Z", |p| p.servers.push(ServerParam::new("Z"))),
                ("fail last", |p| p.servers.last_mut().unwrap().failed = true),
                ("fail first", |p| p.servers[0].failed = true),
                ("remove failed first", |p| drop(p.servers.remove(0))),
                ("two at once", |p| {
                    p.servers[0].failed = true;
                    p.servers[1].failed = true;
                }),
                ("rack", |p| p.servers[2].rack = Some("r2".into())),
            ];
            for (what, edit) in edits {
                edit(&mut p);
                let derived = Placement::after(&placement, &p, &keys);
                let what = format!("{} {what}", scheme.name());
                assert_same(&derived, &Placement::new(&p, &keys), &what);
                if what.ends_with("remove failed first") {
                    let (a, b) = (placement.scheme.as_ref(), derived.scheme.as_ref());
                    assert!(Rc::ptr_eq(a.unwrap(), b.unwrap()), "{what}: shared");
                }
                placement = derived;
            }
            let more = key_names(4, 50);
            let derived = Placement::after(&placement, &p, &more);
            assert_same(&derived, &Placement::new(&p, &more), "new keys");
            let (a, b) = (placement.scheme.as_ref(), derived.scheme.as_ref());
            assert!(Rc::ptr_eq(a.unwrap(), b.unwrap()), "new keys: shared");
        }
    }

    /// Dragged points, other virtual nodes, another scheme and a scheme that fails are
    /// never derived: built afresh, they still give the fresh placement.
    #[test]
    fn placements_after_other_changes_are_built_afresh() {
        let keys = key_names(5, 100);
        let mut p = params(3, 1);
        let mut placement = Placement::new(&p, &keys);
        let edits: [Edit; 6] = [
            |p| p.servers[0].at = Some(100_000),
            |p| p.servers[1].failed = true,
            |p| p.vnodes = 7,
            |p| p.scheme = super::super::params::Scheme::Nginx,
            |p| p.servers[0].weight = 5000.0,
            |p| p.servers.push(ServerParam::new("D")),
        ];
        for (step, edit) in edits.into_iter().enumerate() {
            edit(&mut p);
            let derived = Placement::after(&placement, &p, &keys);
            assert_same(
                &derived,
                &Placement::new(&p, &keys),
                &format!("step {step}"),
            );
            placement = derived;
        }
        assert!(
            placement.error.is_some(),
            "an nginx weight above 1000 fails"
        );
    }

    #[test]
    fn a_join_moves_keys_only_to_the_newcomer() {
        let keys = key_names(7, 2000);
        let before = Placement::new(&params(4, 100), &keys);
        let after = Placement::new(&params(5, 100), &keys);
        let change = Change::between(&before, &after, ChangeKind::Join("E".into()));
        assert!(change
            .movement
            .moved
            .iter()
            .all(|m| m.to.as_deref() == Some("E")));
        assert!((change.movement.fraction() - 0.2).abs() < 0.05);
        assert_eq!(change.theory, Some(("1/(N+1)", 0.2)));
        assert!((change.exact.unwrap() - after.shares[4]).abs() < 1e-9);
        assert!(change.counter().contains(" of 2,000 keys moved ("));
        assert!(change.summary().starts_with("Server E joined: "));
        assert_eq!(change.paths.len(), change.movement.moved.len());
    }

    #[test]
    fn a_failure_names_its_catchers() {
        let keys = key_names(7, 1000);
        let before = Placement::new(&params(4, 1), &keys);
        let mut p = params(4, 1);
        p.servers[2].failed = true;
        let after = Placement::new(&p, &keys);
        let change = Change::between(&before, &after, ChangeKind::Fail("C".into()));
        // One point each: one neighbour catches everything.
        assert_eq!(change.catchers.len(), 1);
        assert!((change.catchers[0].share - before.shares[2]).abs() < 1e-12);
        assert_eq!(change.catchers[0].keys, change.movement.moved.len());
        assert_eq!(change.theory, Some(("1/N", 0.25)));
        assert!(change
            .movement
            .moved
            .iter()
            .all(|m| m.from.as_deref() == Some("C")));
        // The same with dragged points, through the ring's arcs.
        let mut p = params(4, 1);
        p.servers[0].at = Some(100_000);
        let before = Placement::new(&p, &keys);
        p.servers[2].failed = true;
        let after = Placement::new(&p, &keys);
        let change = Change::between(&before, &after, ChangeKind::Fail("C".into()));
        assert_eq!(change.catchers.len(), 1);
        assert!((change.exact.unwrap() - before.shares[2]).abs() < 1e-12);
    }
}
