//! The workshop agenda's link: the teacher's own lessons listed after the built-in ones
//! (`?view=agenda&extra=<link>&extra=<link>`), each the link of one lesson. Above both the codec
//! and [`crate::show::own_lesson`], since it reads whole lesson links.

use crate::show::notice::{short, Notice, Problem};
use crate::show::scenario::{decode, encode, Mode, Pace, Scenario, MAX_LINK_LEN};

/// At most this many teacher's lessons are read from an agenda link.
pub const MAX_EXTRAS: usize = 12;

/// The teacher's lessons an agenda link carries (`extra=`, each the query of a lesson's link,
/// percent-encoded), in order, and what was left out and why. The agenda's own keys (`view`,
/// `lang`) are the page's; anything else is ignored, as the agenda always did.
pub fn decode_agenda(query: &str) -> (Vec<Scenario>, Vec<Notice>) {
    let mut notices = Vec::new();
    let (query, cut) = crate::show::scenario::cut_link(query);
    if cut {
        notices.push(Notice { key: "link".into(), problem: Problem::LinkTooLong { max: MAX_LINK_LEN } });
    }
    let mut extras = Vec::new();
    let mut n = 0;
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        if key.trim() != "extra" {
            continue;
        }
        n += 1;
        if extras.len() == MAX_EXTRAS {
            notices.push(Notice { key: "extra".into(), problem: Problem::TooManyExtras { max: MAX_EXTRAS } });
            break;
        }
        // A lesson's link may be pasted whole, with the page's address in front of its query.
        let value = value.trim();
        let inner = value.split_once('?').map_or(value, |(_, q)| q);
        let (lesson, inner_notices) = decode(inner);
        notices.extend(inner_notices.into_iter().map(|n_| Notice { key: format!("extra {n}: {}", n_.key), ..n_ }));
        if lesson.own_lesson.is_some() {
            extras.push(for_agenda(lesson));
        } else {
            notices
                .push(Notice { key: format!("extra {n}"), problem: Problem::NotALessonLink { value: short(inner) } });
        }
    }
    (extras, notices)
}

/// A teacher's lesson as the agenda keeps it: in the full playground, at the mode's own pace, in
/// no particular language (the agenda's links add the handout's).
pub fn for_agenda(mut s: Scenario) -> Scenario {
    s.mode = Mode::Full;
    s.pace = Pace::default_for(Mode::Full);
    s.lang = None;
    s
}

/// The agenda link's query (without `?`) listing `extras` after the built-in lessons. It may be
/// longer than [`MAX_LINK_LEN`]: the caller says so rather than hand out a link that is cut.
pub fn encode_agenda(extras: &[Scenario]) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    out.append_pair("view", "agenda");
    for s in extras {
        out.append_pair("extra", &encode(&for_agenda(s.clone())));
    }
    out.finish()
}
