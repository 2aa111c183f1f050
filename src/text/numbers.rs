//! The engine's numbers written into fixed words at compile time.
//!
//! A label or a lesson is a `&'static str`, and the page keeps it that way: it costs nothing to
//! read. When such words quote a number the engine decides (a wait, a limit, a default), the
//! words build the number from the engine's constant with these macros, so the sentence follows
//! the engine when the constant changes. Each language still writes its own whole sentence and
//! picks its own decimal sign; the macros only turn a constant into digits. All of it is done by
//! the compiler: the page holds the finished text, as if it had been typed.

use rusty_lock_engine::run::provider::{backoff_ceiling_ms, RetryPolicy};

/// Joins `&'static str` constant expressions into one `&'static str`, at compile time.
macro_rules! join {
    ($($piece:expr),+ $(,)?) => {{
        const PIECES: &[&str] = &[$($piece),+];
        const BYTES: [u8; $crate::text::numbers::joined_len(PIECES)] = $crate::text::numbers::joined(PIECES);
        const JOINED: &str = $crate::text::numbers::as_text(&BYTES);
        JOINED
    }};
}

/// A whole number (`u64` constant expression) in digits, `12`, at compile time.
macro_rules! whole {
    ($n:expr) => {{
        const N: u64 = $n;
        const BYTES: [u8; $crate::text::numbers::digit_count(N)] = $crate::text::numbers::digits(N);
        const DIGITS: &str = $crate::text::numbers::as_text(&BYTES);
        DIGITS
    }};
}

/// Milliseconds (`u64` constant expression) as seconds with one decimal only when it is not
/// zero, after the decimal sign `$sign`: `2`, `0.5` or `0,5`. Tenths round half up, as
/// `seconds()` does for the numbers of a run.
macro_rules! seconds_in {
    ($ms:expr, $sign:expr) => {{
        const MS: u64 = $ms;
        const TENTHS: u64 = MS.saturating_add(50) / 100;
        join!(
            whole!(TENTHS / 10),
            if TENTHS % 10 == 0 { "" } else { $sign },
            if TENTHS % 10 == 0 { "" } else { whole!(TENTHS % 10) }
        )
    }};
}

/// The two waits of the lesson on jitter (`why-jitter`, jitter off): the default policy's
/// ceilings after one failure and after two.
pub(crate) const FIXED_WAITS_MS: [u64; 2] = [
    backoff_ceiling_ms(RetryPolicy::DEFAULT.base_delay_ms, RetryPolicy::DEFAULT.max_delay_ms, 1),
    backoff_ceiling_ms(RetryPolicy::DEFAULT.base_delay_ms, RetryPolicy::DEFAULT.max_delay_ms, 2),
];

/// The port in a server's address (`11434` in `http://localhost:11434/v1`), at compile time:
/// the digits after the address's last `:`, empty when there are none.
pub(crate) const fn port(address: &'static str) -> &'static str {
    let bytes = address.as_bytes();
    let mut start = bytes.len();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b':' {
            start = i + 1;
        }
        i += 1;
    }
    let mut end = start;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    let (_, from_port) = bytes.split_at(start);
    let (digits, _) = from_port.split_at(end - start);
    match std::str::from_utf8(digits) {
        Ok(port) => port,
        Err(_) => "",
    }
}

pub(crate) const fn joined_len(pieces: &[&str]) -> usize {
    let mut len = 0;
    let mut i = 0;
    while i < pieces.len() {
        len += pieces[i].len();
        i += 1;
    }
    len
}

pub(crate) const fn joined<const LEN: usize>(pieces: &[&str]) -> [u8; LEN] {
    let mut out = [0u8; LEN];
    let mut at = 0;
    let mut i = 0;
    while i < pieces.len() {
        let piece = pieces[i].as_bytes();
        let mut j = 0;
        while j < piece.len() {
            out[at] = piece[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

pub(crate) const fn digit_count(n: u64) -> usize {
    let mut count = 1;
    let mut rest = n / 10;
    while rest > 0 {
        count += 1;
        rest /= 10;
    }
    count
}

pub(crate) const fn digits<const LEN: usize>(n: u64) -> [u8; LEN] {
    let mut out = [b'0'; LEN];
    let mut rest = n;
    let mut i = LEN;
    while i > 0 {
        i -= 1;
        out[i] = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    out
}

/// Whole pieces of UTF-8 joined are UTF-8, so the empty fallback is never taken; it is there
/// because the page never panics, even at compile time.
pub(crate) const fn as_text(bytes: &'static [u8]) -> &'static str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => "",
    }
}
