//! A panic is a bug: say so on the page, not only in the console.

use std::panic::PanicHookInfo;

/// Logs the panic to the console (as Yew's default hook does) and puts a visible alert at
/// the top of the page.
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info: &PanicHookInfo<'_>| {
        console_error_panic_hook::hook(info);
        show(&info.to_string());
    }));
}

fn show(message: &str) {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return;
    };
    let (Ok(alert), Some(body)) = (document.create_element("p"), document.body()) else {
        return;
    };
    alert.set_class_name("panic");
    let _ = alert.set_attribute("role", "alert");
    alert.set_text_content(Some(&format!(
        "Something went wrong and the page stopped: {message}. Reloading usually helps; \
         the address still holds your settings."
    )));
    let _ = body.prepend_with_node_1(&alert);
}
