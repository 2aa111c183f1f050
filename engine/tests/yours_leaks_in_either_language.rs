//! What the model reads is checked for a stack trace in the form each language prints one: V8's
//! `at f (file:line:col)` frames and Python's traceback, and never for a line that only looks
//! alike.

use rusty_lock_engine::yours::card::{leak_in, Leak};

#[test]
fn a_python_traceback_in_a_tool_result_is_a_leak() {
    let text = "Error in use: Traceback (most recent call last):\n  File \"<exec>\", line 88, in run_tool\n    return tool(**args), False\nValueError: the key does not turn";
    assert_eq!(leak_in(text), Some(Leak::StackTrace));
    // A frame line alone, as `traceback.format_exc()` cut short gives it.
    assert_eq!(leak_in("Error: boom\n  File \"/app/agent.py\", line 12, in use\n"), Some(Leak::StackTrace));
}

#[test]
fn a_v8_stack_is_still_a_leak() {
    assert_eq!(leak_in("Error: no\n    at use (blob:sandbox:12:7)"), Some(Leak::StackTrace));
}

#[test]
fn one_sentence_naming_a_file_or_a_line_is_not_a_leak() {
    assert_eq!(leak_in("Error: the key does not turn."), None);
    assert_eq!(leak_in("Error: File \"notes.txt\" is not a tool."), None);
    assert_eq!(leak_in("Error: line 3 of the map is blank"), None);
}

#[test]
fn the_placeholder_key_is_a_leak_in_either_language() {
    assert_eq!(leak_in("config: {'api_key': 'sk-your-key-here'}"), Some(Leak::Key));
}
