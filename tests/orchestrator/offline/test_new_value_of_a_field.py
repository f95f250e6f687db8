"""A field said with its new value fills the parameter named as that field's new value
(`stok_baru`, `status_baru`, `kategori_baru`, `new_status`), even where the field's word also
names the tool (`update_stok_produk`, `ubah_status_order`): "set stock of Kopi Susu to 5",
"set order 1 status to shipped". A state said after "as" ("mark order 1 as shipped") is the
value of a free `status`, when it is a past form; "as urgent" is asked about. The shop's
listings, rows of columns between bars ("Kopi Susu | minuman | Stok: 50"), are read as items
named by their first column, so the product or customer named is found ("make Budi Santoso a
VIP customer"), with a possessive too ("change Kopi Susu's stock to 5"). Before, each of these
asked for the new value, or said no such item (an earlier user trial over `crm-umkm`)."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, integer, run_with, string, tool, turn
from tests.orchestrator.offline._shops import (
    EDIT_PELANGGAN,
    LISTED_PELANGGAN,
    LISTED_PRODUK,
    ORDER,
    PELANGGAN,
    PRODUK,
)

UPDATE_STOK = tool(
    "update_stok_produk", "", {"nama": string(), "stok_baru": integer()}, "nama", "stok_baru"
)
SHOP = [*PELANGGAN, EDIT_PELANGGAN, *PRODUK, UPDATE_STOK, *ORDER]
OUTPUTS = {
    "list_produk": LISTED_PRODUK,
    "list_pelanggan": LISTED_PELANGGAN,
    "update_stok_produk": "Stok diperbarui.",
    "edit_pelanggan": "Data pelanggan diperbarui.",
}


@pytest.mark.parametrize(
    "said",
    ["set stock of Kopi Susu to 5", "update stock of Kopi Susu to 5", "set Kopi Susu stock to 5"],
)
async def test_a_new_stock_is_set_on_the_product_named(said: str) -> None:
    made = await run_with(SHOP, OUTPUTS, said)
    assert made[-1] == ("update_stok_produk", {"nama": "Kopi Susu", "stok_baru": 5})


async def test_a_product_no_listing_holds_is_not_written() -> None:
    made = await run_with(SHOP, OUTPUTS, "set stock of Es Teh to 5")
    assert not [m for m in made if m[0] == "update_stok_produk"]


@pytest.mark.parametrize(
    "said",
    [
        "set order 1 status to shipped",
        "change the status of order 1 to shipped",
        "mark order 1 as shipped",
    ],
)
async def test_a_new_status_is_set_on_the_order(said: str) -> None:
    assert calls(await turn(SHOP, said)) == [
        ("ubah_status_order", {"order_id": 1, "status_baru": "shipped"})
    ]


async def test_a_status_in_english_names_is_set_as_said() -> None:
    orders = [
        tool("list_orders", "List orders", {}),
        tool(
            "update_order",
            "Update an order",
            {"order_id": integer(), "new_status": string()},
            "order_id",
            "new_status",
        ),
    ]
    assert calls(await turn(orders, "mark order 1 as shipped")) == [
        ("update_order", {"order_id": 1, "new_status": "shipped"})
    ]


async def test_a_word_after_as_that_is_no_state_is_asked_about() -> None:
    assert calls(await turn(SHOP, "mark order 1 as urgent")) == []


@pytest.mark.parametrize(
    "said",
    ["make Budi Santoso a VIP customer", "set Budi Santoso's category to VIP"],
)
async def test_a_customer_named_gets_the_new_category(said: str) -> None:
    made = await run_with(SHOP, OUTPUTS, said)
    assert made[-1] == ("edit_pelanggan", {"nama": "Budi Santoso", "kategori_baru": "VIP"})


async def test_a_product_named_with_a_possessive_is_found() -> None:
    products = [
        tool("list_products", "List products", {}),
        tool(
            "update_product",
            "Update a product",
            {"product_id": integer(), "new_stock": integer()},
            "product_id",
        ),
    ]
    listed = {"list_products": '[{"id": 1, "name": "Kopi Susu"}]', "update_product": "ok"}
    made = await run_with(products, listed, "change Kopi Susu's stock to 5")
    assert made[-1] == ("update_product", {"product_id": 1, "new_stock": 5})
