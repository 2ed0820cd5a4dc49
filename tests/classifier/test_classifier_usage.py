"""The leave-one-rule-out view (classifier.evaluate.rule_usage) and what it shows on ../shared."""

from __future__ import annotations

from classifier import RULE_SETS, CardText, FaceText, explain_card
from classifier.evaluate import rule_usage


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


def test_classifier_usage_on_shared_no_rule_fires_wrongly(shared_cards) -> None:
    cards, _, labels = shared_cards
    usage = rule_usage(cards, labels, explain_card)
    assert usage, "no rule fired on the shared cards"
    assert all(not u.wrong for u in usage), [(u.rule, u.wrong) for u in usage if u.wrong]
    # Every labelled positive is carried by some rule of its mechanic.
    carried = {name for u in usage for name in u.fired}
    positives = {c.name for c in cards if labels.get(c.oracle_id)}
    assert positives <= carried
