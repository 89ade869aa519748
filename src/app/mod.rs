//! The page: header (views, sharing), the view's title, notes about the URL, the current
//! view. `embed=1` leaves only the view, its title (for screen readers) and its notes.

pub mod draw;
pub mod header;
pub mod panic;

use gloo::events::EventListener;
use ringlab_model::route::Route;
use ringlab_model::shell::{Action, Shell};
use yew::prelude::*;

use crate::app::header::views_nav;
use crate::kit::browser;
use crate::kit::hooks::scheme::{use_scheme_changes, SchemeEpoch};
use crate::kit::share::ShareBar;
use crate::kit::store::Store;
use crate::kit::view_link::LinkMode;
use crate::kit::view_props::ViewProps;
use crate::registry::{groups, infos};
use draw::drawn;

#[component]
pub fn App() -> Html {
    // The address bar gets the canonical form of the shell's part of the hash (a known view,
    // no bad `embed`) here and on every navigation, before the view renders: a view that
    // reports its own canonical parameters from its first effect then has the last word.
    let shell = use_reducer(|| {
        let shell = Shell::load(Route::parse(&browser::hash(), infos()));
        browser::replace_hash(&shell.hash());
        Store::new(shell)
    });

    // Typed, pasted, back, forward or a header link: read the hash again.
    {
        let shell = shell.dispatcher();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|window| {
                EventListener::new(&window, "hashchange", move |_| {
                    let route = Route::parse(&browser::hash(), infos());
                    browser::replace_hash(&route.to_hash());
                    shell.dispatch(Action::Navigate(route));
                })
            });
            move || drop(listener)
        });
    }

    use_effect_with(shell.view, |view| {
        browser::set_title(&format!("{} · ringlab", view.title));
    });
    use_effect_with(shell.theme, |theme| browser::set_theme(*theme));
    let scheme = use_scheme_changes();
    let links = LinkMode {
        view: shell.view,
        embedded: shell.embed,
        theme: shell.theme,
        controls: shell.controls,
        compact: shell.compact,
        transparent: shell.transparent,
    };

    let on_query = {
        let shell = shell.clone();
        Callback::from(move |query: Vec<(String, String)>| {
            browser::replace_hash(&shell.hash_with(query));
        })
    };

    let props = ViewProps {
        query: shell.query.clone(),
        embed: shell.embed,
        // A compact figure has no control panel either.
        controls: shell.controls && !shell.compact,
        on_query,
    };
    let view = match drawn(shell.view).map(|drawn| drawn.render) {
        Some(render) => html! {
            <ContextProvider<SchemeEpoch> context={scheme}>
                <ContextProvider<LinkMode> context={links}>
                    <div class="view-host" key={shell.visit.to_string()}>{ render(&props) }</div>
                </ContextProvider<LinkMode>>
            </ContextProvider<SchemeEpoch>>
        },
        None => html! { <OtherBundle title={shell.view.title} /> },
    };
    let notes = (!shell.notes.is_empty()).then(|| {
        html! {
            <ul class="notes" aria-label="Notes about the link">
                { for shell.notes.iter().map(|note| html! { <li>{ note }</li> }) }
            </ul>
        }
    });

    if shell.embed {
        return html! {
            // Everything inside the one landmark: a docs page's reader meets no stray text.
            <div class={classes!(
                "app",
                "embed",
                (!shell.controls || shell.compact).then_some("no-controls"),
                shell.compact.then_some("compact"),
                shell.transparent.then_some("transparent"),
            )}>
                <main id="main">
                    <h1 class="visually-hidden">{ shell.view.title }</h1>
                    { for notes }
                    { view }
                </main>
            </div>
        };
    }

    html! {
        <div class="app">
            <a class="skip" href="#main" onclick={skip_to_main()}>{ "Skip to content" }</a>
            <header class="top">
                <a class="brand" href={format!("#/{}", crate::views::index::INDEX_PATH)}>{ "ringlab" }</a>
                { views_nav(&groups(), shell.view) }
                <ShareBar title={shell.view.title} />
            </header>
            { for notes }
            <main id="main" tabindex="-1">
                <h1 class="view-title">{ shell.view.title }</h1>
                { view }
            </main>
            <footer class="bottom">
                <p>
                    { "Every placement is computed by ringlab-core, the same Rust code as the " }
                    <code>{ "ringlab" }</code>
                    { " command line, compiled to WebAssembly." }
                </p>
            </footer>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct OtherBundleProps {
    title: &'static str,
}

/// A view of another bundle (a header link or an edited hash led here): the page loads
/// again, and `boot.js` starts the bundle that has it. Once per address, so a build that
/// lacks the bundle says so instead of reloading for ever.
#[component]
fn OtherBundle(props: &OtherBundleProps) -> Html {
    let reloading = use_state(browser::reload_once);
    if *reloading {
        html! { <p class="view-loading" role="status">{ format!("Loading the {}…", props.title.to_ascii_lowercase()) }</p> }
    } else {
        html! { <p class="view-loading" role="alert">{ format!("This build of ringlab has no {}.", props.title.to_ascii_lowercase()) }</p> }
    }
}

/// The skip link moves focus without touching the hash, which holds the state.
fn skip_to_main() -> Callback<MouseEvent> {
    Callback::from(|event: MouseEvent| {
        event.prevent_default();
        let main = web_sys::window()
            .and_then(|window| window.document())
            .and_then(|document| document.get_element_by_id("main"));
        if let Some(main) = main {
            if let Ok(main) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(main) {
                let _ = main.focus();
            }
        }
    })
}
