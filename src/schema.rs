//! JSON Schemas of the scenario file and of the card file (format 1), for editors: a YAML
//! language server validates and completes a file with them. Hand-kept beside the readers in
//! `scenario` and `cards`; a test validates every file of the corpus against them, and the
//! copies under `schemas/` are this module's output.

use crate::edition::Edition;
use serde_json::{Value, json};

/// The schema of a scenario file.
#[must_use]
pub fn scenario() -> Value {
    let rules: Vec<&str> = Edition::ALL.iter().map(|e| e.name()).collect();
    let phases = "5e: beginning of turn, untap, upkeep, draw, main, discard, cleanup; \
        4e: untap, upkeep, draw, main, discard, end, heal (cleanup names it too); \
        alpha: untap, upkeep, draw, main, discard, end";
    // Every edition's phase names, for an editor's completion.
    let mut phase_names: Vec<&str> = Vec::new();
    for e in Edition::ALL {
        for p in e.policies().phases {
            if !phase_names.contains(p) {
                phase_names.push(p);
            }
        }
    }
    let mut stops = vec!["end of turn", "next turn"];
    stops.extend(&phase_names);
    let steps = "declare attack, beginning of attack, declare attackers, before blocks, \
        declare blockers, after blocks, first strike damage, damage, end of combat";
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "judge-scenario-1.schema.json",
        "title": "judge scenario (format 1)",
        "description": "A moment of a game of classic Magic: The Gathering, the actions the players announce, and what must hold afterwards.",
        "type": "object",
        "required": ["scenario", "turn", "players"],
        "additionalProperties": false,
        "properties": {
            "format": { "description": "The format version the file is written for.", "enum": [1, "1"] },
            "scenario": { "description": "The title.", "$ref": "#/$defs/line" },
            "rules": { "description": "The edition whose rules play the scenario (5e by default).", "enum": rules },
            "source": { "description": "Where the ruling comes from.", "$ref": "#/$defs/line" },
            "question": { "description": "The question the scenario answers, shown first.", "$ref": "#/$defs/line" },
            "costs": { "description": "paid (default): mana costs are paid; free: they are waived.", "enum": ["paid", "free"] },
            "turn": { "description": "The active player.", "type": "string" },
            "phase": { "description": format!("Where play starts (main by default). {phases}."), "type": "string", "examples": phase_names },
            "step": { "description": format!("An attack step, to start inside an attack: {steps}."), "type": "string" },
            "attacked": { "description": "The active player has already attacked this turn.", "$ref": "#/$defs/flag" },
            "first_turn": { "description": "The game's first turn: the starting player skips the draw.", "$ref": "#/$defs/flag" },
            "stop": { "description": format!("After the actions, play on with nobody acting up to: end of turn, next turn, or a phase or step ({phases})."), "type": "string", "examples": stops },
            "players": {
                "description": "Exactly two players, in turn order; the key is the player's name (one word).",
                "type": "object",
                "minProperties": 2,
                "maxProperties": 2,
                "propertyNames": { "pattern": "^\\S+$" },
                "additionalProperties": { "$ref": "#/$defs/player" }
            },
            "cards": { "description": "Cards defined for this scenario alone.", "type": "array", "items": { "$ref": "#/$defs/card" } },
            "actions": { "description": "What the players announce, in order, one line each (e.g. `Alice casts Giant Growth on Pearled Unicorn`).", "$ref": "#/$defs/lines" },
            "expect": { "description": "What must hold after the run, one line each (e.g. `Giant Growth fizzled`, `illegal: Counterspell`).", "$ref": "#/$defs/lines" }
        },
        "$defs": defs()
    })
}

/// The schema of a card file (`--cards FILE`): a list of card definitions.
#[must_use]
pub fn card() -> Value {
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "judge-cards-1.schema.json",
        "title": "judge card file (schema 1)",
        "description": "Card definitions: each card's cost, type, power and toughness, and abilities in the card grammar.",
        "type": "array",
        "items": { "$ref": "#/$defs/card" },
        "$defs": defs()
    })
}

/// The definitions both schemas share.
fn defs() -> Value {
    json!({
        "line": {
            "description": "A line of text. YAML may read a line holding one `: ` as a one-pair mapping, and a number or boolean as such: each is taken back as its text.",
            "anyOf": [
                { "type": ["string", "number", "boolean", "null"] },
                { "type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": { "$ref": "#/$defs/line" } }
            ]
        },
        "lines": { "type": "array", "items": { "$ref": "#/$defs/line" } },
        "flag": { "anyOf": [{ "type": "boolean" }, { "enum": ["true", "false"] }] },
        "player": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "life": { "description": "Life total (20 by default).", "type": ["integer", "string"] },
                "land_played": { "description": "A land was already played this turn.", "$ref": "#/$defs/flag" },
                "in_play": { "description": "Permanents this player controls: `NAME [(state, ...)] [as ALIAS]`, e.g. `Grizzly Bears (tapped, 1 damage) as Cub`.", "$ref": "#/$defs/lines" },
                "hand": { "description": "Cards in hand.", "$ref": "#/$defs/lines" },
                "graveyard": { "description": "Cards in the graveyard, top last.", "$ref": "#/$defs/lines" },
                "library": {
                    "description": "A count of unknown cards (20 by default), or card names, top first.",
                    "anyOf": [{ "type": "integer", "minimum": 0 }, { "$ref": "#/$defs/lines" }]
                },
                "mana_pool": { "description": "Mana already in the pool, e.g. RR or 2G.", "type": ["string", "integer"] }
            }
        },
        "card": {
            "type": "object",
            "required": ["name", "type"],
            "additionalProperties": false,
            "properties": {
                "name": { "description": "The card's exact name.", "$ref": "#/$defs/line" },
                "cost": { "description": "Mana cost: R, 1G, XR, {2}{W}{W}, or a number; none for a land.", "type": ["string", "integer"] },
                "type": { "description": "Land, Summon KIND, Artifact, Artifact Creature, Enchantment, Enchant KIND, Instant, Interrupt, Sorcery or Mana Source.", "type": "string" },
                "pt": { "description": "Power/toughness of a creature, e.g. 2/2.", "type": "string" },
                "color": { "description": "The card's colour when its cost does not give it (`red`, `white and blue`, `colorless`): a zero-cost card of a stated colour.", "type": "string" },
                "subtypes": { "description": "Creature or land types beyond those the type line and name give (`Wall` for an artifact creature that counts as a Wall).", "type": "array", "items": { "type": "string" } },
                "set": { "description": "The expansion whose symbol the card bears, by its name (`Arabian Nights`): read by City in a Bottle. Given where every printing of the era bears it, or for one printing.", "type": "string" },
                "text": { "description": "The effect in plain words, for display.", "$ref": "#/$defs/line" },
                "abilities": { "description": "Abilities in the card grammar, e.g. `T: deal 1 damage to target creature or player`, `spell: ...`, `flying`.", "$ref": "#/$defs/lines" },
                "modes": { "description": "Named modes, each one `spell: ...` effect.", "type": "object", "additionalProperties": { "$ref": "#/$defs/line" } },
                "editions": {
                    "description": "How the card differs under another edition (`4e: {type: Interrupt}`; `m13:` the 2012 wording, with `text:` and `abilities:` or `modes:` replacing the card's).",
                    "type": "object",
                    "propertyNames": { "enum": Edition::ALL.iter().map(|e| e.name()).collect::<Vec<_>>() },
                    "additionalProperties": {
                        "type": "object",
                        "additionalProperties": false,
                        "properties": {
                            "type": { "type": "string" },
                            "text": { "$ref": "#/$defs/line" },
                            "abilities": { "$ref": "#/$defs/lines" },
                            "modes": { "type": "object", "additionalProperties": { "$ref": "#/$defs/line" } }
                        }
                    }
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_schemas_are_objects_with_a_draft() {
        for s in [super::scenario(), super::card()] {
            assert!(s["$schema"].as_str().is_some_and(|d| d.contains("2020-12")));
        }
    }
}
