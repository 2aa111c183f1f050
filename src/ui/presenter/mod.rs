//! The presenter view (`?view=presenter`): a second window for the teacher's own screen, like a
//! slide tool's presenter view. It follows the projected window over `web::presenter_channel`
//! and drives it: notes for the step on screen, the lesson's answer and takeaway, what comes
//! next, and a clock. It comes in the kit's lazy part, with its styles (`presenter.css`).

pub mod presenter_view;
