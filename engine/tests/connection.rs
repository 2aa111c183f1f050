//! What "Test connection" concludes from one answer, and what the presets know: each kind of
//! server the page meets ends in its own finding, never in one sentence for all.

use rusty_lock_engine::run::connection::{callable_address, diagnose_models, models_url, Diagnosis, NotOpenAi, Preset};
use rusty_lock_engine::run::http::REDACTED;

#[test]
fn a_model_list_is_ok_with_its_models() {
    let body = r#"{"object":"list","data":[{"id":"llama3.1","object":"model"},{"id":"qwen2.5"}]}"#;
    assert_eq!(diagnose_models(200, body, &[]), Diagnosis::Ok { models: vec!["llama3.1".into(), "qwen2.5".into()] });
    assert_eq!(diagnose_models(200, r#"{"data":[]}"#, &[]), Diagnosis::Ok { models: vec![] });
}

#[test]
fn an_error_status_keeps_the_servers_own_words_without_the_key() {
    let body =
        r#"{"error":{"message":"Incorrect API key provided: sk-test-123456789.","type":"invalid_request_error"}}"#;
    let found = diagnose_models(401, body, &["sk-test-123456789"]);
    assert_eq!(
        found,
        Diagnosis::HttpError { status: 401, message: Some(format!("Incorrect API key provided: {REDACTED}.")) }
    );
    assert_eq!(diagnose_models(503, "", &[]), Diagnosis::HttpError { status: 503, message: None });
}

#[test]
fn a_web_page_plain_text_or_other_json_is_not_an_openai_server() {
    let html = "\n  <!doctype html><html><body>Welcome</body></html>";
    assert_eq!(diagnose_models(200, html, &[]), Diagnosis::NotOpenAi { why: NotOpenAi::Html });
    assert_eq!(diagnose_models(200, "Ollama is running", &[]), Diagnosis::NotOpenAi { why: NotOpenAi::NotJson });
    assert_eq!(diagnose_models(200, r#"{"models":[]}"#, &[]), Diagnosis::NotOpenAi { why: NotOpenAi::NoModelList });
    assert_eq!(diagnose_models(200, r#"{"data":"none"}"#, &[]), Diagnosis::NotOpenAi { why: NotOpenAi::NoModelList });
}

#[test]
fn a_blind_answer_tells_a_cors_block_from_a_dead_server() {
    assert_eq!(Diagnosis::of_blind_probe(true), Diagnosis::CorsBlocked);
    assert_eq!(Diagnosis::of_blind_probe(false), Diagnosis::Unreachable);
}

#[test]
fn only_an_absolute_http_address_is_callable() {
    for ok in ["http://localhost:11434/v1", "https://api.openai.com/v1", " http://10.0.0.2:8000/v1 "] {
        assert!(callable_address(ok), "{ok}");
    }
    for bad in ["", "localhost:11434/v1", "/v1", "ftp://x/v1", "http://", "http:///v1", "http://a b/v1"] {
        assert!(!callable_address(bad), "{bad:?}");
    }
    assert_eq!(models_url("http://localhost:11434/v1/"), "http://localhost:11434/v1/models");
}

#[test]
fn every_preset_is_found_from_its_own_address_and_127_0_0_1_is_localhost() {
    for preset in Preset::ALL {
        assert_eq!(Preset::from_id(preset.id()), Some(preset));
        if preset != Preset::Custom {
            assert_eq!(Preset::of(preset.base_url()), preset);
        }
    }
    assert_eq!(Preset::of("http://127.0.0.1:11434/v1"), Preset::Ollama);
    assert_eq!(Preset::of("http://localhost:9/v1"), Preset::Custom);
    assert_eq!(Preset::of(""), Preset::Custom);
}

#[test]
fn the_named_servers_need_a_model_name_and_a_custom_one_may_not() {
    assert!([Preset::Ollama, Preset::LmStudio, Preset::OpenAi, Preset::Vllm].iter().all(|p| p.needs_model()));
    assert!(!Preset::Custom.needs_model());
}
