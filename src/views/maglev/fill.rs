//! The small table's pictures, as HTML so they wrap on a phone: each backend's preference
//! list with what the fill made of it, and the lookup table itself.

use ringlab_model::views::maglev::fill::{Fill, Mark};
use ringlab_model::views::maglev::prose;
use yew::prelude::*;

use crate::kit::pictures::swatch::swatch;

#[derive(Properties, PartialEq)]
pub struct ListsProps {
    pub fill: std::rc::Rc<Fill>,
}

/// Each backend's permutation as a table row: claimed slots in its colour, slots it found
/// taken struck through, the rest plain.
#[component]
pub fn Lists(props: &ListsProps) -> Html {
    let fill = &props.fill;
    let rows = fill.rows.iter().enumerate().map(|(b, row)| {
        let cells = row.permutation.iter().zip(&row.marks).map(|(slot, mark)| {
            let (class, said) = match mark {
                Mark::Claimed => (classes!("pref", "pref-claimed", swatch(b)), "claimed"),
                Mark::Taken => (classes!("pref", "pref-taken"), "taken"),
                Mark::Untried => (classes!("pref"), ""),
            };
            html! {
                <td {class}>
                    { slot.to_string() }
                    { for (!said.is_empty()).then(|| html! { <span class="visually-hidden">{ format!(" ({said})") }</span> }) }
                </td>
            }
        });
        html! {
            <tr>
                <th scope="row">
                    <span class={classes!("maglev-key", swatch(b))} aria-hidden="true"></span>
                    { format!("{} ", row.name) }
                    <span class="maglev-perm-of">{ prose::row_numbers(row) }</span>
                </th>
                { for cells }
            </tr>
        }
    });
    html! {
        <div class="maglev-scroll" tabindex="0" role="region" aria-label="Preference lists">
            <table class="maglev-lists">
                <caption>{ prose::lists_caption(fill) }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ "Backend" }</th>
                        { for (0..fill.m).map(|j| html! { <th scope="col">{ format!("j={j}") }</th> }) }
                    </tr>
                </thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct SlotsProps {
    /// Each slot's backend, if filled.
    pub table: Vec<Option<usize>>,
    pub names: Vec<String>,
    pub label: String,
    /// The slot claimed last, outlined.
    #[prop_or_default]
    pub current: Option<u64>,
    /// Slots that had to change, and slots that changed although their backend stayed.
    #[prop_or_default]
    pub forced: Vec<u64>,
    #[prop_or_default]
    pub extra: Vec<u64>,
    /// The table before the change, to say what a changed slot was.
    #[prop_or_default]
    pub before: Vec<usize>,
}

/// The lookup table: one cell per slot, its number and its backend.
#[component]
pub fn Slots(props: &SlotsProps) -> Html {
    let cells = props.table.iter().enumerate().map(|(slot, owner)| {
        let s = slot as u64;
        let mark = if props.extra.contains(&s) {
            Some(("slot-extra", "changed although its backend stayed"))
        } else if props.forced.contains(&s) {
            Some(("slot-forced", "its backend left"))
        } else {
            None
        };
        let class = classes!(
            "slot",
            owner.map_or_else(|| "slot-free".to_string(), swatch),
            (props.current == Some(s)).then_some("slot-current"),
            mark.map(|(class, _)| class),
        );
        let name = owner
            .map_or("free", |b| props.names[b].as_str())
            .to_string();
        html! {
            <li {class}>
                <span class="slot-number">{ format!("slot {slot}") }</span>
                <span class="slot-owner">{ name }</span>
                { for mark.map(|(_, why)| {
                    let was = props.before.get(slot).map(|&b| format!("was {}", props.names[b]));
                    html! {
                        <>
                            { for was.map(|was| html! { <span class="slot-was">{ was }</span> }) }
                            <span class="visually-hidden">{ format!(" ({why})") }</span>
                        </>
                    }
                }) }
            </li>
        }
    });
    html! {
        <ol class="maglev-slots" aria-label={props.label.clone()} start="0">{ for cells }</ol>
    }
}
