"""Fuzz the search query language: any text gives results or a QueryError, never anything
else (no traceback from Lark, DuckDB, RE2 or the compiler), in bounded time.

Inputs: the committed corpus (tests/fuzz/corpus/query/, one query a file; every crash
found becomes a file there) and hypothesis-generated queries, both raw text and
token soups built from the grammar's pieces (keys, operators, quotes, regexes, parentheses,
'-', 'or'), so that most inputs get past the lexer and reach the compiler and DuckDB.
Each query runs against a real DuckDB store. Bounded to a few seconds (max_examples).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db import connect
from db.load import load_card_files
from db.search import QueryError, plan, search
from db.search.keys import BY_NAME, NOT_STORED
from tests.db.test_db_load import write_jsonl
from tests.db.test_search_keys import CARDS, JA

CORPUS = Path(__file__).parent / "corpus" / "query"
SLOW = 2.0  # seconds: no single query may take longer on the small store


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fuzzquery")
    path = write_jsonl(tmp / "cards.jsonl", CARDS + JA)
    with connect(tmp / "fuzz.duckdb") as st_:
        load_card_files(st_, [path], progress=False)
        yield st_


def run(store, query: str) -> None:
    start = time.perf_counter()
    try:
        page = search(store, query, 1, 10)
        assert page.total >= len(page.cards)
    except QueryError as exc:
        assert str(exc)  # a message, never empty
    assert time.perf_counter() - start < SLOW, query


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*")), ids=lambda p: p.name)
def test_corpus(store, path):
    run(store, path.read_text(encoding="utf-8"))


KEYS = sorted(BY_NAME) + sorted(NOT_STORED) + ["order", "direction", "unique", "xyz"]
OPS = [":", "=", "!=", "<", "<=", ">", ">="]
VALUES = st.one_of(
    st.sampled_from(["r", "rg", "azorius", "m", "c", "3", "-1", "tou", "pow", "cmc", "even",
                     "dfc", "mythic", "2020", "2021-02-05", "ja", "day_night", "daybound",
                     "{G}{G}", "2WW", "it's", "~", "x", "", "nan", "1e400", "\u6642"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=8),
)
PIECE = st.one_of(
    st.builds(lambda k, o, v: f"{k}{o}{v}", st.sampled_from(KEYS), st.sampled_from(OPS), VALUES),
    st.builds(lambda k, v: f'{k}:"{v}"', st.sampled_from(KEYS), VALUES),
    st.builds(lambda k, v: f"{k}:/{v}/", st.sampled_from(["o", "t", "name", "fo"]),
              st.text(alphabet="^$.*+?()[]{}|\\/sdwmpt~:a1 ", max_size=10)),
    st.builds(lambda v: f'!"{v}"', VALUES),
    st.sampled_from(["(", ")", "-", "or", "OR", "and", '"', "'", "/", "!", "time", "stop"]),
)
SOUP = st.lists(PIECE, max_size=12).map(" ".join)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(query=st.one_of(SOUP, st.text(max_size=80)))
def test_parse_and_compile_never_crash(query):
    """Without a database (fast, so many examples): the parser and compiler alone."""
    try:
        plan(query, limit=10)
    except QueryError as exc:
        assert str(exc)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(query=SOUP)
def test_token_soup_never_crashes(store, query):
    run(store, query)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(query=st.text(max_size=60))
def test_any_text_never_crashes(store, query):
    run(store, query)
