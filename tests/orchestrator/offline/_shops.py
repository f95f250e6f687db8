"""A shop CRM whose tools and parameters are named in Indonesian, with no descriptions (as the
PyPI server `crm-umkm` names them): its customers and its products, for the tests of names in
another language and of values said as fields."""

from __future__ import annotations

from tests.orchestrator.offline._routing import integer, string, tool

__all__ = ["PELANGGAN", "PRODUK"]

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
