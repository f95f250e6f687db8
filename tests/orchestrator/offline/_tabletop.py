"""A tabletop campaign kit the offline router's tests share (`dndkit` 0.5.0, met in user
trial 23): campaigns, characters, quests and NPCs made by name, monsters with their stat block,
rules looked up by topic, dice rolled by their notation, session notes, join codes shown, and a
screen whose views are a choice."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "ADD_SESSION_NOTE",
    "CREATE_CAMPAIGN",
    "CREATE_CHARACTER",
    "CREATE_NPC",
    "CREATE_QUEST",
    "GET_CHARACTER",
    "GET_SCREEN_DATA",
    "LIST_CHARACTERS",
    "LIST_NPCS",
    "LOAD_CAMPAIGN",
    "LOOKUP_RULE",
    "ROLL_DICE",
    "SAVE_MONSTER",
    "SET_KNOWN_SPELL",
    "SHOW_JOIN_CODES",
    "START_COMBAT",
    "TOOLS",
    "UPDATE_NPC",
]

CREATE_CAMPAIGN = ToolDefinition(
    "create_campaign",
    "Create a campaign and make it active. An existing campaign is never replaced.",
    {
        "properties": {
            "name": {
                "description": "Campaign name",
                "maxLength": 100,
                "minLength": 1,
                "type": "string",
            },
            "description": {
                "description": "Pitch shown to the players, no spoilers",
                "type": "string",
            },
            "dm_name": {
                "type": "string",
                "description": "Game master's name",
            },
            "setting": {
                "type": "string",
                "description": "World and tone, in prose or markdown",
            },
            "setting_file": {
                "type": "string",
                "description": "Name of a .md or .txt file in the server's settings folder",
            },
        },
        "required": ["name", "description"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

LOAD_CAMPAIGN = ToolDefinition(
    "load_campaign",
    "Open a saved campaign and make it active.",
    {
        "properties": {
            "name": {
                "description": "Campaign name",
                "minLength": 1,
                "type": "string",
            },
        },
        "required": ["name"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

START_COMBAT = ToolDefinition(
    "start_combat",
    (
        "Start a combat. Party characters use their sheet; bestiary monsters get their "
        "stats; same-named foes become 'Goblin 1', 'Goblin 2'."
    ),
    {
        "properties": {
            "participants": {
                "items": {
                    "properties": {
                        "name": {
                            "description": "Character, monster or NPC name",
                            "minLength": 1,
                            "type": "string",
                        },
                        "initiative": {
                            "description": "Initiative roll",
                            "type": "integer",
                        },
                        "hit_points": {
                            "minimum": 1,
                            "type": "integer",
                            "description": "HP, if not in bestiary",
                        },
                        "armor_class": {
                            "minimum": 0,
                            "type": "integer",
                            "description": "AC, if not in bestiary",
                        },
                    },
                    "required": ["name", "initiative"],
                    "type": "object",
                },
                "type": "array",
                "description": "Who fights, with initiative; the party rolls if left out",
            },
            "encounter": {
                "type": "string",
                "description": "Planned encounter: its monsters join, initiative rolled",
            },
        },
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

CREATE_CHARACTER = ToolDefinition(
    "create_character",
    "Create a player character at full hit points. The name must be new.",
    {
        "properties": {
            "name": {
                "description": "Character name",
                "minLength": 1,
                "type": "string",
            },
            "character_class": {
                "description": "Class, e.g. Wizard",
                "minLength": 1,
                "type": "string",
            },
            "race": {
                "description": "Race or species, e.g. Elf",
                "minLength": 1,
                "type": "string",
            },
            "class_level": {
                "default": 1,
                "description": "Class level",
                "maximum": 20,
                "minimum": 1,
                "type": "integer",
            },
            "hit_points_max": {
                "minimum": 1,
                "type": "integer",
                "description": "Max HP; from class and CON if omitted",
            },
            "armor_class": {
                "minimum": 0,
                "type": "integer",
                "description": "AC; 10 + DEX (no armor) if omitted",
            },
            "speed": {
                "minimum": 0,
                "type": "integer",
                "description": "Feet; from race if omitted",
            },
            "player_name": {
                "type": "string",
                "description": "Player controlling it",
            },
            "description": {
                "type": "string",
                "description": "Appearance and demeanor",
            },
            "bio": {
                "type": "string",
                "description": "Backstory and motivations",
            },
            "background": {
                "type": "string",
                "description": "Background, e.g. Sage",
            },
            "alignment": {
                "type": "string",
                "description": "Alignment",
            },
            "strength": {
                "default": 10,
                "description": "Ability score (1-30)",
                "maximum": 30,
                "minimum": 1,
                "type": "integer",
            },
            "dexterity": {
                "default": 10,
                "description": "Ability score (1-30)",
                "maximum": 30,
                "minimum": 1,
                "type": "integer",
            },
            "constitution": {
                "default": 10,
                "description": "Ability score (1-30)",
                "maximum": 30,
                "minimum": 1,
                "type": "integer",
            },
            "intelligence": {
                "default": 10,
                "description": "Ability score (1-30)",
                "maximum": 30,
                "minimum": 1,
                "type": "integer",
            },
            "wisdom": {
                "default": 10,
                "description": "Ability score (1-30)",
                "maximum": 30,
                "minimum": 1,
                "type": "integer",
            },
            "charisma": {
                "default": 10,
                "description": "Ability score (1-30)",
                "maximum": 30,
                "minimum": 1,
                "type": "integer",
            },
        },
        "required": ["name", "character_class", "race"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

GET_CHARACTER = ToolDefinition(
    "get_character",
    ("Full character sheet: abilities, hit points, spell attack and DC, spells, inventory."),
    {
        "properties": {
            "name_or_id": {
                "type": "string",
                "description": "Name or ID; omit for whose turn it is",
            },
        },
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

LIST_CHARACTERS = ToolDefinition(
    "list_characters",
    "List the party's characters with level, class and hit points.",
    {
        "properties": {},
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

CREATE_QUEST = ToolDefinition(
    "create_quest",
    "Create an active quest. The title must be new.",
    {
        "properties": {
            "title": {
                "description": "Quest title",
                "minLength": 1,
                "type": "string",
            },
            "description": {
                "description": "What the quest is about",
                "type": "string",
            },
            "giver": {
                "type": "string",
                "description": "Who gave it (NPC name)",
            },
            "objectives": {
                "items": {
                    "type": "string",
                },
                "type": "array",
                "description": "Objectives, in order",
            },
            "reward": {
                "type": "string",
                "description": "Promised reward",
            },
            "notes": {
                "default": "",
                "description": "Notes",
                "type": "string",
            },
        },
        "required": ["title", "description"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

CREATE_NPC = ToolDefinition(
    "create_npc",
    "Create an NPC. The name must be new; use update_npc to change one.",
    {
        "properties": {
            "name": {
                "description": "NPC name",
                "minLength": 1,
                "type": "string",
            },
            "description": {
                "type": "string",
                "description": "Public description",
            },
            "bio": {
                "type": "string",
                "description": "Private bio, secrets included",
            },
            "race": {
                "type": "string",
                "description": "Race or species",
            },
            "occupation": {
                "type": "string",
                "description": "Occupation",
            },
            "location": {
                "type": "string",
                "description": "Where the NPC is",
            },
            "attitude": {
                "enum": ["friendly", "neutral", "hostile", "unknown"],
                "type": "string",
                "description": "Attitude towards the party",
            },
            "notes": {
                "default": "",
                "description": "Notes",
                "type": "string",
            },
        },
        "required": ["name"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

UPDATE_NPC = ToolDefinition(
    "update_npc",
    "Change an NPC: attitude, location, notes, secrets...",
    {
        "properties": {
            "name_or_id": {
                "description": "Name or ID",
                "minLength": 1,
                "type": "string",
            },
            "name": {
                "type": "string",
                "description": "New name",
            },
            "description": {
                "type": "string",
                "description": "Public description",
            },
            "bio": {
                "type": "string",
                "description": "Private bio, secrets included",
            },
            "race": {
                "type": "string",
                "description": "New value",
            },
            "occupation": {
                "type": "string",
                "description": "New value",
            },
            "location": {
                "type": "string",
                "description": "New value",
            },
            "attitude": {
                "enum": ["friendly", "neutral", "hostile", "unknown"],
                "type": "string",
                "description": "Attitude towards the party",
            },
            "notes": {
                "type": "string",
                "description": "New value",
            },
        },
        "required": ["name_or_id"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

SAVE_MONSTER = ToolDefinition(
    "save_monster",
    (
        "Save or update a monster stat block; combatants named after it get its stats. A "
        "book monster (goblin, orc) takes its book numbers. For one you invent, a "
        "challenge rating alone sets AC, HP and attacks (DMG table, sturdy at low CR). A "
        "boss gets 3 legendary actions and resistances unless told."
    ),
    {
        "properties": {
            "name": {
                "description": "Monster name, e.g. Goblin",
                "minLength": 1,
                "type": "string",
            },
            "armor_class": {
                "minimum": 0,
                "type": "integer",
                "description": "AC",
            },
            "hit_points": {
                "minimum": 1,
                "type": "integer",
                "description": "Average HP",
            },
            "challenge_rating": {
                "type": "string",
                "description": "CR, e.g. 1/4 or 3",
            },
            "xp": {
                "minimum": 0,
                "type": "integer",
                "description": "XP; derived from CR if omitted",
            },
            "initiative_bonus": {
                "type": "integer",
                "description": "Dexterity modifier",
            },
            "speed": {
                "type": "string",
                "description": "e.g. 30 ft., fly 60 ft.",
            },
            "size": {
                "enum": ["tiny", "small", "medium", "large", "huge", "gargantuan"],
                "type": "string",
                "description": "Size",
            },
            "actions": {
                "type": "string",
                "description": "Attacks and abilities",
            },
            "notes": {
                "type": "string",
                "description": "Free text",
            },
            "boss": {
                "type": "boolean",
                "description": "The fight's boss",
            },
            "legendary_actions": {
                "maximum": 5,
                "minimum": 0,
                "type": "integer",
                "description": "Per round",
            },
            "legendary_resistances": {
                "maximum": 5,
                "minimum": 0,
                "type": "integer",
                "description": "Per day",
            },
        },
        "required": ["name"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

LOOKUP_RULE = ToolDefinition(
    "lookup_rule",
    "A short reminder of a 5e rule: conditions, death saves, rests, cover, grapple...",
    {
        "properties": {
            "topic": {
                "description": "A condition or rule, e.g. prone, cover, à terre",
                "type": "string",
            },
        },
        "required": ["topic"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

GET_SCREEN_DATA = ToolDefinition(
    "get_screen_data",
    "JSON for the on-screen widgets. Never needed in conversation.",
    {
        "properties": {
            "view": {
                "description": "Which widget",
                "enum": ["dice", "combat", "party", "character", "seating", "join"],
                "type": "string",
            },
            "name": {
                "type": "string",
                "description": "Character, for the character view",
            },
        },
        "required": ["view"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

LIST_NPCS = ToolDefinition(
    "list_npcs",
    "List NPCs with where they are.",
    {
        "properties": {},
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

ROLL_DICE = ToolDefinition(
    "roll_dice",
    (
        "Roll dice (shown rolling on screen). Advantage and disadvantage cancel out. A "
        "secret roll (a hidden foe's Stealth, an NPC's lie) shows on the backstage only."
    ),
    {
        "properties": {
            "notation": {
                "description": "Dice to roll, e.g. d20, 1d20+5, 2d6+1d4+3",
                "minLength": 1,
                "type": "string",
            },
            "advantage": {
                "default": False,
                "description": "Roll a d20 twice, keep the higher",
                "type": "boolean",
            },
            "disadvantage": {
                "default": False,
                "description": "Roll a d20 twice, keep the lower",
                "type": "boolean",
            },
            "secret": {
                "default": False,
                "description": "Kept off the players' screens",
                "type": "boolean",
            },
        },
        "required": ["notation"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

ADD_SESSION_NOTE = ToolDefinition(
    "add_session_note",
    "Save the summary of a play session.",
    {
        "properties": {
            "session_number": {
                "description": "Session number",
                "minimum": 1,
                "type": "integer",
            },
            "summary": {
                "description": "What happened",
                "minLength": 1,
                "type": "string",
            },
            "title": {
                "type": "string",
                "description": "Session title",
            },
            "events": {
                "items": {
                    "type": "string",
                },
                "type": "array",
                "description": "Key moments",
            },
            "characters_present": {
                "items": {
                    "type": "string",
                },
                "type": "array",
                "description": "Character names",
            },
            "experience_gained": {
                "minimum": 0,
                "type": "integer",
                "description": "XP earned",
            },
            "treasure_found": {
                "items": {
                    "type": "string",
                },
                "type": "array",
                "description": "Loot",
            },
            "notes": {
                "default": "",
                "description": "Notes",
                "type": "string",
            },
        },
        "required": ["session_number", "summary"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

SET_KNOWN_SPELL = ToolDefinition(
    "set_known_spell",
    "Add, change or remove (forget=true) a spell on a character's spell list.",
    {
        "properties": {
            "character_name_or_id": {
                "description": "Name or ID",
                "minLength": 1,
                "type": "string",
            },
            "spell": {
                "description": "Spell name",
                "minLength": 1,
                "type": "string",
            },
            "level": {
                "maximum": 9,
                "minimum": 0,
                "type": "integer",
                "description": "0 for a cantrip",
            },
            "prepared": {
                "type": "boolean",
                "description": "Prepared today",
            },
            "description": {
                "type": "string",
                "description": "Short reminder of its effect",
            },
            "forget": {
                "default": False,
                "description": "Remove it from the list",
                "type": "boolean",
            },
        },
        "required": ["character_name_or_id", "spell"],
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

SHOW_JOIN_CODES = ToolDefinition(
    "show_join_codes",
    ("Show each character's QR code on screen: a player scans theirs to follow it on their phone."),
    {
        "properties": {},
        "type": "object",
        "additionalProperties": False,
    },
    server="dnd",
)

TOOLS = [
    CREATE_CAMPAIGN,
    LOAD_CAMPAIGN,
    START_COMBAT,
    CREATE_CHARACTER,
    GET_CHARACTER,
    LIST_CHARACTERS,
    CREATE_QUEST,
    CREATE_NPC,
    UPDATE_NPC,
    SAVE_MONSTER,
    LOOKUP_RULE,
    GET_SCREEN_DATA,
    LIST_NPCS,
    ROLL_DICE,
    ADD_SESSION_NOTE,
    SET_KNOWN_SPELL,
    SHOW_JOIN_CODES,
]
