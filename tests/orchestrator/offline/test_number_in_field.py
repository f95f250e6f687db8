"""A number followed by "in" and a numeric parameter's word fills that parameter: "add product
Kopi Susu, price 18000, 50 in stock" gives `stock` 50, on a shop, on its Indonesian copy
(`stok`) and on a warehouse app. Failed on the router before: "50" was left over and it asked
for the stock. A word after "in" that names no parameter ("50 in boxes") still asks."""

from __future__ import annotations

from tests.orchestrator.offline._routing import integer, run_with, string, tool
from tests.orchestrator.offline._shops import PRODUK

SHOP = [
    tool(
        "add_product",
        "",
        {"name": string(), "category": string(), "price": integer(), "stock": integer()},
        "name",
        "price",
        "stock",
    ),
    tool("list_products", "", {"category": string()}),
]
INDONESIAN = PRODUK
WAREHOUSE = [
    tool(
        "create_item",
        "Create an inventory item",
        {"name": string(), "stock": integer(), "warehouse": string()},
        "name",
        "stock",
    ),
    tool("list_items", "List inventory items", {"warehouse": string()}),
]
OUTPUTS = {
    "list_products": "[]",
    "list_produk": "[]",
    "list_items": "[]",
    "add_product": '{"ok": true}',
    "tambah_produk": '{"ok": true}',
    "create_item": '{"ok": true}',
}


async def test_a_shop_reads_the_stock_before_its_word() -> None:
    said = "add product Kopi Susu, price 18000, 50 in stock, category drinks"
    made = await run_with(SHOP, OUTPUTS, said)
    assert made[-1] == (
        "add_product",
        {"name": "Kopi Susu", "price": 18000, "stock": 50, "category": "drinks"},
    )


async def test_the_indonesian_names_read_it_too() -> None:
    made = await run_with(INDONESIAN, OUTPUTS, "add product Kopi Susu, price 18000, 50 in stock")
    assert made[-1] == ("tambah_produk", {"nama": "Kopi Susu", "harga": 18000, "stok": 50})


async def test_a_warehouse_app_reads_it() -> None:
    made = await run_with(WAREHOUSE, OUTPUTS, "create item hex bolt, 200 in stock")
    assert made[-1] == ("create_item", {"name": "hex bolt", "stock": 200})


async def test_a_word_that_names_no_parameter_still_asks() -> None:
    made = await run_with(SHOP, OUTPUTS, "add product Kopi Susu, price 18000, 50 in boxes")
    assert not any(name == "add_product" for name, _ in made)
