"""Noun phrases: amounts, object filters, targets and references (rule 109, 115).

The parser is strict on purpose: every word of a phrase must be understood, otherwise it
returns ``None`` and the sentence that contains it stays unsupported. That keeps "supported"
honest: a filter never silently loses a restriction such as "with power 2 or less".
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from rules_engine.abilities import Amount, ObjectFilter, Ref, Target

NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19,
    "once": 1, "twice": 2, "thirteen": 13,
}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
NUM_WORD = (r"(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
            r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|\d+|X)")

CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "land",
              "planeswalker", "sorcery", "kindred", "dungeon")
SUPERTYPES = ("basic", "legendary", "snow", "world")
COLORS = ("white", "blue", "black", "red", "green", "colorless", "multicolored", "monocolored",
          "colored")
ADJECTIVES = ("tapped", "untapped", "attacking", "blocking", "nontoken", "token", "historic",
              "nonlegendary",
              "prepared", "unprepared", "prepare",
              "modified", "enchanted", "equipped", "face-down", "outlaw", "unblocked",
              "transformed", "foretold", "suspended", "double-faced",
              "mutating")  # (a mutating creature spell, 702.140a)
# Plurals that do not just add "s" (subtype names in Oracle text, rule 205.3).
_IRREGULAR = {"wolves": "wolf", "werewolves": "werewolf", "elves": "elf", "dwarves": "dwarf",
              "sorceries": "sorcery", "mercenaries": "mercenary", "fungi": "fungus",
              "allies": "ally", "faeries": "faerie", "zombies": "zombie", "foxes": "fox",
              "humans": "human", "aurochs": "aurochs", "ponies": "pony", "armies": "army",
              "mice": "mouse", "octopi": "octopus", "homunculi": "homunculus", "oxen": "ox",
              # 205.3i: the basic land type Plains is the same word in the singular
              "plains": "plains"}


@dataclass
class Ctx:
    """Per-ability parsing state: numbering of targets (rule 601.2c) and the last noun named."""

    next_target: int = 0
    last_object: Ref | None = None
    targets: list[Target] = field(default_factory=list)
    last_token: object | None = None
    once_each_turn: bool = False
    failed: set = field(default_factory=set)
    memo: dict = field(default_factory=dict)
    budget: int = 4000

    def mark(self) -> tuple[int, int]:
        """Remember the target numbering, to undo it when a parse attempt fails."""
        return (self.next_target, len(self.targets))

    def reset(self, mark: tuple[int, int]) -> None:
        """Undo targets created since :meth:`mark` (a failed alternative parse)."""
        self.next_target = mark[0]
        del self.targets[mark[1]:]

    def new_target(self, kind: str, flt: ObjectFilter, lo: int, hi: int, text: str) -> Target:
        """Create the next target in text order."""
        tgt = Target(kind=kind, filter=flt, min_count=lo, max_count=hi, index=self.next_target,
                     text=text)
        self.next_target += 1
        self.targets.append(tgt)
        return tgt


def number(word: str) -> int | None:
    """A number word or digits as an int; None for X or unknown words."""
    w = word.lower()
    if w.isdigit():
        return int(w)
    return NUMBERS.get(w)


def amount(word: str) -> Amount | None:
    """Parse a count: "three", "3", "X", "a", "that many"."""
    w = word.strip()
    if w.lower() in ("that many", "that much", "twice that many"):
        return Amount(text=w.lower())
    if w in ("X", "x"):
        return Amount(variable="X")
    n = number(w)
    return None if n is None else Amount(n)


def singular(word: str) -> str:
    """Singular of a type or subtype word (lower case)."""
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith("us"):
        return w  # Octopus, Fungus, Homunculus, Lotus: singular already (no plural ends in -us)
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("xes", "ches", "shes", "sses")) and len(w) > 5:
        return w[:-2]  # Sphinxes, Witches, Classes
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


# Postfix restrictions: (regex on the end of the phrase, how it changes the filter)
_POSTFIX: list[tuple[re.Pattern[str], dict]] = [
    # "target creature that's attacking you or a planeswalker you control" (506.3: what it
    # attacks; rules_engine.effects.zones_more)
    (re.compile(r"\s+(?:that's|that is) attacking you or a planeswalker you control$", re.I),
     {"qualifier": "attacking you or a planeswalker you control"}),
    (re.compile(r"\s+(?:that's|that is) attacking you$", re.I), {"qualifier": "attacking you"}),
    # "spell that targets a creature you control" (115.1: what the spell or ability targets;
    # read before "you control", which is its own here; checked by the QUALIFIERS of
    # rules_engine.effects.zones_more)
    (re.compile(r"\s+that targets (?:you or )?(?:you|a player|an opponent|a creature|a permanent|"
                r"a planeswalker)(?: you control)?$", re.I), {"qualifier": "$0"}),
    # a spell "that wasn't cast from its owner's hand" (601.2a: the zone it was cast from)
    (re.compile(r"\s+that (?:was|wasn't) cast from (?:its owner's hand|a graveyard|exile)$",
                re.I), {"qualifier": "$0"}),
    # the zone words after a comparison with an amount are the filter's own ("with mana value
    # equal to the number of coin counters on ~ from your graveyard"): read them first
    (re.compile(r"\s+(?:from|in) your graveyard$", re.I), {"zone": "graveyard", "owner": "you"}),
    (re.compile(r"\s+(?:from|in) (?:a|any) graveyard$", re.I), {"zone": "graveyard"}),
    # "with mana value less than or equal to the number of lands you control": the words after
    # the comparison are an amount (107.3), its "you control" is not the filter's controller
    (re.compile(r"\s+with (?:power|toughness|mana value) (?:less than or equal to|greater than or "
                r"equal to|less than|greater than|equal to) (?:the number of|the total number of|"
                r"your|the greatest|the highest|the amount of) "
                r"(?:(?!\s+from (?:your|a|any|an opponent's) (?:graveyard|hand|library)$)"
                r".)+$", re.I), {"qualifier": "$0"}),  # (a zone after it is read first)
    (re.compile(r"\s+you control$", re.I), {"controller": "you"}),
    (re.compile(r"\s+you don't control$", re.I), {"controller": "not_you"}),
    (re.compile(r"\s+(?:an opponent controls|your opponents control)$", re.I),
     {"controller": "opponent"}),
    (re.compile(r"\s+you own$", re.I), {"owner": "you"}),
    (re.compile(r"\s+(?:the )?defending player controls$", re.I), {"controller": "defending"}),
    (re.compile(r"\s+that player controls$", re.I), {"controller": "that_player"}),
    (re.compile(r"\s+with the (?:greatest|least) (?:power|toughness|mana value) among .+$", re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+(?:from|in) (?:a|any) graveyard$", re.I), {"zone": "graveyard"}),
    (re.compile(r"\s+(?:from|in) all graveyards$", re.I), {"zone": "graveyard"}),
    (re.compile(r"\s+other than ~$", re.I), {"other": True}),
    # "target card in a graveyard other than a basic land card" (205.4a, effects.zones_more)
    (re.compile(r"\s+other than an? basic land card$", re.I),
     {"qualifier": "not a basic land card"}),
    # "target token you control that entered this turn" (400.7: as the object it is now;
    # checked by the QUALIFIERS of rules_engine.effects.zones_more)
    (re.compile(r"\s+that entered this turn$", re.I), {"qualifier": "that entered this turn"}),
    # "a creature dealt damage by ~ this turn" (effects/damaged_by.py)
    (re.compile(r"\s+dealt damage (?:this turn )?by ~(?: this turn)?$", re.I),
     {"qualifier": "dealt damage by ~ this turn"}),
    # "a land card with a basic land type" (205.3i: Plains, Island, Swamp, Mountain, Forest;
    # rules_engine.effects.zones_more)
    (re.compile(r"\s+with a basic land type$", re.I), {"qualifier": "with a basic land type"}),
    # "target creature card from a graveyard that was put there this turn" (400.7: the card as
    # it is in that zone; checked by the QUALIFIERS of rules_engine.effects.zones_more)
    (re.compile(r"\s+that (?:was|were) put there this turn$", re.I),
     {"qualifier": "put there this turn"}),
    (re.compile(r"\s+that (?:was|were) put there from anywhere this turn$", re.I),
     {"qualifier": "put there this turn"}),
    (re.compile(r"\s+that (?:was|were) put there from the battlefield this turn$", re.I),
     {"qualifier": "put there from the battlefield this turn"}),
    (re.compile(r"\s+that (?:was|were) put there from (?:their|your|its owner's) library this "
                r"turn$", re.I), {"qualifier": "put there from the library this turn"}),
    (re.compile(r"\s+(?:from|in) graveyards$", re.I), {"zone": "graveyard"}),
    # "up to three target cards from a single graveyard" (rule 115.3: all chosen from one)
    (re.compile(r"\s+from a single graveyard$", re.I),
     {"zone": "graveyard", "qualifier": "single_graveyard"}),
    (re.compile(r"\s+(?:from|in) your graveyard$", re.I), {"zone": "graveyard", "owner": "you"}),
    # "Target player shuffles up to four target cards from their graveyard into their library"
    # (the cards of the player targeted before them, checked by targeting._choose_targets)
    (re.compile(r"\s+(?:from|in) (?:their|that player's|his or her) graveyard$", re.I),
     {"zone": "graveyard", "qualifier": "in that player's graveyard"}),
    (re.compile(r"\s+(?:from|in) your hand$", re.I), {"zone": "hand", "owner": "you"}),
    # "a land card from your hand or graveyard" (chosen from both, effects.core._choose_among)
    (re.compile(r"\s+from your (?:hand or graveyard|graveyard or hand)$", re.I),
     {"zone": "hand_or_graveyard", "owner": "you"}),
    (re.compile(r"\s+(?:from|in) your library$", re.I), {"zone": "library", "owner": "you"}),
    (re.compile(r"\s+(?:from|in) exile$", re.I), {"zone": "exile"}),
    (re.compile(r"\s+from among them$", re.I), {"zone": "among"}),
    (re.compile(r"\s+you cast$", re.I), {"controller": "you"}),
    (re.compile(r"\s+that (?:attacked|blocked) this turn$", re.I), {"qualifier": "$0"}),
    (re.compile(r"\s+(?:your opponents cast|an opponent casts)$", re.I),
     {"controller": "opponent"}),
    (re.compile(r"\s+from an opponent's graveyard$", re.I),
     {"zone": "graveyard", "owner": "opponent"}),
    # (the player the source attacks, 506.2; rules_engine.effects.zones_more)
    (re.compile(r"\s+(?:from|in) (?:the )?defending player's graveyard$", re.I),
     {"zone": "graveyard", "qualifier": "in defending player's graveyard"}),
    (re.compile(r"\s+with power or toughness \d+ or (?:less|greater)$", re.I), {"qualifier": "$0"}),
    (re.compile(r"\s+with (?:mana value|power) (?:less|greater) than .+$", re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+not named ~$", re.I), {"qualifier": "not named ~"}),
    # "each creature you control with toughness greater than its power" (510.1a cards)
    (re.compile(r"\s+with toughness greater than (?:its|their) power$", re.I),
     {"qualifier": "with toughness greater than its power"}),
    # "a card named ~": one with this object's name (201.2; targeting.matches)
    (re.compile(r"(?<!\bnot)\s+named ~$", re.I), {"qualifier": "named ~"}),
    # "creatures you control of the chosen type" (607.2d: the type the source chose)
    # (not "that aren't of the chosen type": the negated form is read with its "that")
    (re.compile(r"(?<!n't)(?<! not)\s+of the chosen (?:creature )?type$", re.I),
     {"qualifier": "of the chosen type"}),
    # "each instant and sorcery card in your graveyard that's exactly two colors" (105.2;
    # rules_engine.statics_spells registers the filter word)
    (re.compile(r"\s+that's exactly (?P<n>one|two|three|four|five) colors?$", re.I),
     {"qualifier": "exactly {n} colors"}),
    # "creatures with greater power" (than ~: "~ can't be blocked by creatures with greater
    # power"), "creatures with power greater than ~'s power" (rules_engine.statics_more)
    (re.compile(r"\s+with (?:greater power|power greater than ~'s power)$", re.I),
     {"qualifier": "with greater power than ~"}),
    (re.compile(r"\s+with (?:lesser power|power less than ~'s power)$", re.I),
     {"qualifier": "with lesser power than ~"}),
    # "lands with the chosen name" (201.4, 709.4a: the name the source chose, targeting.matches)
    (re.compile(r"\s+with the chosen name$", re.I), {"qualifier": "with the chosen name"}),
    # "target creature you control other than that creature": not the object the trigger
    # event is about (checked as the targets are chosen, 603.3d)
    (re.compile(r"\s+other than that (?:creature|permanent)$", re.I),
     {"qualifier": "other than that object"}),
    (re.compile(r"\s+without (?:flying|reach|defender|trample|menace|haste|vigilance)$", re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+that (?:was|were) dealt damage this turn$", re.I), {"qualifier": "$0"}),
    # (rules_engine/effects/oneshot.py: the damage events of this turn, 120.1)
    (re.compile(r"\s+that dealt (?:combat )?damage(?: to you)? this turn$", re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+during (?:an opponent's|your|each opponent's) turn$", re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+with \{X\} in its mana cost$", re.I), {"qualifier": "$0"}),
    # 107.4, 107.4e: "noncreature spell with one or more blue mana symbols in its mana cost"
    (re.compile(r"\s+with (?:one|two|three|four|five|\d+) or more (?:white|blue|black|red|green) "
                r"mana symbols in its mana cost$", re.I), {"qualifier": "$0"}),
    (re.compile(r"\s+(?:attached to|blocked by) (?:it|~|that creature)$", re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+blocking (?:it|~)$", re.I), {"qualifier": "blocking_source"}),
    (re.compile(r"\s+(?:that's|that is) attacking$", re.I), {"qualifier": "attacking"}),
    (re.compile(r"\s+(?:that's|that is) blocking$", re.I), {"qualifier": "blocking"}),
    # "with mana value X (or less)": X of the spell or ability (rule 107.3)
    (re.compile(r"\s+with (?:power|toughness|mana value) X(?: or (?:less|greater))?$", re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+with (?:power|toughness|mana value) \d+ or (?:less|greater)$", re.I),
     {"qualifier": "$0"}),
    # "counter target spell with mana value 2": exactly that number (202.3)
    (re.compile(r"\s+with (?:power|toughness|mana value) \d+$", re.I), {"qualifier": "$0"}),
    (re.compile(r"\s+with (?:flying|defender|menace|trample|deathtouch|lifelink|reach|vigilance|"
                r"haste|first strike|double strike|flash|hexproof|indestructible|"
                r"an? (?:\+1/\+1|-1/-1|[a-z]+) counter on it|a prepare spell|"
                r"(?:(?:an?|no|one or more) )?(?:(?:\+1/\+1|-1/-1) )?counters? on (?:it|them))$",
                re.I),
     {"qualifier": "$0"}),
    (re.compile(r"\s+(?:dealt damage|exiled) this way$", re.I), {"qualifier": "$0"}),
]


_KW_WORD = (r"(?:flying|reach|trample|haste|vigilance|menace|deathtouch|lifelink|first strike|"
            r"double strike|defender|hexproof|indestructible|flash)")
_KW_ALTERNATIVES = re.compile(rf"(?P<head>.+?) with (?P<kws>{_KW_WORD}(?:, {_KW_WORD})*,? "
                              rf"(?:and/or|or) {_KW_WORD})", re.I)


def parse_filter(phrase: str) -> ObjectFilter | None:
    """Parse a descriptive noun phrase without determiner ("non-Pilot creature you control",
    "instant or sorcery spell with mana value 5 or greater", "Wolves and Werewolves").

    Returns None when any word is not understood.
    """
    text = phrase.strip()
    original = text
    neg = re.fullmatch(r"(?P<head>[\w' -]+?) that (?:isn't|aren't) (?:an? )?(?P<kind>[A-Z][\w'-]*"
                       r"|artifacts?|creatures?|enchantments?|lands?|legendary)"
                       r"(?P<rest>(?: (?:from|in|you) .+)?)", text)
    if neg and not neg.group("kind").endswith("s'"):
        # "enchantment card that isn't a God" is a "non-God enchantment card" (205.4: "non-")
        kind = neg.group("kind")
        if kind[0].islower() and kind.endswith("s"):
            kind = kind[:-1]
        inner = parse_filter(f"non-{kind} {neg.group('head')}{neg.group('rest')}")
        if inner is not None:
            return dataclasses.replace(inner, text=original)
    mixed = re.fullmatch(r"(?P<a>[A-Z][\w'-]*|[a-z-]+) or (?P<b>[A-Z][\w'-]*|[a-z-]+) "
                         r"(?P<tail>(?:creature )?cards?\b.*)", text)
    if mixed and ((mixed.group("a")[0].isupper()) != (mixed.group("b")[0].isupper()) or
                  "double-faced" in (mixed.group("a"), mixed.group("b"))):
        # "a Hero or enchantment card": a subtype or a card type, either will do (not both)
        first = parse_filter(f"{mixed.group('a')} {mixed.group('tail')}")
        second = parse_filter(f"{mixed.group('b')} {mixed.group('tail')}")
        if first is not None and second is not None:
            return ObjectFilter(any_of=(first, second), qualifiers=("card",), zone=first.zone,
                                owner=first.owner, text=original)
    kw_or = re.fullmatch(r"(?P<head>.+?) with (?P<a>[a-z]+) or (?P<b>[a-z]+)", text)
    if kw_or:
        # "a card with flashback or disturb": either keyword will do (702)
        first = parse_filter(f"{kw_or.group('head')} with {kw_or.group('a')}")
        second = parse_filter(f"{kw_or.group('head')} with {kw_or.group('b')}")
        if first is not None and second is not None and first.qualifiers != second.qualifiers:
            return ObjectFilter(any_of=(first, second), qualifiers=("card",) if "card" in
                                first.qualifiers else (), text=original)
    parts = re.split(r",? (?:and/or|or) an? |, an? ", text)
    if len(parts) > 2 and all(re.search(r"\bcard$", x) for x in parts):
        # "a Cleric card, a Rogue card, a Warrior card, and/or a Wizard card": any of them
        each = [parse_filter(x) for x in parts]
        if all(e is not None for e in each):
            return ObjectFilter(any_of=tuple(e for e in each if e is not None),
                                qualifiers=("card",), text=original)
    alt = re.fullmatch(r"(?P<a>.+?\bcards?) (?:and/or|or) (?:an? )?(?P<b>.+?\bcards?"
                       r"(?: with .+)?)", text)
    if alt and " card" in alt.group("a"):
        # "basic land cards and/or Gate cards", "a basic Plains card or a creature card with
        # mana value 1 or less": two whole descriptions, either will do
        first, second = parse_filter(alt.group("a")), parse_filter(alt.group("b"))
        if first is not None and second is not None:
            return ObjectFilter(any_of=(first, second), qualifiers=("card",), text=original)
    either = re.fullmatch(r"(?P<other>(?:other|another) )?(?:(?P<a>[\w' -]+?) or spell|"
                          r"spell or (?P<b>[\w' -]+?))", text)
    if either and "spell" not in (either.group("a") or either.group("b")):
        # "target creature or spell" (115.1): a permanent that fits the first description or
        # any spell on the stack; either alternative will do (kind "permanent_or_spell")
        perm = parse_filter((either.group("other") or "") + (either.group("a") or
                                                             either.group("b")))
        if perm is not None and perm.zone is None and "card" not in perm.qualifiers:
            spell = ObjectFilter(zone="stack", other=perm.other, qualifiers=("spell",),
                                 text="spell")
            return ObjectFilter(any_of=(perm, spell), other=perm.other, text=original)
    kw = _KW_ALTERNATIVES.fullmatch(text)
    if kw:
        # "creature you control with flying, deathtouch, and/or lifelink": any one of the
        # keywords will do (each alternative is the whole description with one of them)
        alts = []
        for word in re.split(r",? (?:and/or|or) |, ", kw.group("kws")):
            one = parse_filter(f"{kw.group('head')} with {word.strip()}")
            if one is None:
                alts = []
                break
            alts.append(one)
        if len(alts) >= 2:
            return ObjectFilter(any_of=tuple(alts), text=original)
    # "a spell that's one or more colors" (105.2: a colored object)
    text = re.sub(r"^(?P<noun>.+?) that's one or more colors$", r"colored \g<noun>", text)
    tm = re.search(r"\s+that's (?:an? )?(?P<what>[A-Za-z][\w' ,/-]*)$", text)
    if tm and re.fullmatch(r"exactly \w+ colors?", tm.group("what"), re.I):
        tm = None  # (a postfix qualifier, below: "that's exactly two colors")
    if tm and not re.search(r"\btoken\b|^(?:attacking|blocking)\b", tm.group("what"), re.I):
        # (those: postfixes of text.nouns_more)
        # "creature you control that's a Wolf or a Werewolf": the relative clause narrows the
        # noun by type (rule 205); it must itself be a type/subtype/color phrase
        inner = parse_filter(re.sub(r"\b(?:an?) ", "", tm.group("what")))
        outer = parse_filter(text[: tm.start()])
        if inner is None or outer is None or inner.controller or inner.zone or inner.qualifiers:
            return None
        return dataclasses.replace(
            outer, card_types=outer.card_types + tuple(
                t for t in inner.card_types if t not in outer.card_types),
            subtypes=outer.subtypes + inner.subtypes, colors=outer.colors + inner.colors,
            subtypes_all=inner.subtypes_all, text=original)
    controller = owner = zone = None
    quals: list[str] = []
    other_than_self = False
    changed = True
    while changed:
        changed = False
        for rx, spec in _POSTFIX:
            m = rx.search(text)
            if m:
                for key, val in spec.items():
                    if key == "controller":
                        controller = val
                    elif key == "owner":
                        owner = val
                    elif key == "zone":
                        zone = val
                    elif key == "qualifier":
                        quals.append(m.group(0).strip() if val == "$0" else
                                     val.format(**{k: v.lower() for k, v in
                                                   m.groupdict().items() if v}))
                    elif key == "other":
                        other_than_self = True
                text = text[: m.start()].strip()
                changed = True
                break
    km = re.search(r"\s+with (?:an? )?(?P<kw>[a-z][a-z -]+?)(?: ability)?$", text)
    if km and km.group(0).endswith(" ability") and _is_keyword(km.group("kw")):
        # "a card with a cycling ability" is "a card with cycling" (702: the keyword)
        quals.append(f"with {km.group('kw')}")
        text = text[: km.start()].strip()
        km = None
    if km and not km.group(0).endswith(" ability") and _is_keyword(km.group("kw")):
        quals.append(km.group(0).strip())
        text = text[: km.start()].strip()
    other = other_than_self  # "a creature other than ~" is "another creature" (109.1)
    m = re.match(r"^(?:other|another)\s+", text, re.I)
    if m:
        other = True
        text = text[m.end():]
    has_conjunction = bool(re.search(r",|\band\b|\bor\b", text))
    words = re.split(r",\s*(?:and/or\s+|or\s+|and\s+)?|\s+and/or\s+|\s+or\s+|\s+and\s+|\s+", text)
    types: list[str] = []
    subtypes: list[str] = []
    supers: list[str] = []
    ex_types: list[str] = []
    ex_sub: list[str] = []
    colors: list[str] = []
    is_card = is_spell = is_perm = False
    for raw in words:
        if not raw:
            continue
        w = raw.lower()
        sw = singular(w)
        if sw in CARD_TYPES:
            types.append(sw)
        elif sw in ("card",):
            is_card = True
        elif sw == "spell":
            is_spell = True
        elif sw == "permanent":
            is_perm = True
        elif sw in ("player", "opponent", "ability", "activated", "triggered", "copy"):
            quals.append(sw)
        elif w in SUPERTYPES:
            supers.append(w)
        elif w == "nonbasic":
            quals.append("nonbasic")
        elif w in COLORS:
            colors.append(w)
        elif w in ADJECTIVES or sw in ADJECTIVES:
            quals.append(sw)
        elif w.startswith("non"):
            rest = raw[3:].lstrip("-")
            if singular(rest) in CARD_TYPES:
                ex_types.append(singular(rest))
            elif rest[:1].isupper():
                ex_sub.append(singular(rest).capitalize())
            elif rest.lower() in COLORS:
                quals.append(w)
            elif rest.lower() == "outlaw":
                quals.append("non-outlaw")  # 700.12: none of the outlaw creature types
            else:
                return None
        elif raw[:1].isupper() and raw.replace("-", "").replace("'", "").isalpha() and \
                raw not in ("X", "Y"):  # ("X permanents": a count, never a subtype, 107.3)
            subtypes.append(singular(raw).title() if "-" not in raw else raw)
        else:
            return None
    if not (types or subtypes or is_card or is_spell or is_perm or quals or colors or supers):
        return None
    if is_spell:
        zone = zone or "stack"
    if is_card and zone is None:
        zone = "card"
    if is_perm and not types:
        types = []
    items = [i for i in re.split(r",\s*(?:and/or\s+|or\s+|and\s+)?|\s+and/or\s+|\s+or\s+",
                                 text) if i]
    if has_conjunction and types and subtypes and len(items) >= 2 and not (
            ex_types or ex_sub or colors or supers) and all(
            len(i.split()) == 1 for i in items):
        # "target creature, planeswalker, or Vehicle": each a type or a subtype of its own, any
        # one of them will do (not a Vehicle that is also a creature)
        shared = dict(controller=controller, owner=owner,
                      zone=zone if zone != "card" else None, other=other,
                      qualifiers=tuple(quals) + (("card",) if is_card else ()) +
                      (("spell",) if is_spell else ()) + (("permanent",) if is_perm else ()))
        alts = []
        for item in items:
            word = singular(item.lower())
            alts.append(ObjectFilter(card_types=(word,), text=item, **shared) if word in
                        CARD_TYPES else ObjectFilter(subtypes=(singular(item).title(),),
                                                     text=item, **shared))
        return ObjectFilter(any_of=tuple(alts), text=original, **shared)
    return ObjectFilter(
        card_types=tuple(types), subtypes=tuple(subtypes), supertypes=tuple(supers),
        excluded_types=tuple(ex_types), excluded_subtypes=tuple(ex_sub), colors=tuple(colors),
        controller=controller, owner=owner, zone=zone if zone != "card" else None, other=other,
        qualifiers=tuple(quals) + (("card",) if is_card else ()) + (("spell",) if is_spell else ())
        + (("permanent",) if is_perm else ()), text=original,
        subtypes_all=len(subtypes) > 1 and not has_conjunction)


def _is_keyword(text: str) -> bool:
    """True when ``text`` is a keyword ability ("decayed", "first strike"): "creatures with X"."""
    from rules_engine.text.keywords import parse_keyword  # late: keywords -> costs -> nouns

    return parse_keyword(text) is not None


def _target_kind(flt: ObjectFilter, head: str) -> str:
    h = head.lower()
    if flt.any_of and any("spell" in alt.qualifiers for alt in flt.any_of) and \
            not all("spell" in alt.qualifiers for alt in flt.any_of):
        return "permanent_or_spell"  # "target creature or spell" (parse_filter)
    if ("player" in flt.qualifiers or "opponent" in flt.qualifiers) and (
            flt.card_types or "permanent" in flt.qualifiers):
        return "player_or_permanent"
    # ("target creature that's attacking that player": a creature, the last word a qualifier's)
    if h in ("player", "players") and not flt.card_types:
        return "player"
    if h in ("opponent", "opponents") and not flt.card_types:
        return "opponent"
    if "ability" in flt.qualifiers:
        return "spell" if "spell" in flt.qualifiers else "ability"
    if "spell" in flt.qualifiers:
        return "spell"
    if "card" in flt.qualifiers:
        return "card"
    if len(flt.card_types) == 1 and not flt.subtypes:
        return flt.card_types[0]
    if flt.card_types == () and "permanent" not in flt.qualifiers:
        if flt.subtypes and all(t in _NONCREATURE_SUBTYPES for t in flt.subtypes):
            return "permanent"  # "target Saga", "target Equipment" (205.3g-i): not creatures
        return "creature" if flt.subtypes else "permanent"
    return "permanent"


# Artifact, enchantment and land types (205.3g, 205.3h, 205.3i): a target named by one of these
# alone is a permanent of that type, not a creature (as "target Goblin" is).
_NONCREATURE_SUBTYPES = frozenset("""Attraction Blood Bobblehead Book Clue Contraption Equipment
Food Fortification Gold Incubator Infinity Junk Lander Map Mutagen Powerstone Spacecraft Stone
Treasure Vehicle Aura Background Cartouche Case Class Curse Role Room Rune Saga Shard Shrine Cave
Desert Forest Gate Island Lair Locus Mine Mountain Plains Planet Power-Plant Sphere Swamp Tower
Town Urza's""".split())


_PRONOUNS = {
    "~": "self", "it": "it", "itself": "it", "he": "it", "she": "it", "they": "that_player",
    "him": "it", "her": "it", "the sacrificed creature": "it", "the exiled card": "it",
    "the revealed card": "it", "the chosen creature": "it", "the chosen spell": "it",
    "the chosen permanent": "it", "the chosen artifact": "it",
    "them": "those", "you": "you", "each opponent": "opponent_each",
    "your opponents": "opponent_each", "each player": "player_each",
    "defending player": "defending_player", "that player": "that_player",
    "the defending player": "defending_player",
    "enchanted player": "enchanted", "enchanted creature": "enchanted",
    "enchanted land": "enchanted", "enchanted artifact": "enchanted",
    "enchanted enchantment": "enchanted", "enchanted planeswalker": "enchanted",
    "enchanted permanent": "enchanted", "equipped creature": "equipped",
    # 301.6: the land a Fortification is attached to (its attachment works as an Equipment's)
    "fortified land": "equipped",
    "that creature": "it", "that card": "it", "that spell": "it", "that permanent": "it",
    "that token": "it", "the copy": "it", "that creature or planeswalker": "it",
    "that planeswalker": "it", "that artifact or creature": "it", "that land": "it",
    "those creatures": "those", "those permanents": "those",
    "the paired creatures": "paired_both",  # (soulbond, 702.95b: read by paragraphs._static)
    "those cards": "those", "those tokens": "those", "the token": "it",
    # (helper effB) the object or objects the effect before named (608.2c)
    "that artifact": "it", "that enchantment": "it",
    "the tokens": "those", "those lands": "those",
    "those artifacts": "those", "the token created this way": "it",
    "the tokens created this way": "those",
    # (506.2: only the active player attacks, so the attacking player is the active player)
    "the attacking player": "active_player",
    "its controller": "controller_of", "its owner": "owner_of",
    "that creature's controller": "controller_of", "that spell's controller": "controller_of",
    "that card's owner": "owner_of", "that permanent's controller": "controller_of",
    "the player whose turn it is": "active_player", "the active player": "active_player",
    "each opponent who doesn't": "opponents_who_didnt", "each opponent who does":
    "opponents_who_did", "each opponent who didn't": "opponents_who_didnt",
    "each other player": "player_each_other",
    "the rest": "rest", "the other": "rest", "the others": "rest",
    "one": "chosen_one", "one of them": "chosen_one", "one of those cards": "chosen_one",
    "the chosen cards": "picked", "the chosen card": "it",  # (records.ChooseAmong, 608.2c)
    "that player's hand": "hand_of", "their hand": "hand_of",
}


def parse_ref(phrase: str, ctx: Ctx) -> Ref | None:
    """Parse a subject/object noun phrase into a :class:`Ref` (targets are numbered in ctx)."""
    p = phrase.strip().rstrip(",")
    if p.lower().startswith("each of "):
        p = p[8:]
    low = p.lower()
    if low in ("that source's controller", "that source's owner"):
        # "Whenever a source deals damage to ~, that source's controller ..." (603.2: the
        # triggering event's source)
        kind = "controller_of" if low.endswith("controller") else "owner_of"
        return Ref(kind, of=Ref("triggering"), text=p)
    tm = re.fullmatch(r"those (?P<noun>creatures|permanents|cards) (?P<who>you control|you don't "
                      r"control|an opponent controls)", low)
    if tm:  # "each of those creatures you don't control": the ones just named that qualify
        flt = parse_filter(f"{tm.group('noun')} {tm.group('who')}")
        if flt is not None:
            return Ref("those", filter=flt, text=p)
    if low in _PRONOUNS:
        kind = _PRONOUNS[low]
        if kind in ("controller_of", "owner_of"):
            return Ref(kind, of=Ref("it"), text=p)
        return Ref(kind, text=p)
    p = re.sub(r" that's blocking (it|~)$", r" blocking \1", p)  # the same filter words
    if low.startswith("the ") and ctx.targets:
        # "the creature you control" after "Choose target creature you control and target
        # creature an opponent controls": the target described so (601.2c)
        named = [t for t in ctx.targets if (t.text or "").lower() == "target " + low[4:]]
        if len(named) == 1:
            return Ref("target", target=named[0], text=p)
    m = re.fullmatch(r"(?P<what>[A-Z][\w'-]*s (?:you control|your opponents control)) other "
                     r"than ~", p)
    if m:  # "Dinosaurs you control other than ~" is "other Dinosaurs you control" (109.1)
        return parse_ref("other " + m.group("what"), ctx)
    if re.fullmatch(r"that (?:[A-Z][a-z]+|artifact|enchantment|planeswalker|battle)", p):
        # "For each Rat you control, create a Wicked Role token attached to that Rat": the
        # object the instruction is about (608.2c), a subtype or card type naming it
        return Ref("it", text=p)
    m = re.fullmatch(r"(target .+?)'s (controller|owner)", p, re.I) or re.fullmatch(
        r"the (?P<k>controller|owner) of (?P<t>target .+)", p, re.I)
    if m and m.re.groupindex.get("t"):  # "the owner of target nonland permanent"
        inner = parse_ref(m.group("t"), ctx)
        if inner is not None:
            kind = "controller_of" if m.group("k").lower() == "controller" else "owner_of"
            return Ref(kind, of=inner, text=p)
        m = None
    if m:  # "target spell's controller": that target's controller (read before "target ...")
        inner = parse_ref(m.group(1), ctx)
        if inner is not None:
            kind = "controller_of" if m.group(2).lower() == "controller" else "owner_of"
            return Ref(kind, of=inner, text=p)
    m = re.fullmatch(r"(each|all) (.+?) target (player|opponent) controls", p, re.I) or \
        re.fullmatch(r"()([A-Za-z][\w -]*s) target (player|opponent) controls", p, re.I)
    if m:  # (a bare plural, "Creatures target player controls", means all of them)
        # "each creature target player controls": the player is a target (115.1), the
        # objects are those that player controls (chosen with it, 601.2c; "that player")
        mark = ctx.mark()
        who = ctx.new_target(m.group(3).lower(), ObjectFilter(text=m.group(3).lower()), 1, 1,
                             f"target {m.group(3).lower()}")
        group = parse_ref(f"{m.group(1) or 'all'} {m.group(2)} that player controls", ctx)
        if group is None or group.kind != "each":
            ctx.reset(mark)
            return None
        return dataclasses.replace(group, target=who, text=p)
    if low in ("any number of targets", "any number of target creatures"):
        kind = "any" if low.endswith("targets") else "creature"
        return Ref("target", target=ctx.new_target(kind, ObjectFilter(text=p), 1, 99, p), text=p)
    m = re.fullmatch(r"(?:(one|two|three)(?:,? (?:or )?(?:one|two|three))*,? or )?"
                     r"(one|two|three|four|five|six|seven|eight|nine|ten) (?:other )?targets?", low)
    if m:
        lo = number(m.group(1) or m.group(2)) or 1
        hi = number(m.group(2)) or 1
        return Ref("target", target=ctx.new_target("any", ObjectFilter(text=p), lo, hi, p),
                   text=p)
    if low == "any target":
        return Ref("target", target=ctx.new_target("any", ObjectFilter(text="any target"), 1, 1,
                                                  p), text=p)
    m2 = re.match(r"^(one|two|three) or (two|three|four) target (.+)$", p, re.I)
    if m2:
        # "one or two target creatures" (rule 601.2c: a range of targets)
        flt = parse_filter(re.sub(r"\bcards each with\b", "cards with", m2.group(3), flags=re.I))
        lo, hi = number(m2.group(1)), number(m2.group(2))
        if flt is None or lo is None or hi is None:
            return None
        tgt = ctx.new_target(_target_kind(flt, m2.group(3).split()[-1]), flt, lo, hi, p)
        ref = Ref("target", target=tgt, text=p)
        ctx.last_object = ref
        return ref
    m = re.match(rf"^(?:(up to) )?({NUM_WORD}|any number of|one or more) (?:(other|another) )?"
                 r"target (.+)$", p, re.I) or re.match(r"^()()(?:(another|other) )?target (.+)$",
                                                      p, re.I)
    if m:
        up_to, count, other, rest = m.group(1), m.group(2), m.group(3), m.group(4)
        variable = None
        if count and count.lower() == "any number of":
            lo, hi = 0, 99
        elif count and count.lower() == "one or more":  # (601.2c: at least one)
            lo, hi = 1, 99
        elif count == "X":
            lo, hi, variable = 0, 99, "X"  # "X target creatures" (601.2b-c)
        else:
            n = number(count) if count else 1
            if n is None:
                return None
            lo, hi = (0 if up_to else n), n
        rest = re.sub(r"\bcards each with\b", "cards with", rest, flags=re.I)  # (each one)
        head = rest.split()[-1] if rest.split() else ""
        distinct = re.search(r" with different names(?= from | in |$)", rest, re.I)
        if distinct:  # "up to six target creature cards with different names" (601.2c)
            rest = rest[:distinct.start()] + rest[distinct.end():]
        share = re.search(r" that share a creature type(?= from | in |$)", rest, re.I)
        if share:  # a rule of the whole choice of targets (601.2c, targeting._choose_targets)
            rest = rest[:share.start()] + rest[share.end():]
            head = rest.split()[-1] if rest.split() else ""
        if rest.lower() in ("player", "opponent", "players", "opponents"):
            flt = ObjectFilter(text=rest)
        else:
            flt = parse_filter(rest)
            if flt is None:
                return None
        if share:
            flt = dataclasses.replace(flt, qualifiers=flt.qualifiers + ("share a creature type",))
        if distinct:
            flt = dataclasses.replace(flt, qualifiers=flt.qualifiers + ("different names",))
        if other:
            flt = _with_other(flt)
        tgt = ctx.new_target(_target_kind(flt, head), flt, lo, hi, p)
        if variable is not None:
            tgt = dataclasses.replace(tgt, count_variable=variable)
            ctx.targets[-1] = tgt
        ref = Ref("target", target=tgt, text=p)
        ctx.last_object = ref
        return ref
    m = re.match(r"^the (controller|owner)s? of (.+)$", p, re.I)
    if m:  # "the owner of target nonland permanent" (108.3): that object's owner
        inner = parse_ref(m.group(2), ctx)
        if inner is not None and not _names_players(inner):
            kind = "controller_of" if m.group(1).lower() == "controller" else "owner_of"
            return Ref(kind, of=inner, text=p)
    m = re.match(r"^(.+?)'s (controller|owner)$", p, re.I)
    if m and m.group(1).lower() not in ("that creature", "that spell", "that card",
                                        "that permanent"):
        inner = parse_ref(m.group(1), ctx)
        if inner is not None:
            kind = "controller_of" if m.group(2).lower() == "controller" else "owner_of"
            return Ref(kind, of=inner, text=p)
    m = re.match(r"^(each|all|every) (.+)$", p, re.I)
    if m:
        rest = m.group(2)
        if rest.lower() in ("opponent", "player", "opponents", "players"):
            return Ref("opponent_each" if "opp" in rest.lower() else "player_each", text=p)
        flt = parse_filter(rest)
        return None if flt is None else Ref("each", filter=flt, text=p)
    # Bare plural group ("Creatures you control", "Other Wolves and Werewolves you control")
    flt = parse_filter(p)
    if flt is not None and _is_plural_group(p):
        return Ref("each", filter=flt, text=p)
    m = re.match(rf"^up to ({NUM_WORD}) (?!target\b)(.+)$", p, re.I)
    if m:  # "return up to two creature cards from your graveyard": a choice of 0 to N (608.2d)
        flt = parse_filter(m.group(2))
        n = number(m.group(1))
        if flt is not None and n is not None:
            return Ref("chosen", filter=dataclasses.replace(
                flt, qualifiers=flt.qualifiers + (f"count:up to {n}",)), text=p)
    m = re.match(rf"^({NUM_WORD}|any number of) (.+)$", p, re.I) or re.match(
        rf"^up to ((?!an?\b){NUM_WORD}) ((?!.*\btargets?\b).+)$", p, re.I)
    if m and m.group(1).lower() not in ("a", "an", "one", "x"):
        # ("up to two creature cards from your graveyard": the player picks that many or
        # fewer, 107.1c; a list answer may be shorter)
        flt = parse_filter(m.group(2))
        n = number(m.group(1))
        if flt is not None:
            count = "any" if n is None else str(n)
            return Ref("chosen", filter=dataclasses.replace(
                flt, qualifiers=flt.qualifiers + (f"count:{count}",)), text=p)
    m = re.match(r"^(an?|one|another) (.+)$", p, re.I)
    if m:
        flt = parse_filter(m.group(2))
        if flt is not None:
            if m.group(1).lower() == "another":
                flt = _with_other(flt)
            return Ref("chosen", filter=flt, text=p)
    return None


def _names_players(ref: Ref) -> bool:
    """Whether a parsed noun phrase is a player ("target player"), not an object."""
    if ref.kind in ("you", "that_player", "opponent_each", "player_each", "defending_player"):
        return True
    return ref.kind == "target" and ref.target is not None and \
        ref.target.kind in ("player", "opponent")


# "a creature card and/or a land card": at most one chosen card for each description (the
# chooser's picks are matched to unused descriptions, effects.core._choose_up_to)
ONE_EACH = "one for each description"


def _with_other(flt: ObjectFilter) -> ObjectFilter:
    return dataclasses.replace(flt, other=True)


def _is_plural_group(phrase: str) -> bool:
    """True for "Creatures you control", "Other Humans", "Wolves and Werewolves you control"."""
    # ("... of the chosen type", 607.2d, may follow "you control")
    phrase = re.sub(r"\s+with the chosen name$", "", phrase, flags=re.I)  # 201.4
    # a qualifier after the noun: "Creatures with flying", "Creatures without flying",
    # "Creatures with power 2 or less", "Creatures with +1/+1 counters on them": the noun
    # before it says whether the group is plural
    phrase = re.sub(r"\s+(?:with|without)\s.*$", "", phrase, flags=re.I)
    words = re.sub(r"\s+(you control|an opponent controls|your opponents control|you cast|"
                   r"that attacked this turn|you don't control)$", "", re.sub(
                       r"\s+(?:that (?:are|is)(?:n't| not) )?of the chosen (?:type|color)$", "",
                       phrase, flags=re.I), flags=re.I).split()
    if not words:
        return False
    last = words[-1].lower()
    # "Other Merfolk you control": "other" (never "another") before a bare noun is plural even
    # when the subtype's plural is the singular (Merfolk, Aetherborn, Kithkin, Samurai)
    return last != singular(last) or last in _IRREGULAR or words[0].lower() == "other"


def parse_refs(phrase: str, ctx: Ctx) -> tuple[Ref, ...] | None:
    """Parse a list of recipients ("each of up to one target creature, up to one target player,
    and/or up to one target planeswalker", "you and target opponent")."""
    p = re.sub(r"^each of ", "", phrase.strip(), flags=re.I)
    single = parse_ref(p, ctx)
    if single is not None:
        return (single,)
    parts = re.split(r",\s*(?:and/or|and|or)\s+|\s+and/or\s+|,\s*|\s+and\s+", p)
    if len(parts) < 2:
        return None
    refs = []
    mark = ctx.mark()
    for part in parts:
        r = parse_ref(part, ctx)
        if r is None:
            ctx.reset(mark)
            return None
        refs.append(r)
    return tuple(refs)
