//! The endpoint presets: the servers people run most and where each listens by default. Plain
//! data, shared by the endpoint panel, its form and the CORS advice.

/// The endpoints people run most, and where each listens by default.
pub const PRESETS: [(&str, &str); 5] = [
    ("ollama", "http://localhost:11434/v1"),
    ("lmstudio", "http://localhost:1234/v1"),
    ("openai", "https://api.openai.com/v1"),
    ("vllm", "http://localhost:8000/v1"),
    ("custom", ""),
];

/// The preset an address belongs to, so the CORS advice can be specific.
pub fn preset_of(endpoint: &str) -> &'static str {
    PRESETS.iter().find(|(id, url)| *id != "custom" && endpoint.starts_with(url)).map_or("custom", |(id, _)| id)
}
