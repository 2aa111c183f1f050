//! Which page a link opens, laid out how, in which language and whether on a lesson: the things
//! the page must know before it draws anything. One reader for all of them, so the view, the layout and the
//! language are never read from the address in two ways.

use crate::run::script::Lang;
use crate::show::scenario::Mode;

/// The page a link opens: the playground, or a view of its own (`view=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    #[default]
    Playground,
    /// The thundering herd: many clients retrying at once.
    Herd,
    /// The workshop agenda, which prints as the handout.
    Agenda,
    /// The teacher's second window, which follows and drives the projected one.
    Presenter,
    /// The workshop's end, after the plan's last lesson.
    Closing,
    /// Your own loop: a code editor beside the scene, the code run in a sandbox against the
    /// page's own server, and its report card.
    Yours,
}

impl View {
    pub const ALL: [View; 6] =
        [View::Playground, View::Herd, View::Agenda, View::Presenter, View::Closing, View::Yours];

    /// As written after `view=`; the playground writes no `view` at all.
    pub fn slug(self) -> Option<&'static str> {
        match self {
            View::Playground => None,
            View::Herd => Some("herd"),
            View::Agenda => Some("agenda"),
            View::Presenter => Some("presenter"),
            View::Closing => Some("closing"),
            View::Yours => Some("yours"),
        }
    }
}

/// Where a link leads. The scenario's own `mode` and `lang` are read by the same enums in
/// `scenario::decode`; this reads only these keys, as cheaply as the first screen needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Route {
    pub view: View,
    pub mode: Mode,
    /// The language the link asks for, if it names one the page has.
    pub lang: Option<Lang>,
    /// Whether the link names a lesson, one of the page's (`lesson=`) or a teacher's own
    /// (`expect=`): the page then fetches the lessons' styles before it draws. The value is not
    /// checked here (that would bring every lesson's link into the first load): one the page does
    /// not know only costs a style sheet it did not need.
    pub lesson: bool,
}

impl Route {
    /// Reads a query string, with or without `?`, decoded as the scenario decodes it: the first
    /// value of each key counts, trimmed; a value the page does not know leaves the default (the scenario's notices
    /// name it).
    pub fn of(query: &str) -> Route {
        let mut route = Route::default();
        let (mut view, mut mode, mut lang) = (false, false, false);
        for (key, value) in form_urlencoded::parse(query.strip_prefix('?').unwrap_or(query).as_bytes()) {
            let value = value.trim();
            match key.trim() {
                "view" if !view => {
                    view = true;
                    route.view = View::ALL.into_iter().find(|v| v.slug() == Some(value)).unwrap_or_default();
                }
                "mode" if !mode => {
                    mode = true;
                    route.mode = Mode::from_slug(value).unwrap_or_default();
                }
                "lang" if !lang => {
                    lang = true;
                    route.lang = Lang::from_code(value);
                }
                "lesson" | "expect" if !value.is_empty() => route.lesson = true,
                _ => {}
            }
        }
        route
    }
}
