//! What the Redis slots view draws and says, computed from `ringlab-core`'s Redis Cluster:
//! the owner of each of the 16,384 slots on a 128 x 128 map, the keys' slots, the masters'
//! ranges, the move under way and what a client sees while it runs. The component only
//! draws this.

use ringlab_core::numbered_servers;
use ringlab_core::schemes::redis::{
    crc16, hash_tag, key_slot, slot_ranges, RedisCluster, SLOT_COUNT,
};

use super::params::{master_address, master_name, Move, Phase, SlotsParams};
use crate::format::grouped;

/// The map's side: 128 x 128 = 16,384 slots, slot 0 at the top left, row by row.
pub const SIDE: u16 = 128;

/// A slot's row and column on the map.
pub fn cell_of(slot: u16) -> (u16, u16) {
    (slot / SIDE, slot % SIDE)
}

/// A master as the legend and the table list it.
#[derive(Debug, Clone, PartialEq)]
pub struct MasterRow {
    pub index: usize,
    pub name: &'static str,
    pub address: String,
    /// Its range in the `create` layout.
    pub created: (u16, u16),
    /// Its ranges now, in slot order.
    pub ranges: Vec<(u16, u16)>,
    pub slots: usize,
}

impl MasterRow {
    /// "0-5460, 11000-11099", or "none".
    pub fn ranges_text(&self) -> String {
        if self.ranges.is_empty() {
            return "none".into();
        }
        self.ranges
            .iter()
            .map(|&r| range_text(r))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// One key of the keys box, followed through CRC16 to its slot and master.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyRow {
    pub key: String,
    /// The bytes hashed: the hash tag, or the whole key.
    pub hashed: String,
    pub tagged: bool,
    pub crc: u16,
    pub slot: u16,
    pub owner: usize,
    /// The first key above it in the same slot, by position.
    pub shares_with: Option<usize>,
}

/// How a slot's cell is drawn beyond its owner's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Where `create` put it.
    Plain,
    /// Owned by another master than `create` gave it: drawn with a texture.
    Resharded,
    /// Its keys are travelling to master `to`: stripes of both colours.
    Migrating { to: usize },
}

/// The slots of one master that the move under way takes from it.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub from: usize,
    pub ranges: Vec<(u16, u16)>,
    pub slots: usize,
}

/// Everything the view shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    pub phase: Phase,
    pub current: Move,
    /// The owner of each slot as the map shows it: with the move under way once done.
    pub owners: Vec<usize>,
    pub marks: Vec<Mark>,
    /// The owners before the move under way (after the finished ones).
    pub before: Vec<usize>,
    pub masters: Vec<MasterRow>,
    pub keys: Vec<KeyRow>,
    /// True when the keys box has more lines than are looked up.
    pub keys_cut: bool,
    /// What the move under way takes from each master (only those it takes from).
    pub outgoing: Vec<Outgoing>,
    /// Slots the move under way hands over (or has handed over).
    pub moving: usize,
    /// Slots owned by another master than `create` gave them.
    pub resharded: usize,
    /// The move's range on the map, as closed outlines in cell units (x = column, y = row).
    pub outline: Vec<Vec<(u16, u16)>>,
}

impl Scene {
    /// The map's rows the move under way touches, as `(first, end)` with `end` past the
    /// last: where the map's edge markers point, since a move of a few slots is a strip
    /// only a row or two high.
    pub fn move_rows(&self) -> (u16, u16) {
        (
            cell_of(self.current.first).0,
            cell_of(self.current.last).0 + 1,
        )
    }

    /// Whether `slot` is in the move under way (a key there is labelled off the strip).
    pub fn in_move(&self, slot: u16) -> bool {
        (self.current.first..=self.current.last).contains(&slot)
    }

    pub fn new(params: &SlotsParams) -> Scene {
        let masters = params.masters;
        let create = RedisCluster::new(numbered_servers("m", masters)).ok();
        let mut cluster = create.clone();
        if let Some(cluster) = cluster.as_mut() {
            for m in &params.moves {
                let _ = cluster.move_slots(m.first, m.last, m.target);
            }
        }
        let before: Vec<usize> = cluster
            .as_ref()
            .map(|c| c.owners().to_vec())
            .unwrap_or_default();
        let current = params.current();
        if let (Some(cluster), Phase::Done) = (cluster.as_mut(), params.phase) {
            let _ = cluster.move_slots(current.first, current.last, current.target);
        }
        let owners: Vec<usize> = cluster
            .as_ref()
            .map(|c| c.owners().to_vec())
            .unwrap_or_default();
        let created: Vec<usize> = create
            .as_ref()
            .map(|c| c.owners().to_vec())
            .unwrap_or_default();
        let in_move =
            |slot: usize| (current.first as usize..=current.last as usize).contains(&slot);
        let marks: Vec<Mark> = (0..owners.len())
            .map(|slot| {
                let migrating = params.phase == Phase::Migrating
                    && in_move(slot)
                    && owners[slot] != current.target;
                if migrating {
                    Mark::Migrating { to: current.target }
                } else if created.get(slot) != Some(&owners[slot]) {
                    Mark::Resharded
                } else {
                    Mark::Plain
                }
            })
            .collect();
        let resharded = (0..owners.len())
            .filter(|&s| created.get(s) != Some(&owners[s]))
            .count();
        let runs = cluster.as_ref().map(|c| c.ranges()).unwrap_or_default();
        let counts = cluster
            .as_ref()
            .map(|c| c.slot_counts())
            .unwrap_or_default();
        let masters_rows = slot_ranges(masters)
            .into_iter()
            .enumerate()
            .map(|(i, created)| MasterRow {
                index: i,
                name: master_name(i),
                address: master_address(i),
                created,
                ranges: runs
                    .iter()
                    .filter(|r| r.2 == i)
                    .map(|r| (r.0, r.1))
                    .collect(),
                slots: counts.get(i).copied().unwrap_or(0),
            })
            .collect();
        let (key_list, keys_cut) = params.key_list();
        let mut keys: Vec<KeyRow> = Vec::new();
        for key in key_list {
            let bytes = key.as_bytes();
            let slot = key_slot(bytes);
            let shares_with = keys.iter().position(|k| k.slot == slot);
            let tag = hash_tag(bytes);
            keys.push(KeyRow {
                key: key.to_string(),
                hashed: String::from_utf8_lossy(tag).into_owned(),
                tagged: tag.len() != bytes.len(),
                crc: crc16(tag),
                slot,
                owner: owners.get(slot as usize).copied().unwrap_or(0),
                shares_with,
            });
        }
        let mut outgoing: Vec<Outgoing> = Vec::new();
        for slot in current.first..=current.last {
            let Some(&from) = before.get(slot as usize) else {
                continue;
            };
            if from == current.target {
                continue;
            }
            let entry = match outgoing.iter_mut().position(|o| o.from == from) {
                Some(i) => &mut outgoing[i],
                None => {
                    outgoing.push(Outgoing {
                        from,
                        ranges: Vec::new(),
                        slots: 0,
                    });
                    outgoing.last_mut().expect("just pushed")
                }
            };
            entry.slots += 1;
            match entry.ranges.last_mut() {
                Some(r) if r.1 + 1 == slot => r.1 = slot,
                _ => entry.ranges.push((slot, slot)),
            }
        }
        outgoing.sort_by_key(|o| o.from);
        let moving = outgoing.iter().map(|o| o.slots).sum();
        Scene {
            phase: params.phase,
            current,
            owners,
            marks,
            before,
            masters: masters_rows,
            keys,
            keys_cut,
            outgoing,
            moving,
            resharded,
            outline: outline(current.first, current.last),
        }
    }

    /// What the readout says of one slot: its owner and range, how it got there, the keys
    /// in it.
    pub fn slot_text(&self, slot: u16) -> String {
        let Some(&owner) = self.owners.get(slot as usize) else {
            return format!("Slot {slot} is not a slot: they run 0 to 16,383.");
        };
        let (row, col) = cell_of(slot);
        let run = self
            .masters
            .get(owner)
            .and_then(|m| m.ranges.iter().find(|r| r.0 <= slot && slot <= r.1))
            .copied()
            .unwrap_or((slot, slot));
        let mut text = format!(
            "Slot {slot} (row {row}, column {col}): master {} ({}), in its range {}",
            master_name(owner),
            master_address(owner),
            range_text(run)
        );
        match self.marks[slot as usize] {
            Mark::Migrating { to } => text.push_str(&format!(
                "; migrating to {} ({})",
                master_name(to),
                master_address(to)
            )),
            Mark::Resharded => {
                let created = self
                    .masters
                    .iter()
                    .find(|m| m.created.0 <= slot && slot <= m.created.1)
                    .map_or("?", |m| m.name);
                text.push_str(&format!("; create gave it to {created}"));
            }
            Mark::Plain => {}
        }
        let here: Vec<&str> = self
            .keys
            .iter()
            .filter(|k| k.slot == slot)
            .map(|k| k.key.as_str())
            .collect();
        if !here.is_empty() {
            text.push_str(&format!("; keys: {}", here.join(", ")));
        }
        text.push('.');
        text
    }

    /// The map in one sentence, for its accessible name; `controls` when the keys that
    /// pick the move's slots work (not under `controls=0`).
    pub fn map_label(&self, controls: bool) -> String {
        let owners = self
            .masters
            .iter()
            .map(|m| format!("{} {} slots", m.name, grouped(m.slots as u64)))
            .collect::<Vec<_>>()
            .join(", ");
        let keys = if controls {
            "; F and L make it the first or last slot of the move"
        } else {
            ""
        };
        format!(
            "Map of the 16,384 slots, 128 by 128, slot 0 at the top left, coloured by master: \
             {owners}. The table of ranges below says the same. Arrow keys move the slot \
             cursor{keys}."
        )
    }

    /// The `create` layout in a sentence.
    pub fn create_text(&self) -> String {
        let n = self.masters.len();
        let ranges = self
            .masters
            .iter()
            .map(|m| format!("{} {}", m.name, range_text(m.created)))
            .collect::<Vec<_>>()
            .join(", ");
        let per = SLOT_COUNT as f64 / n.max(1) as f64;
        format!(
            "redis-cli --cluster create with {n} masters gives {ranges}: 16,384 / {n} = {} \
             slots each, every range's end rounded, the last one ending at 16,383.",
            trim_decimals(per)
        )
    }

    /// Which keys share a slot, and why.
    pub fn share_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for (i, key) in self.keys.iter().enumerate() {
            if key.shares_with.is_some() {
                continue;
            }
            let group: Vec<&KeyRow> = self.keys[i..]
                .iter()
                .filter(|k| k.slot == key.slot)
                .collect();
            let mut names: Vec<&str> = group.iter().map(|k| k.key.as_str()).collect();
            names.dedup();
            if names.len() < 2 {
                continue;
            }
            let same_hashed = group.iter().all(|k| k.hashed == key.hashed);
            let why = if same_hashed && key.tagged {
                format!(
                    "only the hash tag \"{}\" is hashed, so they always will: one node holds \
                     them all, and MGET, MULTI or a Lua script may use them together",
                    key.hashed
                )
            } else if same_hashed {
                "they hash the same bytes".to_string()
            } else {
                "by chance: different bytes whose CRC16s agree in the low 14 bits".to_string()
            };
            lines.push(format!(
                "{} share slot {}: {why}.",
                and_list(&names),
                key.slot
            ));
        }
        if lines.is_empty() && self.keys.len() > 1 {
            lines.push(
                "No two of these keys share a slot. Keys that must live together (for MGET or \
                 MULTI) carry the same hash tag: user:{42}:cart and user:{42}:profile hash \
                 only \"42\"."
                    .to_string(),
            );
        }
        lines
    }

    /// The move under way, in one line.
    pub fn move_headline(&self) -> String {
        let Move {
            first,
            last,
            target,
        } = self.current;
        let size = last as usize - first as usize + 1;
        let slots = plural(size, "slot");
        let to = format!("{} ({})", master_name(target), master_address(target));
        if self.moving == 0 {
            return format!(
                "Slots {} ({slots}) to {to}: {} owns them all already, nothing moves.",
                range_text((first, last)),
                master_name(target)
            );
        }
        let from = self
            .outgoing
            .iter()
            .map(|o| format!("{} from {}", grouped(o.slots as u64), master_name(o.from)))
            .collect::<Vec<_>>()
            .join(", ");
        let verb = match self.phase {
            Phase::Plan => "would change owner",
            Phase::Migrating => "are changing owner",
            Phase::Done => "changed owner",
        };
        format!(
            "Slots {} ({slots}) to {to}: {} {verb} ({from}).",
            range_text((first, last)),
            grouped(self.moving as u64)
        )
    }

    /// What happens, and what a client sees, at this phase of the move.
    pub fn client_lines(&self) -> Vec<String> {
        let Some(example) = self.example() else {
            return vec![];
        };
        let Example {
            key, slot, from, ..
        } = example;
        let target = self.current.target;
        let (src, dst) = (
            format!("{} ({})", master_name(from), master_address(from)),
            format!("{} ({})", master_name(target), master_address(target)),
        );
        let dst_addr = master_address(target);
        let src_addr = master_address(from);
        match self.phase {
            Phase::Plan => vec![
                format!(
                    "Take {key}, in slot {slot}. Today {src} owns the slot: a client sends it \
                     there and gets its answer."
                ),
                format!(
                    "redis-cli --cluster reshard moves one slot at a time: it marks the slot \
                     IMPORTING on {dst} and MIGRATING on {src}, sends the slot's keys over in \
                     batches with MIGRATE, then tells the masters that {} owns the slot.",
                    master_name(target)
                ),
            ],
            Phase::Migrating => vec![
                format!(
                    "Keys of slot {slot} are travelling from {src} to {dst}. The client still \
                     sends {key} to {}: if the key has not left yet, {} answers as usual.",
                    master_name(from),
                    master_name(from)
                ),
                format!(
                    "If it has already moved (or does not exist), {} answers -ASK {slot} \
                     {dst_addr}. The client sends ASKING, then the command, to {}, this once; \
                     its slot table still says {}.",
                    master_name(from),
                    master_name(target),
                    master_name(from)
                ),
                format!(
                    "Sent straight to {} without ASKING, the command gets -MOVED {slot} \
                     {src_addr}: {} does not own the slot yet.",
                    master_name(target),
                    master_name(target)
                ),
            ],
            Phase::Done => vec![
                format!(
                    "Every key has moved and {} owns slot {slot}. A client whose slot table \
                     is out of date still sends {key} to {}, and gets -MOVED {slot} {dst_addr}.",
                    master_name(target),
                    master_name(from)
                ),
                format!(
                    "MOVED is for good: the client updates its slot table (most re-read \
                     CLUSTER SLOTS) and sends slot {slot} to {} from now on. ASK was for one \
                     command only.",
                    master_name(target)
                ),
            ],
        }
    }

    /// A key whose slot the move under way hands over: the first of the reader's keys in
    /// the range, or the first `user:<n>` that is. `None` when nothing moves.
    pub fn example(&self) -> Option<Example> {
        let Move {
            first,
            last,
            target,
        } = self.current;
        let moves = |slot: u16| {
            (first..=last).contains(&slot)
                && self.before.get(slot as usize).is_some_and(|&o| o != target)
        };
        if self.moving == 0 {
            return None;
        }
        if let Some(k) = self.keys.iter().find(|k| moves(k.slot)) {
            return Some(Example {
                key: k.key.clone(),
                slot: k.slot,
                from: self.before[k.slot as usize],
                yours: true,
            });
        }
        // Any slot is hit about once in 16,384 names: 400,000 miss one with odds of e^-24.
        (0..400_000u32).find_map(|n| {
            let key = format!("user:{n}");
            let slot = key_slot(key.as_bytes());
            moves(slot).then(|| Example {
                from: self.before[slot as usize],
                key,
                slot,
                yours: false,
            })
        })
    }
}

/// A key the move carries, to tell the story with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    pub key: String,
    pub slot: u16,
    /// Its slot's owner before the move.
    pub from: usize,
    /// True when it is one of the reader's keys.
    pub yours: bool,
}

/// Why 16,384 slots, with the numbers.
pub fn why_lines() -> Vec<String> {
    let bitmap = SLOT_COUNT / 8;
    let full = 65_536 / 8;
    vec![
        format!(
            "CRC16 has 65,536 values; Redis keeps the low 14 bits, {} slots. Each heartbeat \
             (PING or PONG) a node sends carries the bitmap of the slots it owns: {} bits, \
             {} bytes ({} KB). With 65,536 slots that would be {} bytes ({} KB) in every packet.",
            grouped(SLOT_COUNT as u64),
            grouped(SLOT_COUNT as u64),
            grouped(bitmap as u64),
            bitmap / 1024,
            grouped(full as u64),
            full / 1024
        ),
        format!(
            "Redis means a cluster to have at most about 1,000 masters; even then each still \
             owns about {} slots, enough to rebalance in small steps.",
            SLOT_COUNT / 1000
        ),
    ]
}

/// The slot under the cursor after pressing `key`: arrows move one slot or one row,
/// Home and End go to the row's ends, PageUp and PageDown 16 rows. `None` for other keys.
pub fn step(slot: u16, key: &str) -> Option<u16> {
    let last = SLOT_COUNT as i32 - 1;
    let s = slot as i32;
    let side = SIDE as i32;
    let next = match key {
        "ArrowLeft" => s - 1,
        "ArrowRight" => s + 1,
        "ArrowUp" => s - side,
        "ArrowDown" => s + side,
        "Home" => s - s % side,
        "End" => s - s % side + side - 1,
        "PageUp" => s - 16 * side,
        "PageDown" => s + 16 * side,
        _ => return None,
    };
    let next = if (0..=last).contains(&next) {
        next
    } else if matches!(key, "PageUp" | "PageDown") {
        next.clamp(0, last)
    } else {
        s
    };
    Some(next as u16)
}

/// The slot under a point `(x, y)` of a map `width` pixels square.
pub fn hit(x: f64, y: f64, width: f64) -> Option<u16> {
    if width <= 0.0 || x < 0.0 || y < 0.0 || x >= width || y >= width {
        return None;
    }
    let cell = width / SIDE as f64;
    let col = ((x / cell) as u16).min(SIDE - 1);
    let row = ((y / cell) as u16).min(SIDE - 1);
    Some(row * SIDE + col)
}

/// The outline of slots `first..=last` on the map, in cell units: one closed shape, or two
/// when the range covers the end of one row and the start of the next without a column in
/// common. Each shape runs clockwise on the map (columns rightwards, rows downwards):
/// the map's painter clips the outline to the shapes' outside by that.
///
/// ```text
///   first on row 0 at column 3, last on row 2 at column 1:
///   . . . # # # #        (3,0)----------(7,0)
///   # # # # # # #   ->     |              |
///   # # . . . . .   (0,1)-(3,1)           |
///                     |          (2,2)--(7,2)
///                   (0,3)--------(2,3)
/// ```
pub fn outline(first: u16, last: u16) -> Vec<Vec<(u16, u16)>> {
    let (r0, c0) = cell_of(first);
    let (r1, c1) = cell_of(last);
    let rect = |x0, y0, x1, y1| vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
    if r0 == r1 {
        return vec![rect(c0, r0, c1 + 1, r0 + 1)];
    }
    if r1 == r0 + 1 && c1 < c0 {
        return vec![rect(c0, r0, SIDE, r0 + 1), rect(0, r1, c1 + 1, r1 + 1)];
    }
    vec![vec![
        (c0, r0),
        (SIDE, r0),
        (SIDE, r1),
        (c1 + 1, r1),
        (c1 + 1, r1 + 1),
        (0, r1 + 1),
        (0, r0 + 1),
        (c0, r0 + 1),
    ]]
}

/// "5461-10922", or "7" for one slot.
pub fn range_text((first, last): (u16, u16)) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}-{last}")
    }
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{} {what}s", grouped(n as u64))
    }
}

fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// 5461.33, 4096.
fn trim_decimals(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    grouped_decimal(text)
}

fn grouped_decimal(text: &str) -> String {
    match text.split_once('.') {
        Some((whole, frac)) => format!("{}.{frac}", grouped(whole.parse().unwrap_or(0))),
        None => grouped(text.parse().unwrap_or(0)),
    }
}
