//! The workshop kit (issue 12), all inside the page and all in the `kit` lazy part: the agenda
//! (`?view=agenda`) that prints as the handout, and the presenter's "Open on your phone" QR code.

pub mod agenda_exercises;
pub mod agenda_lesson;
pub mod agenda_view;
pub mod closing_view;
pub mod loopback_note;
pub mod phone_qr;
pub mod plan_chooser;
pub mod plan_toggle;
pub mod print_button;
pub mod qr;
