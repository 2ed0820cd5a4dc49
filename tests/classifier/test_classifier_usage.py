"""The leave-one-rule-out view (classifier.evaluate.rule_usage) and what it shows on ../shared."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from classifier import RULE_SETS, CardText, FaceText, card_text_from_scryfall, explain_card
from classifier.evaluate import rule_usage
from classifier.model import MECHANICS


def _card(name: str, text: str) -> CardText:
    return CardText("oid-" + name, name, "normal", (FaceText(0, name, "Creature", text),))


def test_classifier_usage_counts_fired_wrong_and_sole() -> None:
    cards = [
        _card("A", "Daybound"),
        _card("B", "If it's night, draw a card. It becomes day."),
        _card("C", "If it's night, draw a card."),
        _card("D", "You take the initiative."),
    ]
    labels = {"oid-A": {"day_night"}, "oid-B": {"day_night"}, "oid-C": set(), "oid-D": set()}
    names = [(r.name, r.mechanic) for rs in RULE_SETS if rs.lang == "en" for r in rs.rules]
    usage = {u.rule: u for u in rule_usage(cards, labels, explain_card, names)}
    assert usage["en.daybound.keyword"].fired == ("A",)
    assert usage["en.daybound.keyword"].sole == ("A",)
    assert usage["en.day_night.is"].fired == ("B", "C")
    assert usage["en.day_night.is"].wrong == ("C",)
    assert usage["en.day_night.is"].sole == ("C",)  # B also has "it becomes day"
    assert usage["en.initiative.take"].wrong == ("D",)
    assert usage["en.nightbound.keyword"].fired == () and usage["en.nightbound.keyword"].narrow
    assert list(usage)[: len(names)] == [n for n, _ in names]


def test_classifier_usage_on_shared_no_rule_fires_wrongly(shared_dir: Path) -> None:
    base = shared_dir / "data" / "cards"
    with (base / "cards.jsonl").open(encoding="utf-8") as fh:
        cards = [card_text_from_scryfall(json.loads(line)) for line in fh if line.strip()]
    with (base / "labels.csv").open(encoding="utf-8") as fh:
        labels = {
            r["oracle_id"]: {m for m in MECHANICS if r[m] == "1"} for r in csv.DictReader(fh)
        }
    usage = rule_usage(cards, labels, explain_card)
    assert usage, "no rule fired on the shared cards"
    assert all(not u.wrong for u in usage), [(u.rule, u.wrong) for u in usage if u.wrong]
    # Every labelled positive is carried by some rule of its mechanic.
    carried = {name for u in usage for name in u.fired}
    positives = {c.name for c in cards if labels.get(c.oracle_id)}
    assert positives <= carried
