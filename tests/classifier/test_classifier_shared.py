"""Card-level precision and recall on the shared labelled cards (skips without ../shared).

English: every card of cards.jsonl, tagged from its English Oracle text.
Japanese: the cards whose Japanese printing covers the faces with rules text
(classifier.evaluate.has_japanese_text), tagged from the Japanese text alone, with no
English and no layout (so the prepare layout cannot stand in for the Japanese text).
"""

from __future__ import annotations

from classifier import MECHANICS, tag_card
from classifier.evaluate import has_japanese_text, japanese_only, score


def _assert_perfect(scores: dict, errors: dict) -> None:
    for m in MECHANICS:
        s = scores[m]
        assert s.tp + s.fn > 0 or m == "initiative", f"{m}: no positives measured"
        assert (s.precision, s.recall) == (1.0, 1.0), (m, errors[m])


def test_classifier_english_precision_recall(shared_cards) -> None:
    english, _, labels = shared_cards
    scores, errors = score(english, labels, tag_card)
    assert sum(s.n for s in scores.values()) == 4 * len(labels)
    _assert_perfect(scores, errors)


def test_classifier_japanese_text_alone_precision_recall(shared_cards) -> None:
    _, both, labels = shared_cards
    measured = [japanese_only(c) for c in both if has_japanese_text(c)]
    assert len(measured) > 1000
    assert all(not f.oracle_text and not f.name for c in measured for f in c.faces)
    scores, errors = score(measured, labels, tag_card)
    _assert_perfect(scores, errors)


def test_classifier_both_languages_agree_with_labels(shared_cards) -> None:
    _, both, labels = shared_cards
    scores, errors = score(both, labels, tag_card)
    _assert_perfect(scores, errors)


def test_classifier_evidence_is_verbatim_on_shared_cards(shared_cards) -> None:
    from classifier import explain_card

    _, both, _ = shared_cards
    for card in both:
        for x in explain_card(card):
            face = card.faces[x.tag.face_index]
            en = x.tag.lang == "en"
            src = {
                "text": face.oracle_text if en else face.text_ja,
                "type_line": face.type_line if en else face.type_line_ja,
                "name": face.name if en else face.name_ja,
            }[x.field]
            assert src is not None and src[x.start : x.end] == x.tag.evidence, card.name
