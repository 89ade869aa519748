//! A disclosure menu: a button that shows and hides a panel of links. Enter or Space on
//! the button opens it, Escape closes it and puts the focus back on the button, and it
//! closes when a link in it is followed, when the focus leaves it, or on a press outside.

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, Node};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MenuProps {
    /// The button's text.
    pub label: AttrValue,
    /// The panel's id, for the button's `aria-controls`.
    pub id: AttrValue,
    /// The page shown is one of the menu's links: the button is marked.
    #[prop_or_default]
    pub current: bool,
    #[prop_or_default]
    pub class: Classes,
    /// The panel.
    pub children: Html,
}

/// True when `target` is `root` or inside it.
fn inside(root: &NodeRef, target: Option<web_sys::EventTarget>) -> bool {
    let target = target.and_then(|t| t.dyn_into::<Node>().ok());
    match (root.get(), target) {
        (Some(root), Some(target)) => root.contains(Some(&target)),
        _ => false,
    }
}

#[component]
pub fn Menu(props: &MenuProps) -> Html {
    let open = use_state_eq(|| false);
    let root = use_node_ref();
    let button = use_node_ref();

    // While open, a press anywhere outside closes it.
    {
        let open = open.clone();
        let root = root.clone();
        use_effect_with(*open, move |is_open| {
            let listener = is_open.then(|| {
                EventListener::new(&gloo::utils::document(), "pointerdown", move |event| {
                    if !inside(&root, event.target()) {
                        open.set(false);
                    }
                })
            });
            move || drop(listener)
        });
    }

    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let onkeydown = {
        let open = open.clone();
        let button = button.clone();
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Escape" && *open {
                event.stop_propagation();
                open.set(false);
                if let Some(button) = button.cast::<HtmlElement>() {
                    let _ = button.focus();
                }
            }
        })
    };
    let onfocusout = {
        let open = open.clone();
        let root = root.clone();
        Callback::from(move |event: FocusEvent| {
            // Focus going nowhere (a press on the panel's padding) keeps it open.
            if event.related_target().is_some() && !inside(&root, event.related_target()) {
                open.set(false);
            }
        })
    };
    // Following one of its links closes it (the page stays: the header is not redrawn),
    // and the focus, which was on the link now hidden, goes back to the button.
    let on_panel_click = {
        let open = open.clone();
        let button = button.clone();
        Callback::from(move |event: MouseEvent| {
            let link = event
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|e| e.closest("a").ok().flatten());
            if link.is_some() {
                open.set(false);
                if let Some(button) = button.cast::<HtmlElement>() {
                    let _ = button.focus();
                }
            }
        })
    };

    html! {
        <div class={classes!("menu", props.class.clone())} ref={root} {onkeydown} {onfocusout}>
            <button type="button" ref={button} class={classes!("menu-button", props.current.then_some("current"))}
                aria-expanded={open.to_string()} aria-controls={props.id.clone()} onclick={toggle}>
                { props.label.clone() }
            </button>
            <div class="menu-panel" id={props.id.clone()} hidden={!*open} onclick={on_panel_click}>
                { props.children.clone() }
            </div>
        </div>
    }
}
