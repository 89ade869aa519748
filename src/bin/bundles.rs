//! Prints which bundle has which view, from the registry, for `make dist`
//! (scripts/dist-bundles.sh): `bundles` lists the bundle names, one a line, the default
//! first; `views` prints a JSON object from each view's path to its bundle (`*` for a view
//! every bundle has); `styles` prints each bundle's stylesheets (names in `static/`).

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("bundles") => {
            for name in ringlab::registry::bundles() {
                println!("{name}");
            }
        }
        Some("views") => {
            let pairs: Vec<String> = ringlab::registry::VIEWS
                .iter()
                .map(|entry| format!("\"{}\":\"{}\"", entry.info.path, entry.bundle))
                .collect();
            println!("{{{}}}", pairs.join(","));
        }
        Some("styles") => {
            let pairs: Vec<String> = ringlab::registry::styles()
                .into_iter()
                .map(|(bundle, names)| {
                    let names: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
                    format!("\"{bundle}\":[{}]", names.join(","))
                })
                .collect();
            println!("{{{}}}", pairs.join(","));
        }
        _ => {
            eprintln!("usage: ringlab-bundles bundles|views|styles");
            std::process::exit(2);
        }
    }
}
