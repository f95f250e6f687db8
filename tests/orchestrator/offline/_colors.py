"""Colours, emoji and a shop the offline router's tests share, copied from the servers'
`tools/list` (user trial 26): `color-mcp-server` 0.1.0, described in German, whose parameters
name colours (`color_hex`, `foreground`, `start_color`); `emojifyi` 0.2.3, whose tools take an
emoji's glyph (`character`) or slug; `mcp-retail-sim` 0.1.1, a catalogue searched by a tool
named `search`."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["COLORS", "EMOJI", "STORE", "TOOLS"]

COLORS = [
    ToolDefinition(
        "tool_get_color_info",
        ("Liefert detaillierte Infos zu einer Farbe: Name, RGB, HSL, CMYK (via TheColorAPI)."),
        {
            "properties": {
                "color_hex": {
                    "title": "Color Hex",
                    "type": "string",
                },
            },
            "required": [
                "color_hex",
            ],
            "title": "tool_get_color_infoArguments",
            "type": "object",
        },
        server="colors",
    ),
    ToolDefinition(
        "tool_get_color_info_local",
        ("Schnelle lokale Color-Info ohne API-Call: RGB, HSL, HSV, Luminance."),
        {
            "properties": {
                "color_hex": {
                    "title": "Color Hex",
                    "type": "string",
                },
            },
            "required": [
                "color_hex",
            ],
            "title": "tool_get_color_info_localArguments",
            "type": "object",
        },
        server="colors",
    ),
    ToolDefinition(
        "tool_generate_palette",
        (
            "Generiert eine Farbpalette zu einer Basisfarbe.\n\n    Modi: "
            "monochrome, monochrome-dark, monochrome-light, analogic,\n"
            "    complement, analogic-complement, triad, quad."
        ),
        {
            "properties": {
                "base_color": {
                    "title": "Base Color",
                    "type": "string",
                },
                "mode": {
                    "default": "analogic",
                    "title": "Mode",
                    "type": "string",
                },
                "count": {
                    "default": 5,
                    "title": "Count",
                    "type": "integer",
                },
            },
            "required": [
                "base_color",
            ],
            "title": "tool_generate_paletteArguments",
            "type": "object",
        },
        server="colors",
    ),
    ToolDefinition(
        "tool_check_contrast",
        ("Prueft WCAG-Kontrast zwischen zwei Farben. Liefert Ratio und AA/AAA-Levels."),
        {
            "properties": {
                "foreground": {
                    "title": "Foreground",
                    "type": "string",
                },
                "background": {
                    "title": "Background",
                    "type": "string",
                },
            },
            "required": [
                "foreground",
                "background",
            ],
            "title": "tool_check_contrastArguments",
            "type": "object",
        },
        server="colors",
    ),
    ToolDefinition(
        "tool_convert_color",
        (
            "Konvertiert zwischen Farb-Formaten: hex, rgb, hsl, hsv.\n"
            "\n    Beispiele:\n      value='#ff0000' source='hex' target='rgb"
            "' -> 'rgb(255, 0, 0)'\n      value='255,0,0' source='rgb' "
            "target='hsl'\n    "
        ),
        {
            "properties": {
                "value": {
                    "title": "Value",
                    "type": "string",
                },
                "source": {
                    "title": "Source",
                    "type": "string",
                },
                "target": {
                    "title": "Target",
                    "type": "string",
                },
            },
            "required": [
                "value",
                "source",
                "target",
            ],
            "title": "tool_convert_colorArguments",
            "type": "object",
        },
        server="colors",
    ),
    ToolDefinition(
        "tool_get_complementary_color",
        ("Liefert die Komplementaerfarbe (180 Grad im HSL-Farbkreis)."),
        {
            "properties": {
                "color_hex": {
                    "title": "Color Hex",
                    "type": "string",
                },
            },
            "required": [
                "color_hex",
            ],
            "title": "tool_get_complementary_colorArguments",
            "type": "object",
        },
        server="colors",
    ),
    ToolDefinition(
        "tool_generate_gradient",
        ("Erzeugt einen Farbverlauf zwischen zwei Farben in N Schritten (linear in RGB)."),
        {
            "properties": {
                "start_color": {
                    "title": "Start Color",
                    "type": "string",
                },
                "end_color": {
                    "title": "End Color",
                    "type": "string",
                },
                "steps": {
                    "default": 5,
                    "title": "Steps",
                    "type": "integer",
                },
            },
            "required": [
                "start_color",
                "end_color",
            ],
            "title": "tool_generate_gradientArguments",
            "type": "object",
        },
        server="colors",
    ),
    ToolDefinition(
        "tool_simulate_color_blindness",
        (
            "Simuliert wie eine Farbe fuer farbenblinde Menschen aussieht.\n"
            "\n    Typen: protanopia (Rot-blind), deuteranopia (Gruen-blind)"
            ",\n    tritanopia (Blau-blind), achromatopsia (komplette "
            "Farbenblindheit)."
        ),
        {
            "properties": {
                "color_hex": {
                    "title": "Color Hex",
                    "type": "string",
                },
                "blindness_type": {
                    "default": "protanopia",
                    "title": "Blindness Type",
                    "type": "string",
                },
            },
            "required": [
                "color_hex",
            ],
            "title": "tool_simulate_color_blindnessArguments",
            "type": "object",
        },
        server="colors",
    ),
    ToolDefinition(
        "tool_get_css_variables",
        ("Erzeugt CSS-Custom-Properties (Variablen) aus einer Farbpalette."),
        {
            "properties": {
                "palette": {
                    "items": {
                        "type": "string",
                    },
                    "title": "Palette",
                    "type": "array",
                },
                "prefix": {
                    "default": "color",
                    "title": "Prefix",
                    "type": "string",
                },
            },
            "required": [
                "palette",
            ],
            "title": "tool_get_css_variablesArguments",
            "type": "object",
        },
        server="colors",
    ),
]

EMOJI = [
    ToolDefinition(
        "emoji_lookup",
        (
            "Look up emoji metadata by slug.\n\n    Returns emoji name, "
            "codepoint, category, version, and other metadata\n    in "
            "a markdown table.\n\n    Args:\n        slug: Emoji slug (e.g. "
            '"grinning-face", "red-heart").\n    '
        ),
        {
            "properties": {
                "slug": {
                    "title": "Slug",
                    "type": "string",
                },
            },
            "required": [
                "slug",
            ],
            "title": "emoji_lookupArguments",
            "type": "object",
        },
        server="emoji",
    ),
    ToolDefinition(
        "emoji_by_char",
        (
            "Look up emoji metadata by character.\n\n    Returns emoji "
            "name, codepoint, category, version, and other metadata\n"
            "    in a markdown table.\n\n    Args:\n        character: "
            "Emoji character (e.g. the actual emoji glyph).\n    "
        ),
        {
            "properties": {
                "character": {
                    "title": "Character",
                    "type": "string",
                },
            },
            "required": [
                "character",
            ],
            "title": "emoji_by_charArguments",
            "type": "object",
        },
        server="emoji",
    ),
    ToolDefinition(
        "emoji_search",
        (
            "Search emojis by name.\n\n    Returns a list of matching "
            "emojis with their characters, names, and categories.\n\n "
            '   Args:\n        query: Search term (e.g. "heart", "fire", '
            '"face").\n        limit: Maximum number of results (default '
            "10).\n    "
        ),
        {
            "properties": {
                "query": {
                    "title": "Query",
                    "type": "string",
                },
                "limit": {
                    "default": 10,
                    "title": "Limit",
                    "type": "integer",
                },
            },
            "required": [
                "query",
            ],
            "title": "emoji_searchArguments",
            "type": "object",
        },
        server="emoji",
    ),
    ToolDefinition(
        "emoji_encode",
        (
            "Encode an emoji into 8 different representations.\n\n    "
            "Returns UTF-8 bytes, UTF-16 surrogates, HTML entity, CSS "
            "content value,\n    Python/JavaScript/Java literals, and "
            "Unicode codepoint notation.\n\n    Args:\n        character: "
            "Emoji character to encode.\n    "
        ),
        {
            "properties": {
                "character": {
                    "title": "Character",
                    "type": "string",
                },
            },
            "required": [
                "character",
            ],
            "title": "emoji_encodeArguments",
            "type": "object",
        },
        server="emoji",
    ),
    ToolDefinition(
        "emoji_categories",
        (
            "List all 10 emoji categories with their icons.\n\n    Returns "
            "the complete list of Unicode emoji categories.\n    "
        ),
        {
            "properties": {},
            "title": "emoji_categoriesArguments",
            "type": "object",
        },
        server="emoji",
    ),
    ToolDefinition(
        "emoji_by_category",
        (
            "Browse emojis in a specific category.\n\n    Args:\n      "
            '  category_slug: Category slug (e.g. "smileys-and-emotion", '
            '"animals-and-nature").\n        limit: Maximum number of '
            "emojis to return (default 20).\n    "
        ),
        {
            "properties": {
                "category_slug": {
                    "title": "Category Slug",
                    "type": "string",
                },
                "limit": {
                    "default": 20,
                    "title": "Limit",
                    "type": "integer",
                },
            },
            "required": [
                "category_slug",
            ],
            "title": "emoji_by_categoryArguments",
            "type": "object",
        },
        server="emoji",
    ),
]

STORE = [
    ToolDefinition(
        "search",
        (
            "Search the synthetic catalog (about 500 products).\n\nExample "
            "queries that return rows: headphones, laptop, coffee, yoga, "
            "tv, jacket.\nMatching is a case-insensitive substring of "
            "name, description, category, or brand."
        ),
        {
            "properties": {
                "query": {
                    "description": (
                        "Substring matched against name, description, category, "
                        "and brand. Try headphones, laptop, coffee, yoga, or tv. "
                        "A random word often returns []."
                    ),
                    "type": "string",
                },
            },
            "required": [
                "query",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="store",
    ),
    ToolDefinition(
        "get_product_details",
        ("Get one product by SKU. Example: SKU-1001 (LumenLab Pro Headphones)."),
        {
            "properties": {
                "product_id": {
                    "description": ("Alphanumeric product SKU (hyphens ok), e.g. SKU-1001"),
                    "type": "string",
                },
            },
            "required": [
                "product_id",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="store",
    ),
    ToolDefinition(
        "check_inventory",
        (
            "Check stock for a SKU.\n\nExample in stock: SKU-1001. Example "
            "out of stock: SKU-1002.\nReturns stock_qty and in_stock. "
            "Does not change inventory."
        ),
        {
            "properties": {
                "product_id": {
                    "description": ("Alphanumeric product SKU (hyphens ok), e.g. SKU-1001"),
                    "type": "string",
                },
            },
            "required": [
                "product_id",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="store",
    ),
    ToolDefinition(
        "add_to_cart",
        (
            "Add a product to a cart. Does not decrement stock.\n\nExample: "
            "cart_id=cart-1, product_id=SKU-1001, qty=1.\nUse any new "
            "cart id; the cart is created if it does not exist.\nFails "
            "if the SKU is unknown or out of stock (try SKU-1002 to "
            "see that error)."
        ),
        {
            "properties": {
                "cart_id": {
                    "description": "Client-generated cart handle, e.g. cart-123",
                    "type": "string",
                },
                "product_id": {
                    "description": ("Alphanumeric product SKU (hyphens ok), e.g. SKU-1001"),
                    "type": "string",
                },
                "qty": {
                    "default": 1,
                    "type": "integer",
                },
            },
            "required": [
                "cart_id",
                "product_id",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="store",
    ),
    ToolDefinition(
        "place_order",
        (
            "Check out a cart created by add_to_cart.\n\nExample: cart_id=car"
            "t-1 after adding SKU-1001.\nDecrements stock, returns an "
            "order_id like ORD-XXXXXXXX, and deletes the cart."
        ),
        {
            "properties": {
                "cart_id": {
                    "description": "Client-generated cart handle, e.g. cart-123",
                    "type": "string",
                },
            },
            "required": [
                "cart_id",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="store",
    ),
    ToolDefinition(
        "get_order_details",
        (
            "Read an order created by place_order.\n\nPass the order_id "
            "from that response, for example ORD-E2F0C262.\nOrders exist "
            "only in this server process; a new process has none."
        ),
        {
            "properties": {
                "order_id": {
                    "description": "Order id from place_order, e.g. ORD-E2F0C262",
                    "type": "string",
                },
            },
            "required": [
                "order_id",
            ],
            "type": "object",
            "additionalProperties": False,
        },
        server="store",
    ),
]

TOOLS = [*COLORS, *EMOJI, *STORE]
