"""Astrology profiles the offline router's tests share (`w8s-astro-mcp` 0.15.2, met in user
trial 22): a profile born somewhere with a place name, coordinates and a time zone, changed
field by field, transits found by a planet's name, and event charts cast with a label and
deleted by it."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "CAST_EVENT_CHART",
    "CREATE_PROFILE",
    "DELETE_EVENT_CHART",
    "DELETE_PROFILE",
    "FIND_LAST_TRANSIT",
    "LIST_PROFILES",
    "SETUP_ASTRO_CONFIG",
    "TOOLS",
    "UPDATE_PROFILE",
]

CREATE_PROFILE = ToolDefinition(
    "create_profile",
    (
        "Create a new astrological profile (for friends, family, synastry "
        "analysis, etc.). After creating, ask user if this should be their "
        "current profile. IMPORTANT: Ask for information conversationally: 1. "
        "Ask: 'What's their name?' 2. Ask: 'What's their birthday?' (get "
        "YYYY-MM-DD) 3. Ask: 'Do you know what time they were born? (If not, we"
        " can use 12:00)' 4. Ask: 'Where were they born?' (get city, "
        "state/country) Then look up coordinates and confirm before saving."
    ),
    {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "Person's name (e.g., 'Sarah Johnson')"},
            "birth_date": {"type": "string", "description": "Birth date in YYYY-MM-DD format"},
            "birth_time": {
                "type": "string",
                "description": "Birth time in HH:MM format (24-hour), "
                "local time at the birth location "
                "(converted to UT using birth_timezone)",
            },
            "birth_location_name": {
                "type": "string",
                "description": "Location name (e.g., 'New York, NY')",
            },
            "birth_latitude": {"type": "number", "description": "Latitude in decimal degrees"},
            "birth_longitude": {"type": "number", "description": "Longitude in decimal degrees"},
            "birth_timezone": {
                "type": "string",
                "description": "IANA timezone of the birth location "
                "(e.g., 'America/New_York'); used to "
                "convert the local birth time to UT",
            },
        },
        "required": [
            "name",
            "birth_date",
            "birth_time",
            "birth_location_name",
            "birth_latitude",
            "birth_longitude",
            "birth_timezone",
        ],
    },
    server="astro",
)
LIST_PROFILES = ToolDefinition(
    "list_profiles",
    (
        "List all astrological profiles in the database. Shows profile names, "
        "birth dates, and which is currently active. Use this to see all "
        "available profiles before creating, updating, or switching."
    ),
    {"type": "object", "properties": {}},
    server="astro",
)
UPDATE_PROFILE = ToolDefinition(
    "update_profile",
    (
        "Update a profile field (name, birth date, birth time, etc.). Use with "
        "caution - changing birth data invalidates cached natal chart. Valid "
        "fields: name, birth_date, birth_time"
    ),
    {
        "type": "object",
        "properties": {
            "profile_id": {
                "type": "integer",
                "description": "Profile ID to update (get from list_profiles)",
            },
            "field": {
                "type": "string",
                "description": "Field to update (name, birth_date, birth_time)",
                "enum": ["name", "birth_date", "birth_time"],
            },
            "value": {"type": "string", "description": "New value for the field"},
        },
        "required": ["profile_id", "field", "value"],
    },
    server="astro",
)
FIND_LAST_TRANSIT = ToolDefinition(
    "find_last_transit",
    (
        "Find the most recent logged transit where a planet met specific "
        "conditions. Examples: 'when was Mercury last retrograde?', 'when was "
        "the Moon last in Scorpio?', 'when was Mars last in my 7th house?'. "
        "Requires at least one of: sign, retrograde, or house."
    ),
    {
        "type": "object",
        "properties": {
            "planet": {"type": "string", "description": "Planet name, e.g. 'Mercury', 'Mars'"},
            "sign": {
                "type": "string",
                "description": "Zodiac sign to match, e.g. 'Capricorn' (optional)",
            },
            "retrograde": {
                "type": "boolean",
                "description": "If true, find last retrograde; if false, "
                "find last direct (optional)",
            },
            "house": {
                "type": "integer",
                "description": "Natal house number to match, 1-12 (optional)",
            },
            "profile_id": {
                "type": "integer",
                "description": "Profile ID to query (from list_profiles). "
                "Defaults to owner profile.",
            },
        },
        "required": ["planet"],
    },
    server="astro",
)
SETUP_ASTRO_CONFIG = ToolDefinition(
    "setup_astro_config",
    (
        "Configure birth data and location for transit calculations. IMPORTANT:"
        " Ask the user for information conversationally in steps: 1. Ask: "
        "'What's your birthday?' (get YYYY-MM-DD) 2. Ask: 'Do you know what "
        "time you were born? (If not, we can use 12:00)' (get HH:MM) 3. Ask: "
        "'Where were you born?' (get city, state/country) Then look up "
        "coordinates and confirm with user before saving."
    ),
    {
        "type": "object",
        "properties": {
            "birth_date": {"type": "string", "description": "Birth date in YYYY-MM-DD format"},
            "birth_time": {
                "type": "string",
                "description": "Birth time in HH:MM format (24-hour), "
                "local time at the birth location "
                "(converted to UT using the timezone)",
            },
            "birth_location_name": {
                "type": "string",
                "description": "Location name (e.g., 'Richardson, TX')",
            },
            "birth_latitude": {"type": "number", "description": "Latitude in decimal degrees"},
            "birth_longitude": {"type": "number", "description": "Longitude in decimal degrees"},
            "birth_timezone": {
                "type": "string",
                "description": "IANA timezone of the birth location "
                "(e.g., 'America/Chicago'); used to "
                "convert the local birth time to UT",
            },
        },
        "required": [
            "birth_date",
            "birth_time",
            "birth_location_name",
            "birth_latitude",
            "birth_longitude",
            "birth_timezone",
        ],
    },
    server="astro",
)
CAST_EVENT_CHART = ToolDefinition(
    "cast_event_chart",
    (
        "Cast an astrological chart for any date, time, and location. No profile required"
        " — useful for historical events, mundane astrology, and electional work. If "
        "'label' is provided, the chart is saved to the database and can be referenced "
        "later via compare_charts using 'event:<label>'. If 'label' is omitted, the chart"
        " is calculated and returned but not saved."
    ),
    {
        "type": "object",
        "properties": {
            "date": {
                "type": "string",
                "description": "Date in YYYY-MM-DD format",
            },
            "time": {
                "type": "string",
                "description": (
                    "Time in HH:MM format, local time at the given location (converted to"
                    " UT using the timezone)"
                ),
            },
            "latitude": {
                "type": "number",
                "description": "Latitude in decimal degrees",
            },
            "longitude": {
                "type": "number",
                "description": "Longitude in decimal degrees",
            },
            "timezone": {
                "type": "string",
                "description": (
                    "IANA timezone name (e.g., 'America/Chicago'); used to convert the "
                    "local time to UT"
                ),
            },
            "location_name": {
                "type": "string",
                "description": "Human-readable location name (e.g., 'Chicago, IL')",
            },
            "label": {
                "type": "string",
                "description": (
                    "Optional unique name to save this chart for later reference. If "
                    "omitted, chart is calculated but not saved. Must be unique among all"
                    " saved event charts."
                ),
            },
            "description": {
                "type": "string",
                "description": "Optional notes about this event",
            },
            "profile_id": {
                "type": "integer",
                "description": "Optional profile ID to associate this event with a person",
            },
        },
        "required": ["date", "time", "latitude", "longitude", "timezone", "location_name"],
    },
    destructive=True,
    server="astro",
)

DELETE_EVENT_CHART = ToolDefinition(
    "delete_event_chart",
    "Delete a saved event chart by label. WARNING: Permanent and cannot be undone.",
    {
        "type": "object",
        "properties": {
            "label": {
                "type": "string",
                "description": "Label of the event chart to delete",
            },
            "confirm": {
                "type": "boolean",
                "description": "Must be true to confirm deletion",
            },
        },
        "required": ["label", "confirm"],
    },
    destructive=True,
    server="astro",
)

DELETE_PROFILE = ToolDefinition(
    "delete_profile",
    (
        "Delete a profile from the database. WARNING: This is permanent and cannot be "
        "undone. Deletes the profile and all associated natal chart data. If this is the "
        "owner profile, owner_profile_id will be set to NULL."
    ),
    {
        "type": "object",
        "properties": {
            "profile_id": {
                "type": "integer",
                "description": "Profile ID to delete (get from list_profiles)",
            },
            "confirm": {
                "type": "boolean",
                "description": "Must be true to confirm deletion",
            },
        },
        "required": ["profile_id", "confirm"],
    },
    destructive=True,
    server="astro",
)

TOOLS = [CREATE_PROFILE, LIST_PROFILES, UPDATE_PROFILE, FIND_LAST_TRANSIT, SETUP_ASTRO_CONFIG]
