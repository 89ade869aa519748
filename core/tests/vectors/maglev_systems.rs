//! Cilium's and katran's Maglev tables against the public vector files their own code
//! produced (`tests/data/cilium_public_weighted4_251.tsv`, `katran_public_weighted4_251.tsv`).

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ringlab_core::schemes::maglev_cilium;
use ringlab_core::schemes::maglev_katran::{self, Fill};

use crate::Vectors;

/// `name=weight,...` from a header.
fn weighted(list: &str) -> Vec<(&str, u16)> {
    list.split(',')
        .map(|item| {
            let (name, weight) = item.rsplit_once('=').expect("name=weight");
            (name, weight.parse().expect("a weight"))
        })
        .collect()
}

#[test]
fn cilium_public_table() {
    let file = Vectors::parse(include_str!("../data/cilium_public_weighted4_251.tsv"));
    let backends: Vec<maglev_cilium::Backend> = weighted(file.header_field("servers"))
        .into_iter()
        .map(|(name, weight)| maglev_cilium::Backend::parse(name, weight).unwrap())
        .collect();
    let size: u64 = file.header_field("table").parse().unwrap();
    let table = maglev_cilium::table(&backends, size).unwrap();
    assert_eq!(file.rows.len(), size as usize);
    for row in &file.rows {
        let slot: usize = row[0].parse().unwrap();
        assert_eq!(backends[table[slot]].name, row[1], "slot {slot}");
    }
    assert_eq!(maglev_cilium::counts(&table, 4), [25, 51, 76, 99]);
}

#[test]
fn katran_public_table() {
    let file = Vectors::parse(include_str!("../data/katran_public_weighted4_251.tsv"));
    assert_eq!(file.header_field("system"), "katran-v2");
    let reals: Vec<maglev_katran::Real> = weighted(file.header_field("servers"))
        .into_iter()
        .map(|(name, weight)| maglev_katran::Real::parse(name, u32::from(weight)).unwrap())
        .collect();
    let size: u64 = file.header_field("table").parse().unwrap();
    let table = maglev_katran::table(&reals, size, Fill::V2).unwrap();
    assert_eq!(file.rows.len(), size as usize);
    for row in &file.rows {
        let slot: usize = row[0].parse().unwrap();
        assert_eq!(reals[table[slot]].name, row[1], "slot {slot}");
    }
    assert_eq!(maglev_katran::counts(&table, 4), [25, 50, 75, 101]);
    // SPECS: the same reals with v1 get 61, 62, 64 and 64.
    let v1 = maglev_katran::table(&reals, size, Fill::V1).unwrap();
    assert_eq!(maglev_katran::counts(&v1, 4), [61, 62, 64, 64]);
}
