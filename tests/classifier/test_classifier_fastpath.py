"""The loader's screen (classifier.may_have_tags) and the incremental tagging of ``build``
give the same tags as tagging every card in full, on the real cards."""

from __future__ import annotations

import json

import classifier
from db import connect
from mtgkit.pipeline import build, classify_store


def _records(shared_dir):
    cards = [json.loads(line) for line in (shared_dir / "data/cards/cards.jsonl").open()]
    ja = {}
    for line in (shared_dir / "data/cards/cards_ja.jsonl").open():
        obj = json.loads(line)
        ja.setdefault(obj["oracle_id"], obj)
    return cards, ja


def test_may_have_tags_never_turns_away_a_tagged_card(shared_dir):
    cards, ja = _records(shared_dir)
    turned_away = tagged = 0
    for card in cards:
        for printing in (None, ja.get(card["oracle_id"])):
            tags = classifier.tag_card(classifier.card_text_from_scryfall(card, printing))
            screened = classifier.may_have_tags(card, printing)
            assert screened or not tags, (card["name"], tags)
            turned_away += not screened
            tagged += bool(tags)
        # a Japanese printing alone
        if card["oracle_id"] in ja:
            alone = ja[card["oracle_id"]]
            tags = classifier.tag_card(classifier.card_text_from_scryfall(alone))
            assert classifier.may_have_tags(alone) or not tags
    assert tagged > 100 and turned_away > len(cards)  # most cards are turned away


def test_build_tags_equal_a_full_classify(shared_dir, tmp_path):
    files = [shared_dir / "data/cards/cards.jsonl", shared_dir / "data/cards/cards_ja.jsonl"]
    with connect(tmp_path / "a.duckdb") as store:
        build(store, files[:1], progress=False)  # English first, then Japanese: two steps
        build(store, files[1:], progress=False)
        incremental = store.con.execute(
            "SELECT * FROM card_mechanics ORDER BY ALL").fetchall()
        assert store.con.execute("SELECT count(*) FROM cards_untagged").fetchone()[0] == 0
        classify_store(store)
        full = store.con.execute("SELECT * FROM card_mechanics ORDER BY ALL").fetchall()
    assert incremental == full
    # the figures docs/cli.md gives for these files
    assert len(full) == 272 and len({r[0] for r in full}) == 108
