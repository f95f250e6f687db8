"""Servers whose tools and parameters are named in another language, with no descriptions: an
Indonesian shop (`tambah_produk(nama, harga, stok)`, `add_pelanggan(nama, no_hp, alamat)`) and a
Spanish notes app (`crear_nota(titulo, contenido, fecha)`). A parameter's name is read through
the tool words of `lexicon_tools` (`harga`: price, `no_hp`: phone, `stok_baru`: new stock,
`fecha`: date), so the values said for a price, a phone, a date fill them as they fill an
English server's; a request whose values fit none still asks. Failed on the router before: the
names were words it did not know (it asked for `nama`, or could not tell the tools apart)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, integer, run_with, string, tool, turn
from tests.orchestrator.offline._shops import PELANGGAN, PRODUK

SHOP = [
    *PELANGGAN,
    *PRODUK,
    tool("hapus_produk", "", {"nama": string()}, "nama"),
    tool("cari_produk", "", {"keyword": string()}, "keyword"),
    tool(
        "kirim_promosi",
        "",
        {"pelanggan": string(), "isi_pesan": string()},
        "pelanggan",
        "isi_pesan",
    ),
]
PRODUCTS = '[{"nama": "Kopi Susu", "harga": 18000, "stok": 50}]'
CUSTOMERS = '[{"nama": "Siti", "no_hp": "0811"}]'
OUTPUTS = {
    "list_produk": PRODUCTS,
    "list_pelanggan": CUSTOMERS,
    "add_pelanggan": '{"ok": true}',
    "tambah_produk": '{"ok": true}',
    "kirim_promosi": '{"ok": true}',
}


async def test_a_customer_is_added_with_a_phone_in_the_indonesian_names() -> None:
    made = await run_with(SHOP, OUTPUTS, "add customer Budi Santoso, phone 0812345678")
    assert made[-1] == ("add_pelanggan", {"nama": "Budi Santoso", "no_hp": "0812345678"})


async def test_a_product_is_added_with_its_price_and_stock() -> None:
    made = await run_with(SHOP, OUTPUTS, "add product Kopi Susu, price 18000, stock 50")
    assert made[-1] == ("tambah_produk", {"nama": "Kopi Susu", "harga": 18000, "stok": 50})


async def test_products_are_listed_and_searched_by_the_english_words() -> None:
    assert calls(await turn(SHOP, "list products")) == [("list_produk", {})]
    assert calls(await turn(SHOP, "search products for kopi")) == [
        ("cari_produk", {"keyword": "kopi"})
    ]


async def test_a_promo_is_sent_with_its_message() -> None:
    made = await run_with(SHOP, OUTPUTS, "send Siti a promo: 20% off this weekend")
    assert made[-1] == ("kirim_promosi", {"pelanggan": "Siti", "isi_pesan": "20% off this weekend"})


async def test_a_customer_without_the_phone_required_is_asked_for_it() -> None:
    response = await turn(SHOP, "add customer Andi")
    assert calls(response) == []
    assert "no_hp" in response.text


async def test_a_price_that_is_no_number_is_never_written() -> None:
    made = await run_with(SHOP, OUTPUTS, "add product Kopi Susu, price cheap, stock 50")
    assert not [call for call in made if call[0] == "tambah_produk"]


NOTES = [
    tool(
        "crear_nota",
        "",
        {
            "titulo": string(),
            "contenido": string(),
            "fecha": {"type": "string", "format": "date"},
        },
        "titulo",
    ),
    tool("listar_notas", "", {}),
    tool("borrar_nota", "", {"titulo": string()}, "titulo"),
    tool("crear_tarea", "", {"nombre": string(), "cantidad": integer()}, "nombre"),
]


async def test_a_spanish_note_is_made_with_its_title_and_date() -> None:
    response = await turn(NOTES, "create a note titled Shopping for 2026-03-01")
    assert calls(response) == [("crear_nota", {"titulo": "Shopping", "fecha": "2026-03-01"})]


async def test_spanish_notes_are_listed() -> None:
    assert calls(await turn(NOTES, "list my notes")) == [("listar_notas", {})]


async def test_a_spanish_task_is_not_made_of_a_note_request() -> None:
    response = await turn(NOTES, "add a task called Groceries")
    assert calls(response) == [("crear_tarea", {"nombre": "Groceries"})]
