"""Token descriptions after "create" (rule 111.4, predefined tokens rule 111.10, copies rule
707.9b exceptions)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import (
    Amount,
    Effect,
    Ref,
    TokenSpec,
)
from rules_engine.text import hooks
from rules_engine.text.copy_tokens import read_exception
from rules_engine.text.keywords import parse_keyword_list
from rules_engine.text.nouns import (
    COLORS,
    NUM_WORD,
    Ctx,
    amount,
    parse_ref,
)

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]
N = rf"(?P<n>{NUM_WORD})"
MANA = r"(?:\{[^}]+\})+"


def split_quoted(text: str) -> tuple[str, list[str]] | None:
    """Separate "flying and \"Whenever ...\"" into keyword text and quoted abilities."""
    quotes = re.findall(r"\"([^\"]+)\"", text)
    rest = re.sub(r"\s*(?:,\s*)?(?:and\s+)?\"[^\"]+\"", "", text).strip().rstrip(",").strip()
    rest = re.sub(r"\s+and$", "", rest)
    rest = re.sub(r"^(?:,\s*)?and\s+", "", rest)  # '"Equipped creature gets +2/+0" and equip {2}'
    return rest, quotes



_PREDEFINED = {"treasure", "food", "clue", "blood", "map", "powerstone", "gold", "shard",
               "walker", "incubator", "junk", "lander", "mutagen", "octopus"}


def parse_token(text: str, ctx: Ctx) -> tuple[Amount, TokenSpec, bool, bool] | None:
    """Parse a token description after "create" (rule 111.4, 111.10)."""
    t = text.strip()
    tapped = attacking = False
    # "... that's tapped and attacking that player or a planeswalker they control" after "for
    # each opponent" (508.4): in a two-player game the one opponent, or a planeswalker of theirs,
    # which are the choices of any creature put onto the battlefield attacking
    mm = re.search(r",? (?:that are|that's|which are) (tapped and attacking|tapped|attacking)"
                   r"(?: (?:that player|that opponent) or a planeswalker (?:they control|that "
                   r"player controls))?$", t, re.I)
    if mm:
        tapped = "tapped" in mm.group(1)
        attacking = "attacking" in mm.group(1)
        t = t[: mm.start()]
    mm = re.fullmatch(rf"{N} tapped and attacking (?P<rest>(?!tokens? that).+)", t, re.I)
    if mm:  # "create a tapped and attacking X/X green Dinosaur creature token" (508.4)
        tapped = attacking = True
        t = f"{mm.group('n')} {mm.group('rest')}"
    mm = re.fullmatch(rf"{N} (?P<tap>tapped (?:and attacking )?)?(?:tokens? that's|tokens? that "
                      r"are) (?:a )?cop(?:y|ies) of (?P<of>.+?)(?:, except (?P<exc>.+))?", t, re.I)
    if mm:
        # "create a tapped and attacking token that's a copy of it" (508.4)
        tapped = tapped or bool(mm.group("tap"))
        attacking = attacking or "attacking" in (mm.group("tap") or "")
        of = parse_ref(mm.group("of"), ctx)
        amt = amount(mm.group("n"))
        if of is None or amt is None:
            return None
        spec = TokenSpec(copy_of=of, except_text=mm.group("exc"), text=t)
        if mm.group("exc"):
            read = read_exception(spec, mm.group("exc"), _abilities_of)
            spec = read if read is not None else _copy_exception(spec, mm.group("exc"))
            if spec is None:
                return None
        return amt, spec, tapped, attacking
    mm = re.fullmatch(rf"{N} (?:(?P<tapped>tapped) )?(?P<name>[A-Z][\w'-]*) tokens?", t)
    if mm and mm.group("name").lower() not in COLORS:
        amt = amount(mm.group("n"))
        if amt is None:
            return None
        return (amt, TokenSpec(name=mm.group("name"), predefined=True,
                               card_types=("artifact",) if mm.group("name").lower()
                               in _PREDEFINED else (), text=t),
                tapped or bool(mm.group("tapped")), attacking)
    mm = re.fullmatch(
        rf"{N} (?:(?P<tapped>tapped(?P<attacking> and attacking)?) )?(?P<legend>legendary )?"
        r"(?:(?P<p>\d+|X)/(?P<t>\d+|X) )?"
        r"(?P<colors>(?:(?:white|blue|black|red|green|colorless)(?:,? (?:and )?)?)+)?\s*"
        r"(?P<types>(?:[A-Z][\w'-]* )*?)(?P<card>(?:legendary )?(?:(?:artifact|enchantment|snow|"
        r"land) )*creature |(?:legendary )?(?:snow )?(?:artifact|enchantment) )?tokens?"
        r"(?P<rest>.*)", t)
    if not mm:
        return None
    amt = amount(mm.group("n"))
    if amt is None:
        return None
    colors = tuple(c for c in re.split(r",? (?:and )?|\s+", mm.group("colors") or "") if c)
    subtypes = tuple(w for w in (mm.group("types") or "").split() if w)
    card = (mm.group("card") or "").split()
    if not card and not subtypes:
        return None
    rest = mm.group("rest").strip()
    keywords: tuple = ()
    abilities: tuple = ()
    name = None
    nm = re.search(r"\s*named (?P<n>[^\"]+?)(?P<after> with .+)?$", rest)
    if nm:  # "a colorless artifact token named Munitions with \"...\"" (111.4)
        name = nm.group("n")
        rest = (rest[: nm.start()] + (nm.group("after") or "")).strip()
    if rest:
        wm = re.fullmatch(r"with (.+)", rest)
        if not wm:
            return None
        body = wm.group(1)
        if body.startswith("'") and body.endswith("'") and '"' not in body:
            # a token's ability quoted inside another quoted ability (Reef Worm's Whale "with
            # 'When ~ dies, ...'"): the inner quotes are single ones
            body = '"' + body[1:-1] + '"'
        split = split_quoted(body)
        if split is None:
            return None
        kw_text, quotes = split
        if kw_text:
            kws = parse_keyword_list(kw_text)
            if kws is None:
                return None
            keywords = kws
        for q in quotes:
            if hooks.COMPILE_QUOTED is None:
                return None
            abilities += tuple(hooks.COMPILE_QUOTED(q))
    pt = (Amount(int(mm.group("p"))) if mm.group("p") and mm.group("p").isdigit()
          else (Amount(variable="X") if mm.group("p") else None))
    tt = (Amount(int(mm.group("t"))) if mm.group("t") and mm.group("t").isdigit()
          else (Amount(variable="X") if mm.group("t") else None))
    spec = TokenSpec(name=name, power=pt, toughness=tt, colors=colors,
                     card_types=tuple(w for w in card if w != "legendary"),
                     supertypes=("legendary",) if "legendary" in card or mm.group("legend")
                     else (),
                     subtypes=subtypes, keywords=keywords, abilities=abilities, text=t)
    return amt, spec, tapped or bool(mm.group("tapped")), attacking or bool(mm.group("attacking"))


def _abilities_of(text: str) -> tuple[tuple, tuple] | None:
    """"haste and \"At the beginning ...\"": the keywords and the compiled quoted abilities."""
    split = split_quoted(text)
    if split is None:
        return None
    kw_text, quotes = split
    kws: tuple = ()
    if kw_text:
        parsed = parse_keyword_list(kw_text)
        if parsed is None:
            return None
        kws = tuple(parsed)
    quoted: tuple = ()
    for q in quotes:
        if hooks.COMPILE_QUOTED is None:
            return None
        quoted += tuple(hooks.COMPILE_QUOTED(q))
    return kws, quoted


def _copy_exception(spec: TokenSpec, text: str) -> TokenSpec | None:
    """Fill the exception of a copy (rule 707.9b) as fields: "it's a 1/1 green Frog", "it's a
    legendary 4/4 Dragon creature with flying", "it has haste". None when not understood."""
    t = text.strip().rstrip(".")
    mm = re.fullmatch(
        r"(?:it's|they're) (?:an? )?(?P<legendary>legendary )?(?:(?P<p>\d+)/(?P<t>\d+) )?"
        r"(?P<colors>(?:(?:white|blue|black|red|green|colorless)(?:,? (?:and )?)?)+)?\s*"
        r"(?P<types>(?:[A-Z][\w'-]* )*[A-Z][\w'-]*)?"
        r"(?P<card>(?: (?:artifact|enchantment|creature))*)"
        r"(?: in addition to (?:its|their) other (?:colors and )?types)?(?: with (?P<kw>.+))?", t)
    if mm and (mm.group("p") or mm.group("colors") or mm.group("types") or mm.group("card")):
        kws: tuple = ()
        if mm.group("kw"):
            k = parse_keyword_list(mm.group("kw"))
            if k is None:
                return None
            kws = k
        colors = tuple(c for c in re.split(r",? (?:and )?|\s+", mm.group("colors") or "") if c)
        return dataclasses.replace(
            spec,
            power=Amount(int(mm.group("p"))) if mm.group("p") else None,
            toughness=Amount(int(mm.group("t"))) if mm.group("t") else None,
            colors=colors, subtypes=tuple((mm.group("types") or "").split()),
            card_types=tuple((mm.group("card") or "").split()),
            supertypes=("legendary",) if mm.group("legendary") else (), keywords=kws)
    mm = re.fullmatch(r"it has (.+)", t)
    if mm:
        k = parse_keyword_list(mm.group(1))
        return None if k is None else dataclasses.replace(spec, keywords=k)
    return None


