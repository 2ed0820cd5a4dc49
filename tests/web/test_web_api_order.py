"""Scryfall's ``order``, ``dir``, ``unique`` and ``include_extras`` parameters of
``/api/cards/search``, over real HTTP (https://scryfall.com/docs/api/cards/search)."""

from __future__ import annotations

import pytest


def _search(live, **params) -> dict:
    resp = live.get("/api/cards/search", **params)
    assert resp.status_code == 200, resp.text
    return resp.json()


def _names(body: dict) -> list[str]:
    return [c["name"] for c in body["data"]]


def test_order_cmc_desc_sorts_by_mana_value_highest_first(live):
    body = _search(live, q="t:creature", order="cmc", dir="desc")
    values = [c.get("cmc") or 0 for c in body["data"]]
    assert len(values) > 5 and values == sorted(values, reverse=True)
    assert values[0] > values[-1]
    ascending = [c.get("cmc") or 0 for c in _search(live, q="t:creature", order="cmc")["data"]]
    assert ascending == sorted(ascending)


def test_each_order_is_the_querys_own_order_keyword(live):
    for order in ("name", "cmc", "power", "toughness", "set", "released", "rarity", "color"):
        for direction in ("asc", "desc"):
            by_param = _search(live, q="t:creature", order=order, dir=direction)
            by_query = _search(live, q=f"t:creature order:{order} direction:{direction}")
            assert _names(by_param) == _names(by_query), (order, direction)


def test_dir_desc_reverses_the_name_order_and_auto_is_the_default(live):
    names = _names(_search(live, q="t:creature"))
    assert names == sorted(names, key=str.lower)
    assert _names(_search(live, q="t:creature", dir="desc")) == names[::-1]
    assert _names(_search(live, q="t:creature", order="name", dir="auto")) == names


def test_released_orders_by_release_date(live):
    body = _search(live, q="t:creature", order="released", dir="desc")
    dates = [c.get("released_at") or "" for c in body["data"]]
    assert dates == sorted(dates, reverse=True) and dates[0] > dates[-1]


def test_a_querys_own_order_wins_over_the_parameter(live):
    by_query = _names(_search(live, q="t:creature order:cmc direction:desc"))
    assert _names(_search(live, q="t:creature order:cmc direction:desc", order="name",
                          dir="asc")) == by_query


def test_unique_cards_and_include_extras_are_accepted(live):
    plain = _names(_search(live, q="t:creature"))
    assert _names(_search(live, q="t:creature", unique="cards")) == plain
    for value in ("true", "false"):
        assert _names(_search(live, q="t:creature", include_extras=value)) == plain


@pytest.mark.parametrize(("params", "word"), [
    ({"order": "usd"}, "order"),
    ({"dir": "sideways"}, "direction"),
    ({"unique": "prints"}, "unique"),
    ({"include_extras": "maybe"}, "include_extras"),
])
def test_a_value_mtgkit_cannot_honour_is_a_bad_request(live, params, word):
    resp = live.get("/api/cards/search", q="t:creature", **params)
    assert resp.status_code == 400
    body = resp.json()
    assert body["object"] == "error" and body["code"] == "bad_request"
    assert word in body["details"]


def test_next_page_keeps_the_order(big):
    first = big.get("/api/cards/search", q="t:bear", order="cmc", dir="desc").json()
    assert first["has_more"]
    assert "order=cmc" in first["next_page"] and "dir=desc" in first["next_page"]
