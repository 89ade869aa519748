//! "Copy link" and "Copy embed code": the current address, or an `<iframe>` of it in embed
//! mode, to the clipboard. Where the clipboard is refused, the text is shown selected so
//! that Ctrl+C (⌘C) copies it; either way a status line says what happened.

use yew::prelude::*;

use ringlab_model::route;

use crate::browser;
use crate::registry::infos;

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    /// The current view's title, for the iframe's `title`.
    pub title: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum What {
    Link,
    Embed,
}

impl What {
    fn noun(self) -> &'static str {
        match self {
            What::Link => "Link",
            What::Embed => "Embed code",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
struct Copied {
    what: What,
    text: String,
    ok: bool,
}

#[component]
pub fn ShareBar(props: &ShareProps) -> Html {
    let copied = use_state(|| None::<Copied>);
    let text_ref = use_node_ref();

    let title = format!("ringlab: {}", props.title);
    let copy = |what: What| {
        let copied = copied.clone();
        let title = title.clone();
        Callback::from(move |_: MouseEvent| {
            let href = browser::href();
            let text = match what {
                What::Link => href,
                What::Embed => format!(
                    "{}\n{}",
                    route::iframe_code(&route::embed_url(&href, infos()), &title),
                    route::embed_script_code(&href)
                ),
            };
            let copied = copied.clone();
            yew::platform::spawn_local(async move {
                let ok = browser::copy_text(&text).await;
                copied.set(Some(Copied { what, text, ok }));
            });
        })
    };

    // After a refused copy, select the text so that one keystroke copies it.
    {
        let text_ref = text_ref.clone();
        use_effect_with((*copied).clone(), move |copied| {
            if let Some(Copied { ok: false, .. }) = copied {
                if let Some(area) = text_ref.cast::<web_sys::HtmlTextAreaElement>() {
                    let _ = area.focus();
                    area.select();
                }
            }
        });
    }

    let status = match &*copied {
        None => String::new(),
        Some(Copied { what, ok: true, .. }) => {
            format!("{} copied to the clipboard.", what.noun())
        }
        Some(Copied { what, ok: false, .. }) => format!(
            "The clipboard is not available here. {} is selected below: press Ctrl+C (⌘C) to copy it.",
            what.noun()
        ),
    };

    let close = {
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| copied.set(None))
    };
    let on_escape = {
        let copied = copied.clone();
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Escape" {
                copied.set(None);
            }
        })
    };
    let open = copied.is_some();

    html! {
        <div class="share">
            <div class="share-buttons">
                // On a phone the words "Copy" and "code" give way (`.share-long`); the
                // accessible names stay whole.
                <button type="button" aria-label="Copy link" onclick={copy(What::Link)}>
                    <span class="share-long">{ "Copy " }</span>{ "link" }
                </button>
                <button type="button" aria-label="Copy embed code" onclick={copy(What::Embed)}>
                    <span class="share-long">{ "Copy " }</span>{ "embed" }<span class="share-long">{ " code" }</span>
                </button>
            </div>
            // Always in the page, so that screen readers announce what it says.
            <div class={classes!("share-panel", open.then_some("open"))} onkeydown={on_escape}>
                <p class="share-status" role="status" aria-live="polite">{ status }</p>
                if let Some(Copied { what, text, .. }) = &*copied {
                    <label class="share-text">
                        <span>{ what.noun() }</span>
                        <textarea ref={text_ref} readonly={true} rows="3" spellcheck="false"
                            value={text.clone()} />
                    </label>
                    <button type="button" class="share-close" onclick={close}>{ "Close" }</button>
                }
            </div>
        </div>
    }
}
