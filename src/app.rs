//! The page: header (views, sharing), notes about the URL, the current view. `embed=1`
//! leaves only the view and its notes.

use gloo::events::EventListener;
use yew::prelude::*;

use crate::browser;
use crate::route::{Route, View};
use crate::share::ShareBar;
use crate::state::{Action, Shell};
use crate::views::ViewHost;

#[component]
pub fn App() -> Html {
    // The address bar gets the canonical form of the shell's part of the hash (a known view,
    // no bad `embed`) here and on every navigation, before the view renders: a view that
    // reports its own canonical parameters from its first effect then has the last word.
    let shell = use_reducer(|| {
        let shell = Shell::load(&browser::hash());
        browser::replace_hash(&shell.hash());
        shell
    });

    // Typed, pasted, back, forward or a header link: read the hash again.
    {
        let shell = shell.dispatcher();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|window| {
                EventListener::new(&window, "hashchange", move |_| {
                    let hash = browser::hash();
                    browser::replace_hash(&Route::parse(&hash).to_hash());
                    shell.dispatch(Action::Navigate(hash));
                })
            });
            move || drop(listener)
        });
    }

    use_effect_with(shell.view, |view| {
        browser::set_title(&format!("{} · ringlab", view.title()));
    });

    let on_query = {
        let shell = shell.clone();
        Callback::from(move |query: Vec<(String, String)>| {
            browser::replace_hash(&shell.hash_with(query));
        })
    };

    let view = html! {
        <ViewHost key={shell.visit.to_string()} view={shell.view} query={shell.query.clone()}
            embed={shell.embed} {on_query} />
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
            <div class="app embed">
                { for notes }
                <main id="main">{ view }</main>
            </div>
        };
    }

    html! {
        <div class="app">
            <a class="skip" href="#main" onclick={skip_to_main()}>{ "Skip to content" }</a>
            <header class="top">
                <span class="brand">{ "ringlab" }</span>
                <nav aria-label="Views">
                    <ul>
                        { for View::ALL.iter().map(|&view| header_link(view, shell.view)) }
                    </ul>
                </nav>
                <ShareBar />
            </header>
            { for notes }
            <main id="main" tabindex="-1">{ view }</main>
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

fn header_link(view: View, current: View) -> Html {
    let href = format!("#/{}", view.path());
    let current = (view == current).then_some("page");
    html! {
        <li><a href={href} aria-current={current}>{ view.title() }</a></li>
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
