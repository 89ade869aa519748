//! The browser entry point that Trunk builds; natively there is nothing to run.

fn main() {
    #[cfg(target_arch = "wasm32")]
    ringlab::start();
}
