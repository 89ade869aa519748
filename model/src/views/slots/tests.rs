//! The slots view's URL state and scene, natively.

use super::params::*;
use super::scene::*;
use crate::linked::{Edit, Linked};
use crate::urlkit::{parse_query, write_query};
use crate::{Reducer, ViewState};

const DEFAULT: &str = "masters=3&from=11000&to=11099&target=A&phase=plan";

fn text(params: &SlotsParams) -> String {
    let q = params.to_query();
    write_query(q.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

fn read(q: &str) -> (SlotsParams, Vec<String>) {
    SlotsParams::from_query(&parse_query(q))
}

#[test]
fn the_default_round_trips() {
    let (params, notes) = read(DEFAULT);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(params, SlotsParams::default());
    assert_eq!(text(&params), DEFAULT);
    assert_eq!(SlotsParams::from_query(&[]).0, SlotsParams::default());
    let odd = SlotsParams {
        masters: 5,
        keys: Some("a{b}c\n\nfoo bar ".into()),
        moves: vec![
            Move {
                first: 0,
                last: 99,
                target: 4,
            },
            Move {
                first: 7,
                last: 7,
                target: 1,
            },
        ],
        from: 16383,
        to: 16383,
        target: 3,
        phase: Phase::Migrating,
    };
    let written = text(&odd);
    assert!(written.contains("moves=0-99:E,7-7:B"), "{written}");
    let (again, notes) = read(&written);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(again, odd);
}

#[test]
fn bad_values_are_clamped_or_dropped_with_notes() {
    let (p, notes) = read(
        "masters=1&from=20000&to=5&target=Z&phase=later&moves=0-99:B,99-0:A,x,5:c,0-9:H&bogus=1",
    );
    assert_eq!(p.masters, 3);
    assert_eq!((p.from, p.to), (16383, 5), "clamped, and kept as given");
    assert_eq!((p.current().first, p.current().last), (5, 16383));
    assert_eq!(p.target, 0);
    assert_eq!(p.phase, Phase::Plan);
    assert_eq!(
        p.moves,
        vec![
            Move {
                first: 0,
                last: 99,
                target: 1
            },
            Move {
                first: 0,
                last: 99,
                target: 0
            },
            Move {
                first: 5,
                last: 5,
                target: 2
            },
        ]
    );
    // masters, from, target, phase, one bad move, bogus, H of 3 masters.
    assert_eq!(notes.len(), 7, "{notes:?}");
    assert!(
        notes.contains(&"target=\"Z\" is not a master's letter, A to H: using A".to_string()),
        "{notes:?}"
    );
    assert!(notes.iter().any(|n| n.contains("0-9:H")), "{notes:?}");
    // A target past the masters falls back to A.
    let (p, notes) = read("masters=4&target=E");
    assert_eq!((p.target, notes.len()), (0, 1), "{notes:?}");
    let long = "k".repeat(KEYS_CAP + 1);
    let (p, notes) = read(&format!("keys={long}"));
    assert_eq!((p.keys, notes.len()), (None, 1));
    let many: Vec<String> = (0..MAX_MOVES + 3).map(|i| format!("{i}:A")).collect();
    let (p, notes) = read(&format!("moves={}", many.join(",")));
    assert_eq!((p.moves.len(), notes.len()), (MAX_MOVES, 1));
}

#[test]
fn the_default_scene_is_the_create_layout_and_the_issue_keys() {
    let scene = Scene::new(&SlotsParams::default());
    let ranges: Vec<_> = scene.masters.iter().map(|m| m.ranges_text()).collect();
    assert_eq!(ranges, ["0-5460", "5461-10922", "10923-16383"]);
    let counts: Vec<_> = scene.masters.iter().map(|m| m.slots).collect();
    assert_eq!(counts, [5461, 5462, 5461]);
    assert_eq!(scene.masters[2].address, "127.0.0.1:7002");
    let somekey = &scene.keys[0];
    assert_eq!(
        (somekey.key.as_str(), somekey.slot, somekey.owner),
        ("somekey", 11058, 2)
    );
    assert_eq!(somekey.crc & 0x3FFF, 11058);
    assert!(!somekey.tagged);
    let (cart, profile) = (&scene.keys[1], &scene.keys[2]);
    assert_eq!(cart.hashed, "42");
    assert!(cart.tagged);
    assert_eq!(cart.slot, profile.slot);
    assert_eq!(profile.shares_with, Some(1));
    let shares = scene.share_lines();
    assert_eq!(shares.len(), 1);
    assert!(
        shares[0].starts_with(&format!(
            "user:{{42}}:cart and user:{{42}}:profile share slot {}: only the hash tag \"42\"",
            cart.slot
        )),
        "{shares:?}"
    );
    assert!(scene.marks.iter().all(|&m| m == Mark::Plain));
    assert_eq!(scene.resharded, 0);
    assert_eq!(
        scene.create_text(),
        "redis-cli --cluster create with 3 masters gives A 0-5460, B 5461-10922, C 10923-16383: \
         16,384 / 3 = 5,461.33 slots each, every range's end rounded, the last one ending at \
         16,383."
    );
    assert_eq!(
        scene.move_headline(),
        "Slots 11000-11099 (100 slots) to A (127.0.0.1:7000): 100 would change owner (100 from C)."
    );
    let example = scene.example().expect("somekey is in the range");
    assert_eq!(
        (example.key.as_str(), example.slot, example.from),
        ("somekey", 11058, 2)
    );
    assert!(scene.slot_text(11058).starts_with(
        "Slot 11058 (row 86, column 50): master C (127.0.0.1:7002), in its range 10923-16383"
    ));
    assert!(scene.slot_text(11058).ends_with("; keys: somekey."));
    assert!(scene
        .map_label(true)
        .starts_with("Map of the 16,384 slots, 128 by 128, slot 0 at the top left, coloured by master: A 5,461 slots, B 5,462 slots, C 5,461 slots."));
    assert!(scene
        .map_label(true)
        .ends_with("F and L make it the first or last slot of the move."));
    assert!(scene
        .map_label(false)
        .ends_with("Arrow keys move the slot cursor."));
}

#[test]
fn a_move_migrates_then_hands_the_slots_over() {
    let mut params = SlotsParams {
        from: 5400,
        to: 5500,
        target: 2,
        phase: Phase::Migrating,
        ..SlotsParams::default()
    };
    let scene = Scene::new(&params);
    assert_eq!(scene.moving, 101);
    assert_eq!(scene.outgoing.len(), 2);
    assert_eq!(scene.outgoing[0].ranges, vec![(5400, 5460)]);
    assert_eq!(scene.outgoing[1].ranges, vec![(5461, 5500)]);
    assert_eq!(scene.marks[5400], Mark::Migrating { to: 2 });
    assert_eq!(scene.owners[5400], 0, "still A's while its keys travel");
    let lines = scene.client_lines().join(" ");
    let example = scene.example().expect("slots move");
    assert!(!example.yours, "none of the reader's keys is in 5400-5500");
    assert!(example.key.starts_with("user:"));
    assert!((5400..=5500).contains(&example.slot));
    assert!(
        lines.contains(&format!("-ASK {} 127.0.0.1:7002", example.slot)),
        "{lines}"
    );
    assert!(lines.contains("ASKING"), "{lines}");
    params.phase = Phase::Done;
    let scene = Scene::new(&params);
    assert_eq!(scene.owners[5400], 2);
    assert_eq!(scene.marks[5400], Mark::Resharded);
    assert_eq!(scene.resharded, 101);
    let counts: Vec<_> = scene.masters.iter().map(|m| m.slots).collect();
    assert_eq!(counts, [5400, 5422, 5562]);
    assert_eq!(scene.masters[2].ranges_text(), "5400-5500, 10923-16383");
    assert!(scene.client_lines()[0].contains("-MOVED"));
    assert!(scene.slot_text(5450).contains("create gave it to A"));
    // Moving slots to their owner moves nothing, and says so.
    let idle = Scene::new(&SlotsParams {
        from: 0,
        to: 10,
        target: 0,
        ..SlotsParams::default()
    });
    assert_eq!(idle.moving, 0);
    assert!(idle
        .move_headline()
        .ends_with("A owns them all already, nothing moves."));
    assert!(idle.client_lines().is_empty());
}

#[test]
fn the_buttons_walk_the_phases_and_keep_finished_moves() {
    let state = std::rc::Rc::new(Linked::<SlotsParams>::from_query(&[]));
    let edit = Edit::Set(state.params.advance());
    let state = state.reduce(edit);
    assert_eq!(state.params.phase, Phase::Migrating);
    let edit = Edit::Set(state.params.advance());
    let state = state.reduce(edit);
    assert_eq!(state.params.phase, Phase::Done);
    // Editing the range keeps the finished move and plans the next.
    let edit = state.params.edit_move(MoveField::From, "0".into());
    let state = state.reduce(Edit::Set(edit));
    assert_eq!(state.params.phase, Phase::Plan);
    assert_eq!(state.params.moves, vec![SlotsParams::default().current()]);
    assert_eq!(state.params.from, 0);
    assert!(state.notes.is_empty(), "{:?}", state.notes);
    let scene = Scene::new(&state.params);
    assert_eq!(scene.owners[11058], 0, "the kept move");
    // A new cluster forgets the moves.
    let state = state.reduce(Edit::Set(SlotsParams::recreate("4".into())));
    assert_eq!((state.params.masters, state.params.moves.len()), (4, 0));
    let scene = Scene::new(&state.params);
    let counts: Vec<_> = scene.masters.iter().map(|m| m.slots).collect();
    assert_eq!(counts, [4096; 4]);
    let state = state.reduce(Edit::Set(SlotsParams::reset()));
    assert_eq!(state.params.phase, Phase::Plan);
}

#[test]
fn keys_box_lines_are_the_keys() {
    let params = SlotsParams {
        keys: Some("\nfoo{}{bar}\n\nfoo{bar}{zap}\n".into()),
        ..SlotsParams::default()
    };
    let scene = Scene::new(&params);
    let slots: Vec<_> = scene
        .keys
        .iter()
        .map(|k| (k.key.as_str(), k.slot))
        .collect();
    assert_eq!(slots, [("foo{}{bar}", 8363), ("foo{bar}{zap}", 5061)]);
    assert!(!scene.keys[0].tagged, "an empty tag hashes the whole key");
    assert_eq!(scene.keys[1].hashed, "bar");
    assert!(scene.share_lines()[0].starts_with("No two of these keys share a slot"));
    let many: Vec<String> = (0..MAX_KEYS + 2).map(|i| format!("k{i}")).collect();
    let params = SlotsParams {
        keys: Some(many.join("\n")),
        ..SlotsParams::default()
    };
    let scene = Scene::new(&params);
    assert_eq!((scene.keys.len(), scene.keys_cut), (MAX_KEYS, true));
}

#[test]
fn the_cursor_steps_and_the_pointer_hits_cells() {
    assert_eq!(step(0, "ArrowLeft"), Some(0));
    assert_eq!(step(127, "ArrowRight"), Some(128), "on to the next row");
    assert_eq!(step(130, "ArrowUp"), Some(2));
    assert_eq!(step(16383, "ArrowDown"), Some(16383));
    assert_eq!(step(130, "Home"), Some(128));
    assert_eq!(step(130, "End"), Some(255));
    assert_eq!(step(130, "PageDown"), Some(130 + 16 * 128));
    assert_eq!(step(16300, "PageDown"), Some(16383));
    assert_eq!(step(5, "PageUp"), Some(0));
    assert_eq!(step(5, "x"), None);
    assert_eq!(hit(0.0, 0.0, 512.0), Some(0));
    assert_eq!(hit(511.9, 511.9, 512.0), Some(16383));
    assert_eq!(hit(50.0 * 4.0 + 1.0, 86.0 * 4.0 + 1.0, 512.0), Some(11058));
    assert_eq!(hit(512.0, 0.0, 512.0), None);
    assert_eq!(hit(1.0, 1.0, 0.0), None);
}

#[test]
fn outlines_follow_the_rows() {
    assert_eq!(outline(5, 9), vec![vec![(5, 0), (10, 0), (10, 1), (5, 1)]]);
    // The end of row 0 and the start of row 1, no column in common: two boxes.
    assert_eq!(
        outline(120, 130),
        vec![
            vec![(120, 0), (128, 0), (128, 1), (120, 1)],
            vec![(0, 1), (3, 1), (3, 2), (0, 2)]
        ]
    );
    assert_eq!(
        outline(3, 2 * 128 + 1),
        vec![vec![
            (3, 0),
            (128, 0),
            (128, 2),
            (2, 2),
            (2, 3),
            (0, 3),
            (0, 1),
            (3, 1)
        ]]
    );
    assert_eq!(outline(0, 16383).len(), 1);
}

/// Twice the signed area of a shape on the map (rows downwards): positive when it runs
/// clockwise on screen.
fn clockwise_area(shape: &[(u16, u16)]) -> i64 {
    (0..shape.len())
        .map(|i| {
            let (x0, y0) = shape[i];
            let (x1, y1) = shape[(i + 1) % shape.len()];
            x0 as i64 * y1 as i64 - x1 as i64 * y0 as i64
        })
        .sum()
}

#[test]
fn outlines_run_clockwise() {
    // src/views/slots/draw.rs clips the outline to the shapes' outside with the non-zero rule,
    // the map traced the other way round.
    for (first, last) in [
        (5, 9),
        (120, 130),
        (3, 2 * 128 + 1),
        (0, 16383),
        (11000, 11099),
        (127, 128),
        (0, 127),
        (1280, 1535),
        (16383, 16383),
    ] {
        for shape in outline(first, last) {
            assert!(clockwise_area(&shape) > 0, "{first}-{last}: {shape:?}");
        }
    }
    assert!(clockwise_area(&[(0, 0), (0, SIDE), (SIDE, SIDE), (SIDE, 0)]) < 0);
}

#[test]
fn why_16384_has_the_numbers() {
    let lines = why_lines();
    assert!(
        lines[0].contains("16,384 bits, 2,048 bytes (2 KB)"),
        "{lines:?}"
    );
    assert!(lines[0].contains("8,192 bytes (8 KB)"), "{lines:?}");
    assert!(lines[1].contains("about 16 slots"), "{lines:?}");
}

/// The default move, slots 11000 to 11099, spans rows 85 and 86 of the 128-wide map
/// (11000 = 85 * 128 + 120; 11099 = 86 * 128 + 91), and holds "somekey" (slot 11058).
#[test]
fn the_moves_rows_and_slots_are_those_of_its_range() {
    let scene = Scene::new(&SlotsParams::default());
    assert_eq!((scene.current.first, scene.current.last), (11000, 11099));
    assert_eq!(scene.move_rows(), (11000 / 128, 11099 / 128 + 1));
    assert_eq!(scene.move_rows(), (85, 87));
    assert!(scene.in_move(11000) && scene.in_move(11058) && scene.in_move(11099));
    assert!(!scene.in_move(10999) && !scene.in_move(11100));
    let one = Scene::new(&SlotsParams {
        from: 7,
        to: 7,
        ..SlotsParams::default()
    });
    assert_eq!(one.move_rows(), (0, 1));
}
