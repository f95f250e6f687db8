"""A Pokémon card collection the offline router's tests share (`tcg-mcp` 0.4.0, met in user
trial 22): every tool takes one `params` object of `$defs`; cards owned, sealed products, a
watchlist of cards to buy below a target price, and the catalogue of sets."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "CATALOG_GET_SET",
    "CATALOG_SEARCH_SET",
    "COLLECTION_ADD_CARD",
    "COLLECTION_ADD_SEALED",
    "COLLECTION_LIST",
    "COLLECTION_SET_COMPLETION",
    "TOOLS",
    "WATCHLIST_ADD",
    "WATCHLIST_LIST",
]

COLLECTION_ADD_CARD = ToolDefinition(
    "tcg_collection_add_card",
    "Record a card as owned in the local SQLite DB. Returns the new card_id (a UUID) on success.",
    {
        "$defs": {
            "CollectionAddCardInput": {
                "additionalProperties": False,
                "description": "Add a card you own — works for "
                "both raw and graded cards.\n"
                "\n"
                "For graded cards from a supported "
                "provider (PSA), prefer\n"
                "`tcg_psa_add_to_collection` which "
                "looks up metadata for you. Use "
                "this\n"
                "tool for raw cards or for graded "
                "cards from providers we don't "
                "support\n"
                "yet (CGC, BGS).",
                "properties": {
                    "is_graded": {
                        "default": False,
                        "description": "True for graded slabs.",
                        "title": "Is Graded",
                        "type": "boolean",
                    },
                    "grading_provider": {
                        "anyOf": [
                            {"enum": ["psa", "cgc", "bgs"], "type": "string"},
                            {"type": "null"},
                        ],
                        "default": None,
                        "title": "Grading Provider",
                    },
                    "cert_number": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Cert Number",
                    },
                    "grade": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Grade",
                    },
                    "grade_numeric": {
                        "anyOf": [{"type": "number"}, {"type": "null"}],
                        "default": None,
                        "title": "Grade Numeric",
                    },
                    "year": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Year",
                    },
                    "brand": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Brand",
                    },
                    "set_name": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Set Name",
                    },
                    "card_number": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Card Number",
                    },
                    "subject": {
                        "description": "Player/character/Pokemon name",
                        "minLength": 1,
                        "title": "Subject",
                        "type": "string",
                    },
                    "variety": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Variety",
                    },
                    "language": {
                        "default": "EN",
                        "maxLength": 4,
                        "minLength": 2,
                        "title": "Language",
                        "type": "string",
                    },
                    "acquisition_date": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "description": "ISO 8601 date (YYYY-MM-DD).",
                        "title": "Acquisition Date",
                    },
                    "acquisition_price": {
                        "anyOf": [{"type": "number"}, {"type": "null"}],
                        "default": None,
                        "title": "Acquisition Price",
                    },
                    "acquisition_currency": {
                        "default": "USD",
                        "maxLength": 3,
                        "minLength": 3,
                        "title": "Acquisition Currency",
                        "type": "string",
                    },
                    "acquisition_source": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Acquisition Source",
                    },
                    "notes": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Notes",
                    },
                    "tags": {
                        "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                        "default": None,
                        "title": "Tags",
                    },
                },
                "required": ["subject"],
                "title": "CollectionAddCardInput",
                "type": "object",
            }
        },
        "properties": {"params": {"$ref": "#/$defs/CollectionAddCardInput"}},
        "required": ["params"],
        "title": "tcg_collection_add_cardArguments",
        "type": "object",
    },
    server="tcg",
)
COLLECTION_ADD_SEALED = ToolDefinition(
    "tcg_collection_add_sealed",
    (
        "Record sealed product as owned. Behind the scenes, sealed product "
        "lives in the same `owned_cards` table as singles, distinguished by "
        "`product_type != 'single'`. We insert one row per quantity unit so "
        "cost basis and disposition track per-unit. Returns a list of new "
        "card_ids (one per unit)."
    ),
    {
        "$defs": {
            "CollectionAddSealedInput": {
                "additionalProperties": False,
                "description": "Add a sealed product (ETB / "
                "booster box / UPC / tin / "
                "bundle) you own.",
                "properties": {
                    "product_type": {
                        "description": "Sealed product type.",
                        "enum": [
                            "etb",
                            "booster_box",
                            "upc",
                            "booster_bundle",
                            "tin",
                            "premium_collection",
                            "other_sealed",
                        ],
                        "title": "Product Type",
                        "type": "string",
                    },
                    "set_name": {
                        "description": "Set name, e.g. 'Surging Sparks'",
                        "minLength": 1,
                        "title": "Set Name",
                        "type": "string",
                    },
                    "set_code": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "description": "Set code if known, e.g. 'sv08'",
                        "title": "Set Code",
                    },
                    "year": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Year",
                    },
                    "language": {
                        "default": "EN",
                        "maxLength": 4,
                        "minLength": 2,
                        "title": "Language",
                        "type": "string",
                    },
                    "quantity": {
                        "default": 1,
                        "maximum": 1000,
                        "minimum": 1,
                        "title": "Quantity",
                        "type": "integer",
                    },
                    "acquisition_date": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Acquisition Date",
                    },
                    "acquisition_price": {
                        "anyOf": [{"type": "number"}, {"type": "null"}],
                        "default": None,
                        "description": "Per-unit price (multiply by quantity for total).",
                        "title": "Acquisition Price",
                    },
                    "acquisition_currency": {
                        "default": "USD",
                        "maxLength": 3,
                        "minLength": 3,
                        "title": "Acquisition Currency",
                        "type": "string",
                    },
                    "acquisition_source": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Acquisition Source",
                    },
                    "notes": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "title": "Notes",
                    },
                    "tags": {
                        "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                        "default": None,
                        "title": "Tags",
                    },
                },
                "required": ["product_type", "set_name"],
                "title": "CollectionAddSealedInput",
                "type": "object",
            }
        },
        "properties": {"params": {"$ref": "#/$defs/CollectionAddSealedInput"}},
        "required": ["params"],
        "title": "tcg_collection_add_sealedArguments",
        "type": "object",
    },
    server="tcg",
)
COLLECTION_LIST = ToolDefinition(
    "tcg_collection_list",
    "List cards in the local collection, with optional filters and pagination.",
    {
        "$defs": {
            "CollectionListInput": {
                "additionalProperties": False,
                "properties": {
                    "status": {
                        "anyOf": [
                            {"enum": ["owned", "sold", "lost", "graded_out"], "type": "string"},
                            {"type": "null"},
                        ],
                        "default": "owned",
                        "title": "Status",
                    },
                    "grading_provider": {
                        "anyOf": [
                            {"enum": ["psa", "cgc", "bgs"], "type": "string"},
                            {"type": "null"},
                        ],
                        "default": None,
                        "title": "Grading Provider",
                    },
                    "subject_like": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "description": "Case-insensitive substring match on subject.",
                        "title": "Subject Like",
                    },
                    "limit": {
                        "default": 50,
                        "maximum": 500,
                        "minimum": 1,
                        "title": "Limit",
                        "type": "integer",
                    },
                    "offset": {"default": 0, "minimum": 0, "title": "Offset", "type": "integer"},
                },
                "title": "CollectionListInput",
                "type": "object",
            }
        },
        "properties": {"params": {"$ref": "#/$defs/CollectionListInput"}},
        "required": ["params"],
        "title": "tcg_collection_listArguments",
        "type": "object",
    },
    server="tcg",
)
WATCHLIST_ADD = ToolDefinition(
    "tcg_watchlist_add",
    "Add a card to the watchlist with a target buy price + thesis. Returns the new watchlist_id.",
    {
        "$defs": {
            "WatchlistAddInput": {
                "additionalProperties": False,
                "properties": {
                    "card_descriptor": {
                        "description": "Free-form "
                        "description: "
                        "'Charizard "
                        "ex "
                        "SIR "
                        "— "
                        "Surging "
                        "Sparks'.",
                        "maxLength": 200,
                        "minLength": 1,
                        "title": "Card Descriptor",
                        "type": "string",
                    },
                    "horizon": {
                        "default": "hold",
                        "enum": ["flip", "hold", "sealed"],
                        "title": "Horizon",
                        "type": "string",
                    },
                    "target_price": {
                        "anyOf": [{"minimum": 0, "type": "number"}, {"type": "null"}],
                        "default": None,
                        "description": "Buy below this price.",
                        "title": "Target Price",
                    },
                    "target_currency": {
                        "default": "USD",
                        "maxLength": 3,
                        "minLength": 3,
                        "title": "Target Currency",
                        "type": "string",
                    },
                    "thesis": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "description": "Why you want this card.",
                        "title": "Thesis",
                    },
                },
                "required": ["card_descriptor"],
                "title": "WatchlistAddInput",
                "type": "object",
            }
        },
        "properties": {"params": {"$ref": "#/$defs/WatchlistAddInput"}},
        "required": ["params"],
        "title": "tcg_watchlist_addArguments",
        "type": "object",
    },
    server="tcg",
)
WATCHLIST_LIST = ToolDefinition(
    "tcg_watchlist_list",
    "List watchlist entries with optional horizon filter.",
    {
        "$defs": {
            "WatchlistListInput": {
                "additionalProperties": False,
                "properties": {
                    "horizon": {
                        "anyOf": [
                            {"enum": ["flip", "hold", "sealed"], "type": "string"},
                            {"type": "null"},
                        ],
                        "default": None,
                        "title": "Horizon",
                    },
                    "open_only": {
                        "default": True,
                        "description": "If True, exclude closed entries.",
                        "title": "Open Only",
                        "type": "boolean",
                    },
                    "limit": {
                        "default": 100,
                        "maximum": 500,
                        "minimum": 1,
                        "title": "Limit",
                        "type": "integer",
                    },
                    "offset": {"default": 0, "minimum": 0, "title": "Offset", "type": "integer"},
                },
                "title": "WatchlistListInput",
                "type": "object",
            }
        },
        "properties": {"params": {"$ref": "#/$defs/WatchlistListInput"}},
        "required": ["params"],
        "title": "tcg_watchlist_listArguments",
        "type": "object",
    },
    server="tcg",
)
CATALOG_SEARCH_SET = ToolDefinition(
    "tcg_catalog_search_set",
    "Search Pokemon TCG sets. Returns set IDs, names, release dates, totals.",
    {
        "$defs": {
            "CatalogSearchSetInput": {
                "additionalProperties": False,
                "properties": {
                    "query": {
                        "description": "Free-text "
                        "or Lucene "
                        "query. "
                        "Plain text "
                        "becomes a "
                        "name "
                        "prefix "
                        "search "
                        "(e.g. "
                        "'Surging' "
                        "→ matches "
                        "'Surging "
                        "Sparks'). "
                        "Pass full "
                        "Lucene "
                        "like "
                        "'series:\"Scarlet "
                        "& "
                        "Violet\"' "
                        "for "
                        "advanced "
                        "filtering.",
                        "maxLength": 200,
                        "minLength": 1,
                        "title": "Query",
                        "type": "string",
                    },
                    "limit": {
                        "default": 20,
                        "maximum": 100,
                        "minimum": 1,
                        "title": "Limit",
                        "type": "integer",
                    },
                },
                "required": ["query"],
                "title": "CatalogSearchSetInput",
                "type": "object",
            }
        },
        "properties": {"params": {"$ref": "#/$defs/CatalogSearchSetInput"}},
        "required": ["params"],
        "title": "tcg_catalog_search_setArguments",
        "type": "object",
    },
    server="tcg",
)
CATALOG_GET_SET = ToolDefinition(
    "tcg_catalog_get_set",
    (
        "Fetch a Pokemon TCG set's metadata (name, total cards, release date, "
        "…). Free — no API key required (Pokemon TCG API)."
    ),
    {
        "$defs": {
            "CatalogGetSetInput": {
                "additionalProperties": False,
                "properties": {
                    "set_id": {
                        "description": "e.g. 'sv8'",
                        "maxLength": 32,
                        "minLength": 1,
                        "title": "Set Id",
                        "type": "string",
                    }
                },
                "required": ["set_id"],
                "title": "CatalogGetSetInput",
                "type": "object",
            }
        },
        "properties": {"params": {"$ref": "#/$defs/CatalogGetSetInput"}},
        "required": ["params"],
        "title": "tcg_catalog_get_setArguments",
        "type": "object",
    },
    server="tcg",
)
COLLECTION_SET_COMPLETION = ToolDefinition(
    "tcg_collection_set_completion",
    (
        "Compute set-completion progress for a Pokemon TCG set. For each card "
        "in the set (optionally filtered by rarity): * Owned? Match owned_cards"
        " either by attached `pricing_listing_id` equal to the catalog card's "
        "`id` (precise), or as a fallback by case-insensitive subject match + "
        "card_number exact match. * Watchlist hit? Cross-reference "
        "`watchlist.card_descriptor` for substring matches against the card "
        "name + set name. * Missing? Sum current Pokemon TCG API market price "
        "for the gap. Returns owned/missing counts, completion percentage, gap "
        "cost in USD, and per-card breakdown."
    ),
    {
        "$defs": {
            "CollectionSetCompletionInput": {
                "additionalProperties": False,
                "properties": {
                    "set_id": {
                        "maxLength": 32,
                        "minLength": 1,
                        "title": "Set Id",
                        "type": "string",
                    },
                    "rarity": {
                        "anyOf": [{"type": "string"}, {"type": "null"}],
                        "default": None,
                        "description": "Optional "
                        "rarity "
                        "filter "
                        "— "
                        "e.g. "
                        "'Special "
                        "Illustration "
                        "Rare' "
                        "to "
                        "ask "
                        "'how "
                        "many "
                        "SIRs "
                        "do "
                        "I "
                        "have "
                        "from "
                        "Surging "
                        "Sparks?'",
                        "title": "Rarity",
                    },
                },
                "required": ["set_id"],
                "title": "CollectionSetCompletionInput",
                "type": "object",
            }
        },
        "properties": {"params": {"$ref": "#/$defs/CollectionSetCompletionInput"}},
        "required": ["params"],
        "title": "tcg_collection_set_completionArguments",
        "type": "object",
    },
    server="tcg",
)
TOOLS = [
    COLLECTION_ADD_CARD,
    COLLECTION_ADD_SEALED,
    COLLECTION_LIST,
    WATCHLIST_ADD,
    WATCHLIST_LIST,
    CATALOG_SEARCH_SET,
    CATALOG_GET_SET,
    COLLECTION_SET_COMPLETION,
]
