//! The lessons: the card with its question and answer (a built-in lesson's or a teacher's own),
//! the menu and the list, and the form that makes a teacher's lesson from the scenario on screen.

pub mod lesson_card;
pub mod lessons_list;
pub mod lessons_menu;
pub mod own_lesson_card;
pub mod own_lesson_form;
pub mod question;
pub mod start_here;
