//! The app mounted into a `<div>` in headless Chromium (wasm-bindgen-test): the shell
//! renders its header, reads the hash it finds and writes the canonical one back.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A fresh `<div>` in the body with the app mounted in it, after `hash` was set.
async fn mount(hash: &str) -> (Element, yew::AppHandle<ringlab::app::App>) {
    let window = web_sys::window().unwrap();
    window
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash))
        .unwrap();
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = yew::Renderer::<ringlab::app::App>::with_root(root.clone()).render();
    (root, handle)
}

/// Waits (at most two seconds) for `selector` to match inside `root`.
async fn find(root: &Element, selector: &str) -> Element {
    for _ in 0..200 {
        if let Ok(Some(found)) = root.query_selector(selector) {
            return found;
        }
        yew::platform::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("nothing matches {selector}");
}

fn text(element: &Element) -> String {
    element.text_content().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_header_renders_with_its_views_and_share_buttons() {
    let (root, handle) = mount("#/ring?keys=8").await;
    let nav = find(&root, "header nav[aria-label='Views']").await;
    let links = nav.query_selector_all("a").unwrap();
    let elements: Vec<Element> = (0..links.length())
        .map(|i| links.get(i).unwrap().dyn_into::<Element>().unwrap())
        .collect();
    // Each link is named by the view's whole title, in the registry's header order; a
    // view alone in its group shows its short name, a menu's links their titles.
    let names: Vec<String> = elements
        .iter()
        .map(|a| a.get_attribute("aria-label").unwrap_or_else(|| text(a)))
        .collect();
    let titles: Vec<&str> = ringlab::registry::header().map(|v| v.title).collect();
    assert_eq!(names, titles);
    assert_eq!(names.first().map(String::as_str), Some("Learn"));
    let at = |title: &str| -> Element {
        let i = names.iter().position(|name| name == title).unwrap() as u32;
        links.get(i).unwrap().dyn_into().unwrap()
    };
    let link = at("Ring playground");
    assert_eq!(link.get_attribute("aria-current").as_deref(), Some("page"));
    assert_eq!(text(&link), "Ring playground");
    let grids = at("Modulo vs ring");
    assert_eq!(grids.get_attribute("aria-current"), None);
    for (_, views) in ringlab::registry::groups()
        .iter()
        .filter(|(_, views)| views.len() == 1)
    {
        let view = views[0];
        assert_eq!(
            text(&at(view.title)),
            view.nav,
            "a group of one: a link, short name"
        );
    }
    // In a menu, a view's link reads its whole title ("Real systems", not "Systems").
    assert_eq!(text(&at("Real systems")), "Real systems");
    // A menu per group of two or more, the current view's marked; then the share buttons.
    let menus: Vec<(String, bool)> = {
        let list = nav.query_selector_all("button").unwrap();
        (0..list.length())
            .map(|i| list.get(i).unwrap().dyn_into::<Element>().unwrap())
            .map(|b| {
                (
                    text(&b),
                    b.class_name().split_whitespace().any(|c| c == "current"),
                )
            })
            .collect()
    };
    let expected: Vec<(String, bool)> = ringlab::registry::groups()
        .iter()
        .filter(|(_, views)| views.len() > 1)
        .map(|(group, views)| (group.to_string(), views.iter().any(|v| v.path == "ring")))
        .collect();
    assert_eq!(menus, expected);
    let buttons: Vec<String> = {
        let list = root.query_selector_all("header .share button").unwrap();
        (0..list.length())
            .map(|i| list.get(i).unwrap().text_content().unwrap_or_default())
            .collect()
    };
    assert_eq!(buttons, ["Copy link", "Copy embed code"]);
    assert!(root.query_selector("main#main").unwrap().is_some());
    assert!(root.query_selector(".notes").unwrap().is_none());
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn embed_mode_has_no_header() {
    let (root, handle) = mount("#/ring?keys=8&embed=1").await;
    find(&root, "main#main").await;
    assert!(root.query_selector("header").unwrap().is_none());
    assert!(root.query_selector("footer").unwrap().is_none());
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn a_bad_hash_gets_a_note_and_is_rewritten() {
    let (root, handle) = mount("#/nowhere?embed=2").await;
    let notes = find(&root, "ul.notes").await;
    let notes: HtmlElement = notes.dyn_into().unwrap();
    assert!(text(&notes).contains("nowhere"), "{}", text(&notes));
    assert!(text(&notes).contains("embed=2"), "{}", text(&notes));
    // The shell rewrites its part of the address: a view that does not exist opens the
    // list of every view.
    let hash = web_sys::window().unwrap().location().hash().unwrap();
    assert!(hash == "#/views" || hash.starts_with("#/views?"), "{hash}");
    assert!(
        !hash.contains("nowhere") && !hash.contains("embed"),
        "{hash}"
    );
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn the_grids_view_mounts_with_its_cells_and_counters() {
    let (root, handle) = mount("#/grids?servers=9&from=8&keys=20").await;
    find(&root, "a.gr-cell").await;
    // Two grids (modulo and the ring) of 20 cells each, each under its counter.
    let cells = root.query_selector_all("a.gr-cell").unwrap();
    assert_eq!(cells.length(), 40);
    let counters = root.query_selector_all(".gr-counter strong").unwrap();
    assert_eq!(counters.length(), 2);
    for i in 0..counters.length() {
        let counter = text(&counters.get(i).unwrap().dyn_into::<Element>().unwrap());
        assert!(
            counter.ends_with("%)") && counter.contains(" of 20 keys moved ("),
            "{counter}"
        );
    }
    let link = find(&root, "a.gr-cell").await;
    let href = link.get_attribute("href").unwrap_or_default();
    assert!(
        href.starts_with("#/ring?servers=9&") && href.ends_with("&walk=0"),
        "{href}"
    );
    let heading = find(&root, "h1").await;
    assert_eq!(text(&heading), "Modulo vs ring");
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn the_clock_mounts_with_its_servers_keys_and_reveal_buttons() {
    let (root, handle) = mount("#/clock").await;
    let dial = find(&root, "svg.ck-dial").await;
    let label = dial.get_attribute("aria-label").unwrap_or_default();
    assert_eq!(label, "Clock, start: servers A at 10, B at 40, C at 75");
    let buttons: Vec<String> = {
        let list = root.query_selector_all(".ck-steps button").unwrap();
        (0..list.length())
            .map(|i| list.get(i).unwrap().text_content().unwrap_or_default())
            .collect()
    };
    assert_eq!(
        buttons.iter().filter(|b| *b == "Reveal").count(),
        3,
        "{buttons:?}"
    );
    let steps = text(&find(&root, ".ck-steps").await);
    for key in ["user:42", "cart:7", "order:19", "sess:3", "post:88"] {
        assert!(steps.contains(key), "{key} missing from {steps}");
    }
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn the_cost_panel_mounts_with_the_worked_figures() {
    let (root, handle) = mount("#/cost").await;
    let table = text(&find(&root, "table.cost-table").await);
    assert!(table.contains("10.24 TB"), "{table}");
    assert!(table.contains("0.64 TB"), "{table}");
    let why = text(&find(&root, ".cost-prose").await);
    assert!(why.contains("mod N moves 16 times as much"), "{why}");
    handle.destroy();
    root.remove();
}

/// Every registered view mounts, full page and embedded, with its title in the one `<h1>`
/// and in the page title, and without a note for its own canonical link.
#[wasm_bindgen_test]
async fn every_registered_view_mounts_with_one_h1() {
    for entry in ringlab::registry::VIEWS {
        for embed in ["", "?embed=1"] {
            let hash = format!("#/{}{embed}", entry.path);
            let (root, handle) = mount(&hash).await;
            let heading = find(&root, "h1").await;
            assert_eq!(text(&heading), entry.title, "{hash}");
            assert_eq!(root.query_selector_all("h1").unwrap().length(), 1, "{hash}");
            yew::platform::time::sleep(Duration::from_millis(50)).await;
            assert_eq!(document().title(), format!("{} · ringlab", entry.title));
            assert!(
                root.query_selector(".notes, .view-notes")
                    .unwrap()
                    .is_none(),
                "{hash}"
            );
            handle.destroy();
            root.remove();
        }
    }
}

#[wasm_bindgen_test]
async fn the_theme_parameter_sets_the_page_theme() {
    let (root, handle) = mount("#/cost?theme=dark&embed=1&controls=0").await;
    find(&root, "main#main").await;
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    let html = document().document_element().unwrap();
    assert_eq!(html.get_attribute("data-theme").as_deref(), Some("dark"));
    assert!(root.query_selector(".app.no-controls").unwrap().is_some());
    handle.destroy();
    root.remove();
    let (root, handle) = mount("#/cost").await;
    find(&root, "main#main").await;
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(html.get_attribute("data-theme"), None);
    handle.destroy();
    root.remove();
}

/// The header holds 25 views and more: the registry padded with test entries (in groups
/// it has and in two new ones) lists every entry once, each group of two or more as a
/// menu, closed until asked.
#[wasm_bindgen_test]
async fn the_header_lists_a_registry_padded_to_25_views() {
    use ringlab::app::header::views_nav;
    use ringlab::registry::{grouped, infos, GROUPS};
    use ringlab_model::view_state::ViewInfo;
    use std::rc::Rc;

    let mut views: Vec<&'static ViewInfo> = infos().to_vec();
    let padding = ["Alternatives", "Real systems", "Clients", "Claims"];
    let mut i = 0;
    while views.len() < 25 {
        let title: &'static str = Box::leak(format!("Test view {i}").into_boxed_str());
        views.push(Box::leak(Box::new(ViewInfo {
            path: Box::leak(format!("test-{i}").into_boxed_str()),
            title,
            nav: title,
            description: "",
            group: padding[i % padding.len()],
            tail: None,
            bundle: "test",
            styles: &[],
        })));
        i += 1;
    }
    let mut order = GROUPS.to_vec();
    order.extend(["Clients", "Claims"]);
    let groups = Rc::new(grouped(&views, &order));

    #[derive(yew::Properties, PartialEq)]
    struct Padded {
        groups: Rc<Vec<ringlab::registry::Group>>,
        current: &'static ViewInfo,
    }
    #[yew::component]
    fn Host(props: &Padded) -> yew::Html {
        views_nav(&props.groups, props.current)
    }
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = yew::Renderer::<Host>::with_root_and_props(
        root.clone(),
        Padded {
            groups: groups.clone(),
            current: views[0],
        },
    )
    .render();
    let nav = find(&root, "nav[aria-label='Views']").await;
    let links = nav.query_selector_all("a").unwrap();
    assert_eq!(links.length(), 25);
    let menus = nav
        .query_selector_all("button[aria-expanded='false']")
        .unwrap();
    let many = groups.iter().filter(|(_, v)| v.len() > 1).count() as u32;
    assert_eq!(menus.length(), many);
    assert!(many >= 5, "{many} menus");
    let panels = nav.query_selector_all(".menu-panel[hidden]").unwrap();
    assert_eq!(panels.length(), many, "every menu starts closed");
    // The phone's menu lists the same 25.
    let phone = find(&root, "nav[aria-label='Views menu']").await;
    assert_eq!(phone.query_selector_all("a").unwrap().length(), 25);
    handle.destroy();
    root.remove();
}
