//! The lab's shipped results (model/src/views/lab/shipped.tsv) are what a fresh run gives,
//! number for number. A debug build (`cargo test`) checks the smaller settings of every
//! run, a few seconds' work there; `make native` runs this file again in release, where
//! every setting takes 20 seconds in all. `RINGLAB_WRITE_SHIPPED=1` writes the file anew
//! instead (run it in release).

use ringlab_core::experiment::Setting;
use ringlab_model::loss::Loss;
use ringlab_model::views::compare::schemes::Compared;
use ringlab_model::views::lab::agree::Pair;
use ringlab_model::views::lab::job::{BoundedOutcome, TrialKind};
use ringlab_model::views::lab::runs::run_here;
use ringlab_model::views::lab::shipped::{self, fresh, fresh_file};

/// Whether this build checks `setting` of `kind`: in release, all; in debug, the rings
/// of up to 100 servers of up to 64 points, and real keys on up to 100 servers.
fn checked_here(kind: TrialKind, setting: &Setting) -> bool {
    let small = match kind {
        TrialKind::BusiestRing | TrialKind::Catcher => {
            setting.servers <= 100 && setting.points <= 64
        }
        TrialKind::Keys(_) => setting.servers <= 100,
        _ => true,
    };
    cfg!(not(debug_assertions)) || small
}

fn same_as_fresh(kind: TrialKind) {
    if std::env::var_os("RINGLAB_WRITE_SHIPPED").is_some() {
        return;
    }
    let keep = |s: &Setting| checked_here(kind, s);
    let (now, kept) = (fresh(kind, &keep), shipped::shipped(kind, &keep));
    assert!(!kept.is_empty(), "nothing shipped for {}", kind.name());
    assert_eq!(
        now,
        kept,
        "the shipped rows of {} are not a fresh run's",
        kind.name()
    );
}

#[test]
fn written_anew_when_asked() {
    if std::env::var_os("RINGLAB_WRITE_SHIPPED").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/views/lab/shipped.tsv");
        std::fs::write(path, fresh_file()).expect("write shipped.tsv");
    }
}

#[test]
fn busiest_by_the_gamma_model() {
    same_as_fresh(TrialKind::BusiestGamma);
}

#[test]
fn busiest_by_placing_points() {
    same_as_fresh(TrialKind::BusiestRing);
}

#[test]
fn the_biggest_catcher() {
    same_as_fresh(TrialKind::Catcher);
}

#[test]
fn data_loss() {
    same_as_fresh(TrialKind::Loss);
}

#[test]
fn real_keys_on_a_ring() {
    same_as_fresh(TrialKind::Keys(Compared::Ring));
    same_as_fresh(TrialKind::Keys(Compared::Ring1024));
}

#[test]
fn real_keys_under_jump_and_rendezvous() {
    same_as_fresh(TrialKind::Keys(Compared::Jump));
    same_as_fresh(TrialKind::Keys(Compared::Rendezvous));
}

#[test]
fn bounded_loads() {
    same_as_fresh(TrialKind::Bounded);
}

#[test]
fn clients_agreeing() {
    for pair in Pair::ALL {
        same_as_fresh(TrialKind::Agree(pair));
    }
}

/// The command line computes its durability and bounded-loads tables row by row
/// (`run_here`): they are the shipped rows too.
#[test]
fn the_command_lines_rows_are_the_shipped_ones() {
    let loss: Vec<(u32, Loss)> = run_here::<Loss>(TrialKind::Loss, &|| 0.0)
        .into_iter()
        .map(|(s, l)| (s.points, l))
        .collect();
    assert_eq!(loss, shipped::loss_rows());
    let bounded: Vec<(f64, BoundedOutcome)> =
        run_here::<BoundedOutcome>(TrialKind::Bounded, &|| 0.0)
            .into_iter()
            .map(|(s, b)| (f64::from(s.points) / 1_000.0, b))
            .collect();
    assert_eq!(bounded, shipped::bounded_rows());
}

/// Figure 10's rows are a fresh replay of the Mooncake conversation trace (data/).
#[test]
fn llm_routing_on_the_real_trace() {
    use ringlab_model::views::lab::llm;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/mooncake/conversation_trace.jsonl"
    );
    let trace = ringlab_core::llm::trace::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let text = llm::file_text(&llm::rows(&trace), llm::most_reusable(&trace));
    if std::env::var_os("RINGLAB_WRITE_SHIPPED").is_some() {
        let out = concat!(env!("CARGO_MANIFEST_DIR"), "/src/views/lab/llm.tsv");
        std::fs::write(out, text).expect("write llm.tsv");
        return;
    }
    assert_eq!(
        text,
        llm::shipped_text(),
        "the shipped rows of figure 10 are not a fresh replay's"
    );
    let (rows, most) = llm::shipped();
    assert_eq!(most, (288_500 - 182_790, 288_500));
    assert_eq!(rows.len(), 24 + 14 + 21);
}
