//! The lessons: the card with its question and answer, the menu and the list.

pub mod lesson_card;
pub mod lessons_list;
pub mod lessons_menu;
pub mod start_here;
