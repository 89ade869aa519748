//! Prints the registry's bundles for `make dist` (scripts/dist-bundles.sh) and `make
//! serve` (scripts/index-html.sh): `bundles` lists `name profile`, one bundle a line, the
//! default first; `views` prints a JSON object from each view's path to its bundle;
//! `styles` prints each bundle's stylesheets (names in
//! `static/`) as JSON; `stylesheets` lists every view's stylesheet, one a line.

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("bundles") => {
            for bundle in ringlab::registry::BUNDLES {
                println!("{} {}", bundle.name, bundle.profile);
            }
        }
        Some("stylesheets") => {
            // Once each, though a stylesheet may serve several bundles.
            let mut seen = Vec::new();
            for name in ringlab::registry::styles().into_iter().flat_map(|(_, n)| n) {
                if !seen.contains(&name) {
                    println!("{name}");
                    seen.push(name);
                }
            }
        }
        Some("views") => {
            let pairs: Vec<String> = ringlab::registry::VIEWS
                .iter()
                .map(|info| format!("\"{}\":\"{}\"", info.path, info.bundle))
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
            eprintln!("usage: ringlab-bundles bundles|views|styles|stylesheets");
            std::process::exit(2);
        }
    }
}
