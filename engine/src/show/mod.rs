//! Presentation, as data: the view a run's events add up to, the scene's positions, the code
//! listing the page lights, the verdict on a retry policy, the lessons, scenario links, traces,
//! the naive-vs-robust comparison and the herd view's link. The page turns all of it into words.

pub mod agenda;
pub mod beats;
pub mod compare;
pub mod cue;
pub mod herd;
pub mod lessons;
pub mod listing;
pub mod notice;
pub mod own_lesson;
pub mod plan;
pub mod route;
pub mod scenario;
pub mod scene;
pub mod trace;
pub mod verdict;
pub mod view;
