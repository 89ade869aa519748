//! mcrouter's WeightedRendezvous against the public file its own code produced
//! (`tests/data/mcrouter_public_weighted-rendezvous_3.tsv`): the key as given, its child.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ringlab_core::schemes::mcrouter;

use crate::Vectors;

#[test]
fn mcrouter_weighted_rendezvous_public_file() {
    let file = Vectors::parse(include_str!(
        "../data/mcrouter_public_weighted-rendezvous_3.tsv"
    ));
    let (tags, weights): (Vec<String>, Vec<f64>) = file
        .header_field("servers")
        .split(',')
        .map(|item| {
            let (tag, weight) = item.rsplit_once('=').unwrap();
            (tag.to_string(), weight.parse::<f64>().unwrap())
        })
        .unzip();
    assert_eq!(file.rows.len(), 100);
    for row in &file.rows {
        let index = mcrouter::weighted_rendezvous(row[0].as_bytes(), &tags, &weights);
        assert_eq!(tags[index], row[1], "key {:?}", row[0]);
    }
}
