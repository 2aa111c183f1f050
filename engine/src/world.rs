//! The adventure: a temple hall, a door with a rusted lock, a key and an oil can.
//! Every sentence here is read by the model, so failures say what to do next.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// What the room looks like right now. Small and `Copy`, so each event can carry a snapshot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    pub door_open: bool,
    pub lock_oiled: bool,
}

/// The items the hero carries: the `item` enum of the `use` tool.
pub const ITEMS: [&str; 2] = ["key", "oil_can"];
/// Things that can be looked at.
pub const TARGETS: [&str; 5] = ["room", "door", "lock", "key", "oil_can"];
/// The tools, in the order the model is told about them.
pub const TOOL_NAMES: [&str; 2] = ["look_at", "use"];

/// The task the user gives the agent.
pub const TASK: &str = "Open the temple door.";

/// The JSON Schema of each tool's arguments, the single source for both the request and the
/// validation in [`crate::tools`].
pub fn tool_schema(name: &str) -> Option<Value> {
    match name {
        "look_at" => Some(json!({
            "type": "object",
            "properties": {
                "target": { "type": "string", "description": "What to look at: room, door, lock, key or oil_can." }
            },
            "required": ["target"],
            "additionalProperties": false
        })),
        "use" => Some(json!({
            "type": "object",
            "properties": {
                "item": { "type": "string", "enum": ITEMS, "description": "The inventory item to use." },
                "target": { "type": "string", "description": "What to use it on, such as door or lock." }
            },
            "required": ["item", "target"],
            "additionalProperties": false
        })),
        _ => None,
    }
}

pub fn tool_description(name: &str) -> &'static str {
    match name {
        "look_at" => "Look closely at something in the temple hall and learn its state.",
        "use" => "Use an item from your inventory on something in the hall.",
        _ => "",
    }
}

impl Room {
    /// `look_at`. Looking at something that is not here is an error inside the tool, which is
    /// not the same thing as calling a tool that does not exist.
    pub fn look_at(&self, target: &str) -> Result<String, String> {
        let text = match target {
            "room" => {
                "A quiet temple hall. Ahead stands a stone door with an iron lock. You carry a key and an oil can."
            }
            "door" if self.door_open => "The stone door stands open. Daylight spills through.",
            "door" => "A heavy stone door, shut, with an iron lock.",
            "lock" if self.lock_oiled => "The lock glistens with fresh oil.",
            "lock" => "The iron lock is crusted orange with rust.",
            "key" => "An old bronze key. It should fit the door's lock.",
            "oil_can" => "A small can of oil, nearly full.",
            other => return Err(format!("There is no {other} here. You can look at: {}.", TARGETS.join(", "))),
        };
        Ok(text.to_string())
    }

    /// `use`. The rusted lock is the tool error the whole playground is built around.
    pub fn use_item(&mut self, item: &str, target: &str) -> Result<String, String> {
        match (item, target) {
            ("oil_can", "lock") if self.lock_oiled => Ok("The lock is already oiled.".into()),
            ("oil_can", "lock") => {
                self.lock_oiled = true;
                Ok("You pour oil into the lock. The rust softens.".into())
            }
            ("key", "door" | "lock") if self.door_open => Ok("The door is already open.".into()),
            ("key", "door" | "lock") if !self.lock_oiled => Err(
                "The key will not turn: the lock is rusted solid. Oil it first with use(item=\"oil_can\", target=\"lock\")."
                    .into(),
            ),
            ("key", "door" | "lock") => {
                self.door_open = true;
                Ok("The key turns with a click and the temple door swings open.".into())
            }
            (item, target) => Err(format!("Nothing happens when you use the {item} on the {target}.")),
        }
    }
}
