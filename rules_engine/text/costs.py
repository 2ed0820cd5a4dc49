"""Costs (rule 118, 602.1): "{2}{R}, {T}, Sacrifice ~", "[-3]", "Exile a creature card from your
graveyard", "Tap two untapped creatures you control", "Pay 2 life", "Discard a card"."""

from __future__ import annotations

import dataclasses
import re

from rules_engine.abilities import Amount, Cost, CostPart, ObjectFilter, Ref
from rules_engine.text.nouns import NUM_WORD, amount, parse_filter

MANA_RE = re.compile(r"^(?:\{[0-9WUBRGCSXYZP/]+\})+$")
# Loyalty costs (rule 606.4): "[+1]" (MTGJSON/Forge) or "+1" (Scryfall), minus as "-" or U+2212.
LOYALTY_RE = re.compile(r"^\[([+\-\u2212]?)(\d+|X)\]$|^([+\-\u2212]?)(\d+|X)$")


def _part(text: str) -> CostPart | None:
    t = text.strip()
    low = t.lower()
    if MANA_RE.match(t):
        return CostPart("mana", mana=t, text=t)
    if t == "{T}":
        return CostPart("tap", text=t)
    if t == "{Q}":
        return CostPart("untap", text=t)
    if t == "{E}" or re.fullmatch(r"(?:\{E\})+", t):
        return CostPart("energy", amount=Amount(t.count("{E}")), text=t)
    m = LOYALTY_RE.match(t)
    if m and not (m.group(3) == "" and m.group(4) and m.group(4) != "0"):
        sign = (m.group(1) if m.group(2) else m.group(3)) or ""
        val = m.group(2) or m.group(4)
        sign = "-" if sign == "\u2212" else sign
        if val == "X":
            return CostPart("loyalty", amount=Amount(variable="-X" if sign == "-" else "X"), text=t)
        n = int(val) * (-1 if sign == "-" else 1)
        return CostPart("loyalty", amount=Amount(n), text=t)
    if low == "sacrifice ~":
        return CostPart("sacrifice", what=None, text=t)
    if low == "discard a card at random":  # 701.9b: the card is chosen at random
        return CostPart("discard_random", amount=Amount(1), text=t)
    m = re.fullmatch(rf"put (an?|{NUM_WORD}) (-1/-1|\+1/\+1|[a-z]+) counters? on (~|an? .+)", t,
                     re.I)
    if m and amount(m.group(1)) is not None:  # 122.1 as a cost: on ~ or on a permanent
        # ("Cumulative upkeep—Put a +1/+1 counter on a creature an opponent controls")
        what = None if m.group(3) == "~" else parse_filter(re.sub(r"^an? ", "", m.group(3)))
        if m.group(3) == "~" or what is not None:
            n = Amount(1) if m.group(1).lower() in ("a", "an") else amount(m.group(1))
            return CostPart("put_counters", amount=n, what=what if what is not None else
                            Ref("self"), counter=m.group(2).lower(), text=t)
    m = re.fullmatch(r"tap enchanted (creature|land|artifact|permanent)", low)
    if m:  # 303.4: the permanent this Aura is attached to
        return CostPart("tap_enchanted", what=Ref("enchanted", text=m.group(0)), text=t)
    m = re.fullmatch(r"sacrifice (an? [\w ]+?|another [\w ]+?) or (an? [\w ]+|another [\w ]+)",
                     t, re.I)
    if m:  # "Sacrifice an artifact or another creature" (either description, 701.21a)
        first = parse_filter(re.sub(r"^an? ", "", m.group(1), flags=re.I))
        second = parse_filter(re.sub(r"^an? ", "", m.group(2), flags=re.I))
        if first is not None and second is not None:
            return CostPart("sacrifice", amount=Amount(1), what=ObjectFilter(
                any_of=(first, second), text=f"{m.group(1)} or {m.group(2)}"), text=t)
    m = re.fullmatch(r"(exile|discard|reveal|return) ~(?: from your (graveyard|hand))?"
                     r"(?: to its owner's hand)?", low)
    if m:
        # A cost that moves the object itself; with "from your graveyard" the ability works
        # from that zone (rule 113.6m).
        return CostPart(m.group(1), what=Ref("self", text=m.group(2) or ""), text=t)
    m = re.fullmatch(rf"tap (an?|{NUM_WORD}) untapped (.+)", t, re.I)
    if m and m.group(1).lower() in ("a", "an"):
        flt = parse_filter("untapped " + m.group(2))
        if flt is not None:
            return CostPart("tap_untapped", amount=Amount(1), what=flt, text=t)
    m = re.match(rf"^(sacrifice|discard|exile|return) ({NUM_WORD}|another) (.+?)"
                 r"(?: to its owner's hand| to their owner's hand)?$", t, re.I)
    if m:
        verb, count, rest = m.group(1).lower(), m.group(2), m.group(3)
        flt = parse_filter(("another " if count.lower() == "another" else "") + rest)
        if flt is None:
            return None
        amt = Amount(1) if count.lower() == "another" else amount(count)
        return CostPart(verb, amount=amt, what=flt, text=t)
    m = re.match(rf"^reveal (an?|{NUM_WORD}) (.+?) (?:in|from) your hand$", t, re.I)
    if m:  # "Morph—Reveal a white card in your hand" (118.1: the card stays in the hand)
        flt = parse_filter(m.group(2))
        amt = Amount(1) if m.group(1).lower() in ("a", "an") else amount(m.group(1))
        if flt is not None and amt is not None:
            return CostPart("reveal", amount=amt, what=flt, text=t)
    m = re.match(rf"^tap (another|(?:{NUM_WORD}) other) untapped (.+)$", t, re.I)
    if m:  # "Tap two other untapped artifacts you control": "other" excludes the source itself
        flt = parse_filter("untapped " + m.group(2))
        count = m.group(1).lower()
        n = Amount(1) if count == "another" else amount(count.split()[0])
        if flt is None or n is None:
            return None
        return CostPart("tap_untapped", amount=n, what=dataclasses.replace(flt, other=True),
                        text=t)
    m = re.match(rf"^tap ({NUM_WORD}) (untapped .+)$", t, re.I)
    if m:
        flt = parse_filter(m.group(2))
        if flt is None:
            return None
        return CostPart("tap_untapped", amount=amount(m.group(1)), what=flt, text=t)
    m = re.match(rf"^behold (an?|{NUM_WORD}) (.+?)(?P<exile> and exile (?:it|them))?$", t, re.I)
    if m:  # 701.4a: reveal such a card from your hand or choose such a permanent you control
        flt = parse_filter(m.group(2))
        amt = Amount(1) if m.group(1).lower() in ("a", "an") else amount(m.group(1))
        if flt is not None and amt is not None:
            kind = "behold_exile" if m.group("exile") else "behold"
            return CostPart(kind, amount=amt, what=flt, text=t)
    m = re.match(r"^waterbend ((?:\{[0-9X]+\})+)$", t, re.I)
    if m:  # rule 701.67a: pay it, tapping artifacts/creatures for generic mana if you like
        return CostPart("waterbend", mana=m.group(1), text=t)
    m = re.match(rf"^(blight|collect evidence) ({NUM_WORD})$", t, re.I)
    if m:  # rules 701.68a, 701.59a as costs ("Blight 2: ...", "you may collect evidence 6")
        return CostPart(m.group(1).lower().replace(" ", "_"), amount=amount(m.group(2)), text=t)
    if t.lower() == "forage":  # rule 701.61a
        return CostPart("forage", amount=Amount(1), text=t)
    m = re.match(r"^pay ((?:\{E\})+)$", t, re.I)
    if m:  # "Pay {E}{E}": energy counters (rule 107.14)
        return CostPart("energy", amount=Amount(m.group(1).count("{E}")), text=t)
    m = re.match(r"^pay ((?:\{(?:\d+|[WUBRGCSX]|[WUBRG2]/[WUBRGP])\})+)$", t, re.I)
    if m:  # "... or pay {3}" (a mana payment written as an instruction)
        return CostPart("mana", mana=m.group(1), text=t)
    m = re.match(rf"^pay ({NUM_WORD}) life$", t, re.I)
    if m:
        return CostPart("pay_life", amount=amount(m.group(1)), text=t)
    m = re.match(rf"^pay (?P<amt>life equal to .+|half your life, rounded (?:up|down)|"
                 rf"(?:{NUM_WORD}) life for each .+)$", t, re.I)
    if m:  # 119.4 / 107.1a: a life payment the text counts (the amount is read when paid)
        words = m.group("amt")
        each = re.match(r"^(\S+) (life for each .+)$", words)
        if each and not words.lower().startswith("life "):
            n = amount(each.group(1))
            if n is None or n.value is None:
                return None
            words = f"{n.value} {each.group(2)}"
        return CostPart("pay_life", amount=Amount(text=words), text=t)
    m = re.match(rf"^(?:get|you get) ({NUM_WORD}) poison counters?$", t, re.I)
    if m and amount(m.group(1)) is not None:  # 122.1f: "Ward—Get five poison counters"
        return CostPart("poison", amount=amount(m.group(1)), text=t)
    if low == "flip a coin":  # 705.1 as a cost ("Cumulative upkeep—Flip a coin"): always paid
        return CostPart("flip_coin", amount=Amount(1), text=t)
    m = re.match(rf"^draw (an?|{NUM_WORD}) cards?$", t, re.I)
    if m:  # 121.1 as a cost ("Cumulative upkeep—Draw a card"; 118.3 needs no resources)
        n = Amount(1) if m.group(1).lower() in ("a", "an") else amount(m.group(1))
        return CostPart("draw", amount=n, text=t)
    m = re.match(rf"^exile ({NUM_WORD}) (?:other )?cards? from your graveyard$", t, re.I)
    if m:
        return CostPart("exile", amount=amount(m.group(1)), text=t)
    m = re.match(rf"^remove ({NUM_WORD}) (\S+) counters? from ~$", t, re.I)
    if m:
        return CostPart("remove_counters", amount=amount(m.group(1)), what=Ref("self"),
                        counter=m.group(2), text=t)
    m = re.match(r"^remove (all|any number of) (\S+) counters from ~$", t, re.I)
    if m:  # 122.8: every counter of that kind, or as many as the payer chooses (0 is allowed)
        return CostPart("remove_counters", amount=Amount(text=m.group(1).lower().replace(
            " of", "")), what=Ref("self"), counter=m.group(2), text=t)
    if re.match(r"^remove an? counter from ~$", t, re.I):  # any kind, the payer's choice
        return CostPart("remove_counters", amount=Amount(1), what=Ref("self"), counter="any",
                        text=t)
    found = _remove_from_permanents(t)
    if found is not None:
        return found
    if low == "exert ~":  # 701.43a: exerting as a cost (it won't untap during your next untap)
        return CostPart("exert", what=Ref("self"), text=t)
    m = re.match(rf"^pay ({NUM_WORD}) \{{E\}}$", t, re.I)
    if m and amount(m.group(1)) is not None and amount(m.group(1)).value is not None:
        return CostPart("energy", amount=amount(m.group(1)), text=t)  # "Pay six {E}" (107.14)
    m = re.match(rf"^mill ({NUM_WORD}) cards?$", t, re.I)
    if m:
        return CostPart("mill", amount=amount(m.group(1)), text=t)
    m = re.match(rf"^blight ({NUM_WORD})$", t, re.I)
    if m:  # 701.68a: put N -1/-1 counters on a creature you control
        return CostPart("blight", amount=amount(m.group(1)), text=t)
    m = re.match(rf"^collect evidence ({NUM_WORD})$", t, re.I)
    if m:  # 701.59a: exile cards with total mana value N or greater from your graveyard
        return CostPart("collect_evidence", amount=amount(m.group(1)), text=t)
    if low == "collect evidence":
        return CostPart("collect_evidence", text=t)
    return None


_COUNTER_KIND = r"(?:[+-]\d+/[+-]\d+|[a-z]+)"
_REMOVE_FROM = re.compile(
    rf"^remove (?P<n>{NUM_WORD}) (?:(?P<kind>{_COUNTER_KIND}) )??counters?"
    rf"(?: or an? (?P<kind2>{_COUNTER_KIND}) counter)? from (?P<among>among )?(?:an? )?"
    r"(?P<what>.+)$", re.I)


def _remove_from_permanents(t: str) -> CostPart | None:
    """"Remove a +1/+1 counter from a creature you control", "Remove a counter from an artifact
    or creature you control", "Remove two +1/+1 counters from among creatures you control"
    (122.8, 602.2b: counters removed from permanents other than the source). One object pays
    the whole count (kind ``remove_counters`` with a filter), or "from among" several
    (``remove_counters_among``); ``counter`` is a kind, "any", or two kinds joined by " or "."""
    m = _REMOVE_FROM.match(t)
    if not m or m.group("what").strip() in ("~", "it") or m.group("what").startswith("~"):
        return None
    n = amount(m.group("n"))
    if n is None or n.value is None:
        return None  # "Remove X counters": the amount chosen as the cost is paid is not read
    flt = parse_filter(m.group("what"))
    if flt is None or flt.controller != "you":
        return None
    kind = m.group("kind") or "any"
    if kind.lower() in ("a", "an", "the"):
        return None
    if m.group("kind2"):
        kind = f"{kind} or {m.group('kind2')}"
    return CostPart("remove_counters_among" if m.group("among") else "remove_counters",
                    amount=n, what=flt, counter=kind, text=t)


def parse_cost(text: str) -> Cost | None:
    """Parse a cost: comma-separated parts (", and" too); None if any part is not understood."""
    t = text.strip()
    # "Remove three quest counters from ~ and sacrifice it": "it" is the ~ just named
    spelled = re.sub(r"(\bfrom ~,? and sacrifice) it$", r"\1 ~", t, flags=re.I)
    # "Sacrifice ~ and thirteen Blood tokens": two sacrifices (118.1)
    spelled = re.sub(rf"\b(sacrifice) ~ and (?=(?:{NUM_WORD}) )", r"\1 ~, \1 ", spelled,
                     flags=re.I)
    # "Pay {B} and 1 life": a mana payment and a life payment (118.1)
    spelled = re.sub(rf"^pay ((?:\{{[^}}]+\}})+) and ((?:{NUM_WORD}) life)$", r"\1, Pay \2",
                     spelled, flags=re.I)
    # "Remove ten oil counters from among permanents you control and sacrifice ~"
    spelled = re.sub(r"( you control) and (sacrifice ~)$", r"\1, \2", spelled, flags=re.I)
    chunks = [c for c in re.split(r",\s*(?:and\s+)?|\s+and\s+(?=pay|sacrifice|discard|"
                                  r"exile(?! (?:it|them)$))", spelled) if c]
    # Mana symbols written together with {T} without comma never happen; keep chunks as is.
    parts: list[CostPart] = []
    for c in chunks:
        p = _part(c)
        if p is None:
            # one part with commas of its own ("Discard an enchantment, instant, or sorcery
            # card"): the whole text as a single part
            whole = _part(spelled) if len(chunks) > 1 else None
            return Cost(parts=(whole,), text=t) if whole is not None else None
        parts.append(p)
    return Cost(parts=tuple(parts), text=t) if parts else None


def parse_cost_choice(text: str) -> tuple[Cost, ...] | None:
    """"sacrifice a creature, discard a card, or pay 4 life": alternative costs, one of which
    is paid (rule 601.2b/601.2f: the choice is made as the spell is cast); None unless every
    alternative parses and there are at least two."""
    pieces = [p for p in re.split(r",\s*(?:or\s+)?(?=pay|sacrifice|discard|exile|tap|return|"
                                  r"reveal|remove|mill|behold)|\s+or\s+(?=pay|sacrifice|discard|"
                                  r"exile|tap|return|reveal|remove|mill|behold)", text.strip(),
                                  flags=re.I)
              if p.strip()]
    if len(pieces) < 2:
        return None
    costs = [parse_cost(p) for p in pieces]
    if any(c is None for c in costs):
        return None
    return tuple(c for c in costs if c is not None)


def looks_like_cost(text: str) -> bool:
    """True when ``text`` (the part before ": ") is a cost, so the paragraph is an activated
    ability (rule 602.1) and not, for example, a room or a label."""
    return parse_cost(text) is not None
