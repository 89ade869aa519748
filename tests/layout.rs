//! The README's Layout section against the folders: every view's two folders are in its
//! table, every file and folder of the app's kit is named, and every path the section
//! names exists.

use std::path::Path;

use ringlab::registry::VIEWS;
use ringlab_model::views::index::INDEX_PATH;

fn layout() -> String {
    let readme = include_str!("../README.md");
    let start = readme
        .find("## Layout")
        .expect("README has a Layout section");
    let rest = &readme[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    rest[..end].to_string()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_view_has_its_two_folders_in_the_table() {
    let layout = layout();
    for view in VIEWS.iter().filter(|v| v.path != INDEX_PATH) {
        let row = format!(
            "| `#/{0}` | `src/views/{0}/` | `model/src/views/{0}/` |",
            view.path
        );
        assert!(layout.contains(&row), "no row for #/{}: {row}", view.path);
        for folder in [
            format!("src/views/{}", view.path),
            format!("model/src/views/{}", view.path),
        ] {
            assert!(root().join(&folder).is_dir(), "{folder} is missing");
        }
    }
    assert!(root().join("src/views/index.rs").is_file());
    assert!(layout.contains("`src/views/index.rs`"));
}

#[test]
fn every_part_of_the_kit_is_named() {
    let layout = layout();
    for folder in ["src/kit", "src/kit/hooks"] {
        for entry in std::fs::read_dir(root().join(folder)).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name == "mod.rs" || name == "hooks" {
                continue;
            }
            let path = if name.ends_with(".rs") {
                format!("`{folder}/{name}`")
            } else {
                format!("`{folder}/{name}/`")
            };
            assert!(
                layout.contains(&path),
                "{path} is not in the README's Layout"
            );
        }
    }
}

#[test]
fn every_path_the_section_names_exists() {
    let layout = layout();
    let mut named = 0;
    for part in layout.split('`').skip(1).step_by(2) {
        let is_path = ["src/", "model/src/", "core/src/"]
            .iter()
            .any(|p| part.starts_with(p))
            && !part.contains('*')
            && !part.contains(' ');
        if is_path {
            assert!(
                root().join(part).exists(),
                "the README names {part}, which is not there"
            );
            named += 1;
        }
    }
    assert!(named > 40, "{named} paths");
}
