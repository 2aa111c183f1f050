//! Links and traces, and the bars that tell what a link or an update changed.

pub mod link_notices;
pub mod notice_bar;
pub mod replay_label;
pub mod share_bar;
pub mod update_notice;
