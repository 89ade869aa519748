//! "Copy link" and "Copy embed code": the current address, or an `<iframe>` of it in embed
//! mode, to the clipboard. Where the clipboard is refused, the text is shown selected so
//! that Ctrl+C (⌘C) copies it; either way a status line says what happened.
//!
//! The embed code is the widget as it will look: the panel offers its theme, no controls,
//! the compact figure and a transparent background (`share_options`), and the height in
//! the code is the widget's own, measured with those options (`embed_height`), and said
//! in words under them.
//!
//! The text belongs to the address it was made from: when the reader goes to another
//! view or changes the view's state, the panel closes.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use yew::prelude::*;

use ringlab_model::embed_code::{self, EmbedOptions};

use crate::kit::browser;
use crate::kit::embed_height;
use crate::kit::share_options::{embed_advice, embed_options_fields};
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

/// What the panel says about the text it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Said {
    Copied,
    /// The clipboard refused: the text is selected for Ctrl+C.
    Refused,
    /// The options changed the code, which is not copied yet.
    Changed,
}

#[derive(Debug, Clone, PartialEq)]
struct Shown {
    what: What,
    text: String,
    said: Said,
    /// The options the text was made with, and the widget's height measured for it.
    options: EmbedOptions,
    height: Option<u32>,
}

/// The text for `what` with `options`: the address, or the snippet with the widget's
/// measured height (returned too).
async fn text_for(what: What, options: EmbedOptions, title: &str) -> (String, Option<u32>) {
    let href = browser::href();
    match what {
        What::Link => (href, None),
        What::Embed => {
            let url = embed_code::embed_url(&href, infos(), &options);
            let height = embed_height::measure(&url).await;
            let text = embed_code::snippet(&href, infos(), &options, title, height);
            (text, height)
        }
    }
}

#[component]
pub fn ShareBar(props: &ShareProps) -> Html {
    let shown = use_state(|| None::<Shown>);
    let options = use_state(EmbedOptions::default);
    let busy = use_state(|| false);
    let text_ref = use_node_ref();
    // Which request is the latest: two quick option changes measure the widget twice, and
    // the first measurement may finish last. Only the latest request's text is shown.
    let latest = use_mut_ref(|| 0_u32);

    let title = format!("ringlab: {}", props.title);
    // Builds the text, then copies it (`copy`) or only shows it.
    let make = {
        let (shown, busy, title, latest) =
            (shown.clone(), busy.clone(), title.clone(), latest.clone());
        move |what: What, options: EmbedOptions, copy: bool| {
            let (shown, busy, title) = (shown.clone(), busy.clone(), title.clone());
            let latest = latest.clone();
            let request = {
                let mut latest = latest.borrow_mut();
                *latest = latest.wrapping_add(1);
                *latest
            };
            busy.set(true);
            yew::platform::spawn_local(async move {
                let (text, height) = text_for(what, options, &title).await;
                if *latest.borrow() != request {
                    return;
                }
                let said = if !copy {
                    Said::Changed
                } else if browser::copy_text(&text).await {
                    Said::Copied
                } else {
                    Said::Refused
                };
                if *latest.borrow() != request {
                    return;
                }
                busy.set(false);
                shown.set(Some(Shown {
                    what,
                    text,
                    said,
                    options,
                    height,
                }));
            });
        }
    };
    // While the code is being made, a press does nothing. The button stays enabled
    // (`aria-disabled`), so that it keeps the keyboard's focus: a disabled button drops it
    // to the page, and Escape would then no longer reach the panel.
    let copy = |what: What| {
        let (make, options, busy) = (make.clone(), options.clone(), *busy);
        Callback::from(move |_: MouseEvent| {
            if !busy {
                make(what, *options, true)
            }
        })
    };

    // After a refused copy, select the text so that one keystroke copies it.
    {
        let text_ref = text_ref.clone();
        use_effect_with((*shown).clone(), move |shown| {
            if let Some(Shown {
                said: Said::Refused,
                ..
            }) = shown
            {
                if let Some(area) = text_ref.cast::<web_sys::HtmlTextAreaElement>() {
                    let _ = area.focus();
                    area.select();
                }
            }
        });
    }

    let status = status_text(&shown, *busy);
    use_forget_on_leaving(shown.clone(), busy.clone(), latest);
    let close = {
        let shown = shown.clone();
        Callback::from(move |_: MouseEvent| shown.set(None))
    };
    let on_escape = {
        let shown = shown.clone();
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Escape" {
                shown.set(None);
            }
        })
    };
    // An option changed: the code again, shown, not copied.
    let on_change = {
        let (options, make) = (options.clone(), make.clone());
        Callback::from(move |next: EmbedOptions| {
            options.set(next);
            make(What::Embed, next, false);
        })
    };
    let open = shown.is_some();

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
                if let Some(Shown { what, text, options: made, height, .. }) = &*shown {
                    if *what == What::Embed {
                        { embed_options_fields(*options, &on_change) }
                        { embed_advice(*made, *height) }
                    }
                    <label class="share-text">
                        <span>{ what.noun() }</span>
                        <textarea ref={text_ref} readonly={true} rows="3" spellcheck="false"
                            value={text.clone()} />
                    </label>
                    <div class="share-actions">
                        if *what == What::Embed {
                            <button type="button" onclick={copy(What::Embed)} aria-disabled={(*busy).to_string()}>{ "Copy" }</button>
                        }
                        <button type="button" class="share-close" onclick={close}>{ "Close" }</button>
                    </div>
                }
            </div>
        </div>
    }
}

/// What the panel's status line says.
fn status_text(shown: &Option<Shown>, busy: bool) -> String {
    match (shown, busy) {
        (_, true) => "Measuring the widget…".to_string(),
        (None, false) => String::new(),
        (Some(Shown { what, said, .. }), false) => match said {
            Said::Copied => format!("{} copied to the clipboard.", what.noun()),
            Said::Refused => format!(
                "The clipboard is not available here. {} is selected below: press Ctrl+C (⌘C) to copy it.",
                what.noun()
            ),
            Said::Changed => "The code below follows the options: press Copy to copy it.".into(),
        },
    }
}

/// Another view, or the view's state changed: the text no longer says where the reader
/// is. The panel closes, and a measurement still under way (`latest`) is forgotten.
#[hook]
fn use_forget_on_leaving(
    shown: UseStateHandle<Option<Shown>>,
    busy: UseStateHandle<bool>,
    latest: Rc<RefCell<u32>>,
) {
    use_effect_with((), move |_| {
        let forget = move || {
            let mut latest = latest.borrow_mut();
            *latest = latest.wrapping_add(1);
            busy.set(false);
            shown.set(None);
        };
        let listeners = web_sys::window().map(|window| {
            let again = forget.clone();
            [
                EventListener::new(&window, "hashchange", move |_| forget()),
                EventListener::new(&window, browser::ADDRESS_REPLACED, move |_| again()),
            ]
        });
        move || drop(listeners)
    });
}
