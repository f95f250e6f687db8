"""A shop CRM whose tools and parameters are named in Indonesian, with no descriptions (as the
PyPI server `crm-umkm` names them): its customers, its products and its orders, for the tests
of names in another language and of values said as fields. Its listings answer in rows of
columns between bars (`LISTED_PRODUK`, `LISTED_PELANGGAN`), as the server does."""

from __future__ import annotations

from tests.orchestrator.offline._routing import integer, string, tool

__all__ = ["EDIT_PELANGGAN", "LISTED_PELANGGAN", "LISTED_PRODUK", "ORDER", "PELANGGAN", "PRODUK"]

PELANGGAN = [
    tool(
        "add_pelanggan",
        "",
        {"nama": string(), "no_hp": string(), "alamat": string(), "kategori": string()},
        "nama",
        "no_hp",
    ),
    tool("list_pelanggan", "", {"kategori": string()}),
]
EDIT_PELANGGAN = tool(
    "edit_pelanggan",
    "",
    {"nama": string(), "no_hp_baru": string(), "alamat_baru": string(), "kategori_baru": string()},
    "nama",
)
PRODUK = [
    tool(
        "tambah_produk",
        "",
        {"nama": string(), "kategori": string(), "harga": integer(), "stok": integer()},
        "nama",
        "harga",
        "stok",
    ),
    tool("list_produk", "", {"kategori": string()}),
]
ORDER = [
    tool(
        "catat_order_baru",
        "",
        {"pelanggan": string(), "produk": string(), "jumlah": integer()},
        "pelanggan",
        "produk",
        "jumlah",
    ),
    tool(
        "ubah_status_order",
        "",
        {"order_id": integer(), "status_baru": string()},
        "order_id",
        "status_baru",
    ),
]
LISTED_PRODUK = (
    "--- Daftar Produk ---\n"
    "Kopi Susu | minuman | Rp18,000 | Stok: 50\n"
    "Roti Bakar | makanan | Rp15,000 | Stok: 20"
)
LISTED_PELANGGAN = "--- Daftar Pelanggan ---\nBudi Santoso | 0812 | Reguler\nSiti | 0811 | Reguler"
