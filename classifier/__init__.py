"""Mechanic classifier: card text (English Oracle and/or Japanese printed) -> tags.

Pure: no I/O, no SQL.  The CLI (`mtgkit classify`) and db/ wire it to stored cards.

Mechanics and roles (classifier.mechanics.ROLES):
  day_night     daybound, nightbound, sets_day_or_night, on_change_trigger,
                checks_day_or_night                      (CR 702.145, 731)
  initiative    takes, checks, dungeon (the Undercity card; "venture into Undercity")
                                                         (CR 726, 701.49d, 309)
  prepare       prepare_card (the inset face of a layout "prepare" card), makes_prepared
                ("enters prepared", "becomes prepared"), unprepares, refers   (CR 722)
  end_the_turn  ends_turn                                (CR 724.1)

API
---
card_text_from_scryfall(card, ja=None) -> CardText
    Faces from a Scryfall card object (card_faces when present, else one face 0), plus
    optionally a Japanese printing (printed_name / printed_type_line / printed_text, per
    face).  A Japanese record passed alone as `card` gives both its English and Japanese
    text.  Raises scryfall.BadCardData when the record has no oracle_id or id.

tag_card(card: CardText) -> list[Tag]
    Every tag of every face, in English and Japanese, deduplicated, in a stable order
    (face, en before ja, mechanic, position).  Tag.evidence is the exact matched span: a
    substring of the face's text in Tag.lang (oracle_text or text_ja), of its type line for
    the Undercity type-line rule, or the face's name for prepare_card (the inset prepare
    spell has no text to quote; see explain_card's `field`).

explain_card(card) -> list[Explained]
    The same tags, each with the name of the rule that fired (rules are data, in
    classifier.mechanics) and the field/offsets of its evidence.

may_have_tags(card, ja=None) -> bool
    False only when the Scryfall objects certainly give no tag (the same screens
    explain_card runs, on the raw objects): lets a loader skip the rest for most cards.
    SCREEN_PATTERNS holds its English screens as RE2 patterns, for a loader that screens
    a whole batch of records at once.

mechanics_of(tags) -> set[str]
    Card-level view: a card has a mechanic if any tag has it.

classifier.evaluate: japanese_only(card), has_japanese_text(card), score(...) for the
precision/recall measurement (see that module for what "has Japanese text" means), and
rule_usage(...) for the leave-one-rule-out view (which rules fire on which cards, which
card each rule alone carries; `python bench/classify.py --rules`).

classifier.normalise: the canonical spelling the rules read (lower-cased English; NFKC
Japanese without ruby or inter-word spaces; whitespace and line breaks squeezed) with a
map back to the original text, so evidence stays verbatim.

Near-misses deliberately left untagged: "until end of turn", "at the beginning of the end
step", extra turns, "end the combat phase" (724.2), the monarch, "venture into the
dungeon" without the initiative, old werewolves that transform "if no spells were cast
last turn", Day/Night in names, night counters, "nighttime", and names such as End the
Festivities, Legion's Initiative, Prepare // Fight (names are masked before matching, and
so are other cards' names quoted as "named X"), "prepared" as plain English ("be
prepared", "well-prepared", "prepared to/for"), 昼/夜 inside compounds (真夜中, 白昼, 今夜).
"""

from classifier.mechanics import ROLES, RULE_SETS
from classifier.model import MECHANICS, CardText, FaceText, Tag
from classifier.scryfall import BadCardData, card_text_from_scryfall
from classifier.tag import (
    SCREEN_PATTERNS,
    Explained,
    ScreenPatterns,
    explain_card,
    may_have_tags,
    mechanics_of,
    tag_card,
)

__all__ = [
    "MECHANICS",
    "ROLES",
    "RULE_SETS",
    "SCREEN_PATTERNS",
    "BadCardData",
    "CardText",
    "Explained",
    "FaceText",
    "ScreenPatterns",
    "Tag",
    "card_text_from_scryfall",
    "explain_card",
    "may_have_tags",
    "mechanics_of",
    "tag_card",
]
