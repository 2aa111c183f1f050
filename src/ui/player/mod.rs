//! The player: Run and Stop, and the playback bar (play, pause, step, scrub).

pub mod playback;
pub mod run_controls;
pub mod speed_select;
