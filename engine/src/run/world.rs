//! The adventure: a temple hall, a door with a rusted lock, a key and an oil can.
//! Every sentence the room says is read by the model, so failures say what to do next; the
//! sentences themselves are in [`crate::run::script::script`], one table per language.

use crate::run::script::{fill, Script};
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

/// The JSON Schema of each tool's arguments, the single source for both the request and the
/// validation in [`crate::run::tools`].
pub fn tool_schema(name: &str, s: &Script) -> Option<Value> {
    match name {
        "look_at" => Some(json!({
            "type": "object",
            "properties": {
                "target": { "type": "string", "description": s.field_target_look }
            },
            "required": ["target"],
            "additionalProperties": false
        })),
        "use" => Some(json!({
            "type": "object",
            "properties": {
                "item": { "type": "string", "enum": ITEMS, "description": s.field_item },
                "target": { "type": "string", "description": s.field_target_use }
            },
            "required": ["item", "target"],
            "additionalProperties": false
        })),
        _ => None,
    }
}

pub fn tool_description(name: &str, s: &Script) -> &'static str {
    match name {
        "look_at" => s.describe_look_at,
        "use" => s.describe_use,
        _ => "",
    }
}

/// Whether calling this tool twice can do something calling it once would not. `look_at` only
/// reads the room; `use` turns the key (which locks the door again on a second turn).
pub fn changes_things(tool: &str) -> bool {
    tool == "use"
}

impl Room {
    /// `look_at`. Looking at something that is not here is an error inside the tool, which is
    /// not the same thing as calling a tool that does not exist.
    pub fn look_at(&self, target: &str, s: &Script) -> Result<String, String> {
        let text = match target {
            "room" => s.see_room,
            "door" if self.door_open => s.see_door_open,
            "door" => s.see_door_shut,
            "lock" if self.lock_oiled => s.see_lock_oiled,
            "lock" => s.see_lock_rusted,
            "key" => s.see_key,
            "oil_can" => s.see_oil_can,
            other => return Err(fill(s.nothing_there, &[("thing", other), ("targets", &TARGETS.join(", "))])),
        };
        Ok(text.to_string())
    }

    /// `use`. The rusted lock is the tool error the whole playground is built around.
    pub fn use_item(&mut self, item: &str, target: &str, s: &Script) -> Result<String, String> {
        match (item, target) {
            ("oil_can", "lock") if self.lock_oiled => Ok(s.already_oiled.into()),
            ("oil_can", "lock") => {
                self.lock_oiled = true;
                Ok(s.oil_poured.into())
            }
            // The key turns the lock both ways: a second turn locks the door again. This is the
            // adventure's one action that is not safe to repeat, so a lost reply retried blindly
            // undoes the work it was retrying.
            ("key", "door" | "lock") if self.door_open => {
                self.door_open = false;
                Ok(s.door_relocks.into())
            }
            ("key", "door" | "lock") if !self.lock_oiled => Err(s.key_stuck.into()),
            ("key", "door" | "lock") => {
                self.door_open = true;
                Ok(s.door_opens.into())
            }
            (item, target) => Err(fill(s.nothing_happens, &[("item", item), ("target", target)])),
        }
    }
}
