"""Card-level precision/recall of the tagger against labels (pure: no file reading).

A card is positive for a mechanic when any of its tags has that mechanic.

Japanese-only measurement: `japanese_only(card)` keeps only the Japanese fields of each
face and drops the layout, as for a card known only from a Japanese wiki card box (which
has no Scryfall layout); so the Japanese text, not the layout, must show the mechanic.

What "has Japanese text" means (`has_japanese_text`): every face that has English rules
text also has non-empty Japanese printed text, with one exception: the inset prepare-spell
face of a card with layout "prepare" (722.2a).  Japanese sources print the prepare spell
in its own small frame and the gathered data give only its (English) name there; that face
never carries the prepared designation text, which sits on the main face (722.3a
"enters prepared" / "becomes prepared").  A card with any other face missing its Japanese
text is left out of the Japanese measurement, since the mechanic may be on the missing face
(e.g. a split card whose Japanese printing has no text at all).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from classifier.model import MECHANICS, CardText, FaceText, Tag


@dataclass(frozen=True)
class Score:
    """Confusion counts for one mechanic, and the precision/recall they give."""

    mechanic: str
    tp: int
    fp: int
    fn: int
    n: int  # cards measured

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def japanese_only(card: CardText) -> CardText:
    """The card as seen through its Japanese text alone (no English, no layout)."""
    faces = tuple(
        FaceText(
            face_index=f.face_index,
            name_ja=f.name_ja,
            type_line_ja=f.type_line_ja,
            text_ja=f.text_ja,
        )
        for f in card.faces
    )
    return replace(card, name=card.name, layout=None, faces=faces)


def has_japanese_text(card: CardText) -> bool:
    """Whether the card's Japanese text covers every face with rules text (module doc)."""
    is_prepare = (card.layout or "").lower() == "prepare"
    any_ja = False
    for f in card.faces:
        if f.text_ja:
            any_ja = True
            continue
        if is_prepare and f.face_index > 0:
            continue  # the inset prepare spell: see module docstring
        if f.oracle_text:
            return False
    return any_ja


def score(
    cards: Iterable[CardText],
    labels: Mapping[str, set[str]],
    tagger: Callable[[CardText], list[Tag]],
) -> tuple[dict[str, Score], dict[str, dict[str, list[str]]]]:
    """Score `tagger` on `cards` against `labels` (oracle_id -> positive mechanics).

    Returns per-mechanic scores and, per mechanic, the names of false positives ("fp")
    and false negatives ("fn") so a failing measurement says which cards to look at.
    Cards without a label are skipped.
    """
    counts = {m: [0, 0, 0, 0] for m in MECHANICS}
    errors: dict[str, dict[str, list[str]]] = {m: {"fp": [], "fn": []} for m in MECHANICS}
    for card in cards:
        truth = labels.get(card.oracle_id)
        if truth is None:
            continue
        got = {t.mechanic for t in tagger(card)}
        for m in MECHANICS:
            c = counts[m]
            c[3] += 1
            if m in got and m in truth:
                c[0] += 1
            elif m in got:
                c[1] += 1
                errors[m]["fp"].append(card.name)
            elif m in truth:
                c[2] += 1
                errors[m]["fn"].append(card.name)
    scores = {m: Score(m, c[0], c[1], c[2], c[3]) for m, c in counts.items()}
    return scores, errors


@dataclass(frozen=True)
class RuleUsage:
    """What one rule contributes on a labelled card set (see rule_usage).

    fired: names of the cards it fires on (any face, any language).
    wrong: of those, the cards not labelled with the rule's mechanic (false evidence).
    sole: the cards that would lose the mechanic if this rule were left out, i.e. no
        other rule of the mechanic fires on them (the rule's leave-one-out recall cost).
    """

    rule: str
    mechanic: str
    fired: tuple[str, ...]
    wrong: tuple[str, ...]
    sole: tuple[str, ...]

    @property
    def narrow(self) -> bool:
        """Fires on at most two cards: possibly fitted to those cards, worth a look."""
        return len(self.fired) <= 2


def rule_usage(
    cards: Iterable[CardText],
    labels: Mapping[str, set[str]],
    explain: Callable[[CardText], list],
    rule_names: Iterable[tuple[str, str]] = (),
) -> list[RuleUsage]:
    """Per rule: which labelled cards it fires on, wrongly, and as the only evidence.

    explain: classifier.explain_card (items with .rule and .tag.mechanic).
    rule_names: (rule, mechanic) pairs to report even when they never fire, so a rule
        that no visible card uses shows up with zero counts.
    Rules are returned in the order of rule_names, then first firing.
    """
    fired: dict[str, list[str]] = {}
    wrong: dict[str, list[str]] = {}
    sole: dict[str, list[str]] = {}
    mechanic_of: dict[str, str] = dict(rule_names)
    for name in mechanic_of:
        fired[name], wrong[name], sole[name] = [], [], []
    for card in cards:
        truth = labels.get(card.oracle_id)
        if truth is None:
            continue
        by_mechanic: dict[str, set[str]] = {}
        for x in explain(card):
            by_mechanic.setdefault(x.tag.mechanic, set()).add(x.rule)
        for mechanic, rules in by_mechanic.items():
            for rule in rules:
                mechanic_of.setdefault(rule, mechanic)
                for d in (fired, wrong, sole):
                    d.setdefault(rule, [])
                fired[rule].append(card.name)
                if mechanic not in truth:
                    wrong[rule].append(card.name)
                if len(rules) == 1:
                    sole[rule].append(card.name)
    return [
        RuleUsage(r, mechanic_of[r], tuple(fired[r]), tuple(wrong[r]), tuple(sole[r]))
        for r in fired
    ]
