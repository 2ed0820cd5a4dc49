"""Noun postfixes of helper "effB" (issue 12), appended to the postfix table of
:mod:`rules_engine.text.nouns` when :mod:`rules_engine.text.effects` imports this module. Each
becomes a filter qualifier that :mod:`rules_engine.mechanics.filter_deeds` checks through
``registry.QUALIFIER_PATTERNS``:

- "without an egg counter on it" (122.1: none of that kind on it);
- "that's a token or a Rabbit" (111.1, 205.3: either of the named kinds);
- "that didn't attack or enter this turn" (508.1, 403.3: this turn's event log);
- "named Midnight Clock" (201.2: a printed name; the matcher compares names);
- "with the highest mana value among ..." (as "greatest", ``targeting._GREATEST``);
- "that's attacking alone" (506.5: the only creature attacking).
"""

from __future__ import annotations

import re

from rules_engine.text import nouns

POSTFIXES: list[tuple[re.Pattern[str], dict]] = [
    (re.compile(r"\s+without an? (?:[+-]\d+/[+-]\d+|[a-z]+) counters? on (?:it|them)$", re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+(?:that's|that is|that are) an? [\w-]+(?: or an? [\w-]+)+$", re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+that (?:didn't|did not) (?:attack|block|enter)(?:,? or (?:attack|block|"
                r"enter))* this turn$", re.I), {"qualifier": "$0"}),
    (re.compile(r"(?<!\bnot)\s+named (?-i:[A-Z])[\w' -]*$", re.I), {"qualifier": "$0"}),
    # "with the highest mana value among creatures they control" (targeting._GREATEST)
    (re.compile(r"\s+with the (?:highest|lowest) (?:power|toughness|mana value) among .+$", re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+(?:that's|that is) attacking alone$", re.I), {"qualifier": "$0"}),
    (re.compile(r"\s+that (?:doesn't|does not) have an? (?:[+-]\d+/[+-]\d+|[a-z]+) counter on "
                r"it$", re.I), {"qualifier": "$0"}),
    (re.compile(r"\s+that (?:isn't|is not|aren't|are not) an? (?-i:[A-Z])[\w-]+(?: or an? "
                r"(?-i:[A-Z])[\w-]+)*$", re.I), {"qualifier": "$0"}),
    (re.compile(r"\s+with a basic land type$", re.I), {"qualifier": "with a basic land type"}),
    (re.compile(r"\s+(?:that's|that is) attacking that player$", re.I), {"qualifier": "$0"}),
    (re.compile(r"\s+with (?:power|toughness|mana value) \d+ or \d+$", re.I), {"qualifier": "$0"}),
    (re.compile(r"\s+that (?:crewed|saddled) (?:it|~) this turn$", re.I), {"qualifier": "$0"}),
]


def extend() -> None:
    """Append these postfixes to the noun grammar (once)."""
    if not any(rx.pattern == POSTFIXES[0][0].pattern for rx, _ in nouns._POSTFIX):
        nouns._POSTFIX.extend(POSTFIXES)
