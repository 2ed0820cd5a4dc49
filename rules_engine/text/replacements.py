"""Replacement effects that modify an event, in words (614.1a): "If <who> would <event>,
<the modified event> instead", as :class:`~rules_engine.records.ReplaceEvent` records (run by
``effects/replace_events.py``).

One grammar per replaced event, each with its subjects and modifications as alternatives:

- life (119.3): "If you / an opponent / a player would gain life, you gain that much life plus
  1 / twice that much life / no life instead", "..., that player loses that much life instead";
- counters (122.6): "If one or more [+1/+1] counters would be put on <permanents>, that many
  plus one / twice that many [of each of those kinds of] counters are put on it instead", "If
  you would put one or more counters on <permanents or players>, put ... instead", "If an
  effect would put ...", "If you would get one or more counters, you get ...";
- tokens (111.1, 614.16): "If one or more [Treasure] tokens would be created under your control,
  twice that many of those tokens / those tokens plus an additional <token> are created
  instead", "If you would create one or more tokens, instead create ...", "If an effect would
  create ...";
- damage (120.3, 615.7): "If <source> would deal [combat/noncombat] damage [to <recipient>],
  it deals double / triple that damage / that much damage plus N / minus N [to ...] instead",
  "If <source> would deal damage to <recipient>, prevent N of that damage" / "prevent all but N
  of that damage";
- dice (706.6): "If you would roll one or more dice, instead roll that many dice plus one and
  ignore the lowest roll".

A leading "Until end of turn, " makes it a resolving effect with that duration (611.2a).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from rules_engine.abilities import (
    Amount,
    DealDamage,
    Duration,
    Effect,
    ObjectFilter,
    Ref,
    StaticAbility,
)
from rules_engine.records import ExcessDamage, RedirectDamage, ReplaceEvent
from rules_engine.text.followups import FOLDS
from rules_engine.text.followups_more import _amend_last
from rules_engine.text.nouns import Ctx, amount, parse_filter, parse_ref
from rules_engine.text.tokens import parse_token

_WHO = {"you": "you", "an opponent": "opponent", "a player": "any", "each player": "any",
        "each opponent": "opponent"}
_NUM = r"(?:one|two|three|four|five|\d+)"


def _n(word: str) -> Amount | None:
    return amount(word)


def _life(m: re.Match[str]) -> ReplaceEvent | None:
    who = _WHO.get(m.group("who").lower())
    mod = re.sub(r"^gains? ", "", m.group("mod").lower())
    if who is None:
        return None
    if mod.startswith("that much life plus"):
        n = _n(m.group("n"))
        return None if n is None else ReplaceEvent(event="gain_life", op="plus", n=n, player=who)
    if mod.startswith("twice"):
        return ReplaceEvent(event="gain_life", op="times", n=Amount(2), player=who)
    if mod.startswith("three times"):
        return ReplaceEvent(event="gain_life", op="times", n=Amount(3), player=who)
    if mod == "no life":
        return ReplaceEvent(event="gain_life", op="none", player=who)
    if "loses" in mod or "lose " in mod:
        return ReplaceEvent(event="gain_life", op="lose_instead", player=who)
    return None


def _counter_mod(mod: str) -> tuple[str, Amount] | None:
    mod = mod.lower()
    if mod.startswith("twice that many"):
        return "times", Amount(2)
    if mod.startswith("three times that many"):
        return "times", Amount(3)
    if mod.startswith("half that many"):  # (rounded down)
        return "half", Amount(2)
    m = re.match(rf"that many plus ({_NUM})", mod)
    if m and amount(m.group(1)) is not None:
        return "plus", amount(m.group(1))
    return None


def _on(what: str) -> tuple[str | None, ObjectFilter | None] | None:
    """The object (or player) counters would be put on."""
    w = what.strip().lower()
    if w in ("a permanent or player", "a player or permanent"):
        return "any", None
    if w == "~":
        return "self", None
    w = re.sub(r"^(?:a|an|another) ", lambda mm: "another " if mm.group(0) == "another "
               else "", what.strip(), flags=re.I)
    flt = parse_filter(w)
    return None if flt is None else ("permanent", flt)


def _counters(m: re.Match[str]) -> ReplaceEvent | None:
    got = _counter_mod(m.group("mod"))
    on = _on(m.group("what")) if m.groupdict().get("what") else ("player", None)
    if got is None or on is None:
        return None
    kind = m.group("kind")
    putter = {"you": "you", "an opponent": "opponent"}.get(
        (m.groupdict().get("putter") or "").lower())
    if m.groupdict().get("what") is None:  # "If you would get one or more counters"
        putter = None
    return ReplaceEvent(event="counters", op=got[0], n=got[1], player=putter,
                        recipient=on[0], subject=on[1],
                        counter=kind.strip() if kind else None)


def _tokens(m: re.Match[str]) -> ReplaceEvent | None:
    what = (m.group("what") or "").strip()
    flt = None
    if what:
        flt = parse_filter(what)
        if flt is None:
            return None
    mod = m.group("mod").lower()
    if mod.startswith("twice that many"):
        return ReplaceEvent(event="tokens", op="times", n=Amount(2), player="you", subject=flt)
    mm = re.match(r"those tokens plus an additional (?P<tok>.+? token.*)$", m.group("mod"), re.I)
    if mm:
        got = parse_token("a " + mm.group("tok"), Ctx())
        if got is None or got[0].value != 1:
            return None
        return ReplaceEvent(event="tokens", op="extra_token", player="you", subject=flt,
                            token=got[1])
    return None


def _source(phrase: str) -> tuple[str | None, ObjectFilter | None] | None:
    """A damage source: "~", "a source [you control]", "another source you control", "a
    Giant source you control", "a red source", "enchanted/equipped creature", "a creature you
    control that entered this turn"."""
    p = phrase.strip()
    low = p.lower()
    if low in ("~", "it"):
        return "self", None
    if low in ("enchanted creature", "equipped creature"):
        return "attached", None
    src_is = None
    if low.startswith("another "):
        src_is, p = "other", p[8:]
    else:
        p = re.sub(r"^(?:a|an) ", "", p, flags=re.I)
    if re.search(r"\bsource\b", p, re.I):
        rest = re.sub(r"\s*\bsource\b\s*", " permanent ", p, flags=re.I).strip()
        flt = parse_filter(rest)
        if flt is None:
            return None
        # a source need not be a permanent (a spell deals damage too, 120.1)
        quals = tuple(q for q in flt.qualifiers if q != "permanent")
        flt = dataclasses.replace(flt, qualifiers=quals, other=False)
        return src_is, flt if (flt.card_types or flt.subtypes or flt.colors or flt.controller
                               or quals) else None
    flt = parse_filter(p)
    return None if flt is None else (src_is, flt)


def _recipient(phrase: str | None) -> tuple[str, ObjectFilter | None] | None:
    if phrase is None:
        return "any", None
    low = phrase.strip().lower()
    words = {"a permanent or player": "any", "a player or permanent": "any",
             "any target": "any", "you": "you", "an opponent": "opponent",
             "a player": "player", "~": "self", "enchanted creature": "attached",
             "equipped creature": "attached",
             "an opponent or a permanent an opponent controls": "opponent_or_permanent",
             "a permanent": "permanent"}
    if low in words:
        return words[low], None
    got = _on(phrase)
    return None if got is None else ("permanent", got[1])


def _damage(m: re.Match[str]) -> ReplaceEvent | None:
    src = _source(m.group("src"))
    to = _recipient(m.groupdict().get("to"))
    if src is None or to is None:
        return None
    mod = m.group("mod").lower()
    combat = (m.group("combat") or "").strip().lower() or None
    if mod in ("double", "twice"):
        op, n = "times", Amount(2)
    elif mod == "triple":
        op, n = "times", Amount(3)
    else:
        mm = re.fullmatch(rf"that much damage (plus|minus) ({_NUM})", mod)
        if mm is None or amount(mm.group(2)) is None:
            return None
        op, n = ("plus" if mm.group(1) == "plus" else "minus"), amount(mm.group(2))
    return ReplaceEvent(event="damage", op=op, n=n, source=src[1], source_is=src[0],
                        recipient=to[0], subject=to[1], combat=combat)


def _prevent(m: re.Match[str]) -> ReplaceEvent | None:
    src = _source(m.group("src")) if m.group("src") else (None, None)
    to = _recipient(m.group("to"))
    n = amount(m.group("n")) if m.group("n") else Amount(0)
    if src is None or to is None or n is None:
        return None
    op = "prevent_all_but" if m.group("but") or not m.group("n") else "prevent"
    return ReplaceEvent(event="damage", op=op, n=n, source=src[1], source_is=src[0],
                        recipient=to[0], subject=to[1],
                        combat=(m.group("combat") or "").strip().lower() or None)


def _redirect(m: re.Match[str]) -> ReplaceEvent | None:
    """"All [combat] damage that would be dealt to you [and other permanents you control] is
    dealt to enchanted creature / ~ instead" (614.1a)."""
    new = m.group("new").lower()
    instead = "self" if new == "~" else "attached"
    to = m.group("to").lower()
    combat = "combat" if m.group("combat") else None
    if to == "you":
        return ReplaceEvent(event="damage", op="redirect", recipient="you", instead_to=instead,
                            combat=combat)
    return None


def _token_copies(m: re.Match[str]) -> ReplaceEvent | None:
    """"The first time you would create one or more tokens each turn, you may instead create
    that many tokens that are copies of enchanted permanent" (614.1a, 707.2)."""
    of = m.group("of").lower()
    instead = "chosen" if m.group("choose") else "attached" if of in (
        "enchanted permanent", "enchanted creature", "equipped creature") else None
    if instead is None:
        return None
    return ReplaceEvent(event="tokens", op="copies", player="you", instead_to=instead,
                        first_each_turn="your_turn" if m.group("yours") else "turn",
                        optional=bool(m.group("may")))


def _draw(m: re.Match[str]) -> ReplaceEvent | None:
    """"If you would draw a card [except the first one you draw in each of your draw steps /
    while your library has no cards in it], draw two cards / skip that draw / you win the
    game instead" (614.11, 121.1)."""
    who = _WHO.get(m.group("who").lower())
    when = "empty" if m.group("empty") else "not_first_in_draw_step" if m.group("except") \
        else None
    mod = m.group("mod").lower()
    if who is None:
        return None
    mm = re.fullmatch(rf"draws? ({_NUM}) cards", mod)
    if mm and amount(mm.group(1)) is not None:
        return ReplaceEvent(event="draw", op="times", n=amount(mm.group(1)), player=who,
                            when=when)
    if "skip" in mod:
        return ReplaceEvent(event="draw", op="none", player=who, when=when)
    if "win the game" in mod:
        return ReplaceEvent(event="draw", op="win", player=who, when=when)
    return None


_MANA_LETTER = {"colorless": "C", "white": "W", "blue": "U", "black": "B", "red": "R",
                "green": "G"}


def _lose_mana(m: re.Match[str]) -> ReplaceEvent | None:
    """"If you would lose unspent mana, that mana becomes colorless instead" (500.4)."""
    return ReplaceEvent(event="lose_mana", op="becomes", player="you",
                        instead_to=_MANA_LETTER[m.group("color").lower()])


def _dice(m: re.Match[str]) -> ReplaceEvent | None:
    return ReplaceEvent(event="roll_dice", op="advantage", n=Amount(1), player="you")


_TO = r"(?: to (?P<to>.+?))?"
_FORMS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], ReplaceEvent | None]]] = [
    (re.compile(p, re.I), b) for p, b in [
        (r"if (?P<who>you|an opponent|a player) would gain life, (?:you|that player|they) "
         r"(?P<mod>gains? (?:that much life plus (?P<n>\w+)|twice that much life|three times "
         r"that much life|no life)|loses? that much life) instead", _life),
        (r"if one or more (?P<kind>\+1/\+1 |-1/-1 )?counters would be put on (?P<what>.+?), "
         r"(?P<mod>(?:that many plus \w+|twice that many|three times that many)(?: of each of "
         r"those kinds of)? (?:\+1/\+1 |-1/-1 )?counters) ?a ?re put on (?:it|that permanent|"
         r"that creature) instead", _counters),
        (r"if (?P<putter>an opponent) would put one or more counters on (?P<what>.+?), they put "
         r"(?P<mod>half that many of each of those kinds of counters) on that permanent or "
         r"player instead, rounded down(?P<kind>)", _counters),
        (r"if (?P<putter>you|an effect) would put one or more (?P<kind>\+1/\+1 |-1/-1 )?counters "
         r"on (?P<what>.+?), (?:it )?puts? (?P<mod>(?:that many plus \w+|twice that many|three "
         r"times that many)(?: of each of those kinds of| of those)? (?:\+1/\+1 |-1/-1 )?"
         r"counters) on (?:it|that permanent|that creature|that permanent or player) instead",
         _counters),
        (r"if you would get one or more counters, you get (?P<mod>(?:that many plus \w+|twice "
         r"that many)(?: of each of those kinds of)? counters) instead(?P<kind>)", _counters),
        (r"if one or more (?P<what>[\w ]+? )?tokens would be created under your control, "
         r"(?P<mod>twice that many of those tokens|those tokens plus an additional .+?) "
         r"(?:are|is) created instead", _tokens),
        (r"if (?:you|an effect) would create one or more (?P<what>[\w ]+? )?tokens(?: under "
         r"your control)?, (?:instead (?:create|it creates) (?P<mod>those tokens plus an "
         r"additional .+? token|twice that many of those tokens)|(?:it creates|create) "
         r"(?P<mod2>twice that many of those tokens) instead)", None),
        (r"if (?P<src>.+?) would deal (?P<combat>combat |noncombat )?damage" + _TO +
         r", (?:it|that source|~) deals (?P<mod>double|triple|twice|that much damage (?:plus|"
         r"minus) \w+)(?: that (?:much )?damage)?(?: to (?:that permanent or player|that player or "
         r"permanent|that creature|that player|it|that permanent))? instead", _damage),
        (r"if (?P<src>.+?) would deal (?P<combat>combat |noncombat )?damage to (?P<to>.+?), "
         r"prevent (?P<but>all but )?(?P<n>\w+) of that damage", _prevent),
        (r"prevent all (?P<combat>noncombat )damage that would be dealt to (?P<to>.+?)(?P<src>)"
         r"(?P<but>)(?P<n>)", _prevent),
        (r"all (?P<combat>combat )?damage that would be dealt to (?P<to>you) is dealt to "
         r"(?P<new>enchanted creature|equipped creature|~) instead", _redirect),
        (r"(?:as long as ~ is attached to a creature, )?"
         r"the first time you would create one or more tokens (?:each turn|(?P<yours>during "
         r"each of your turns)), (?P<may>you may )?instead (?P<choose>choose a creature other "
         r"than ~ and )?create that many tokens that are copies of (?P<of>enchanted permanent|"
         r"enchanted creature|equipped creature|that creature)", _token_copies),
        (r"if (?P<who>you|a player|an opponent) would draw a card(?P<except> except the first "
         r"one (?:you|they) draws? in each of (?:your|their) draw steps)?(?P<empty> while "
         r"(?:your|their) library has no cards in it)?, (?:(?:that player|they) )?(?P<mod>draws? "
         r"\w+ cards|skips? that draw|you win the game) instead", _draw),
        (r"if (?P<who>you|an opponent|a player) would begin an extra turn, (?:that player|you) "
         r"skips? that turn instead", lambda m: None if _WHO.get(m.group("who").lower()) is None
         else ReplaceEvent(event="extra_turn", op="none", player=_WHO[m.group("who").lower()])),
        (r"if you would lose unspent mana, that mana becomes (?P<color>colorless|white|blue|"
         r"black|red|green) instead", _lose_mana),
        (r"if you would roll one or more dice, instead roll that many dice plus one and "
         r"ignore the lowest roll", _dice),
    ]
]


def _token_form(m: re.Match[str]) -> ReplaceEvent | None:
    mod = m.group("mod") or m.group("mod2")
    fake = re.match(r"(?P<what>.*)\|(?P<mod>.*)", f"{m.group('what') or ''}|{mod}")
    return _tokens(fake) if fake else None


def replacement(text: str) -> ReplaceEvent | None:
    """One replacement sentence (no final period), or None when it is not one of these."""
    t = text.strip().rstrip(".")
    for rx, build in _FORMS:
        m = rx.fullmatch(t)
        if m:
            rep = (build or _token_form)(m)
            if rep is not None:
                return dataclasses.replace(rep, text=t)
    return None


def static_replacement(text: str) -> StaticAbility | None:
    """A static ability that is one of these replacements (604.1, 614.1a)."""
    if " would " not in text:
        return None
    rep = replacement(text)
    return None if rep is None else StaticAbility(effects=(rep,), text=text)


def timed_replacement(text: str) -> ReplaceEvent | None:
    """"Until end of turn, if ...": a resolving effect that creates the replacement (611.2a)."""
    m = re.fullmatch(r"(?:until end of turn, (?P<a>.+)|(?P<b>.+?) this turn)\.?", text.strip(),
                     re.I)
    if m is None:
        return None
    rep = replacement(m.group("a") or m.group("b"))
    if rep is None:
        return None
    return dataclasses.replace(rep, duration=Duration("end_of_turn"), text=text.strip())


_EXCESS = re.compile(r"excess damage is dealt to (?P<to>that creature's controller|that "
                     r"permanent's controller|its controller|you|that player) instead", re.I)


def _excess(t: str, effects: list[Effect]) -> bool:
    """120.4a: "Excess damage is dealt to that creature's controller instead" amends the last
    damage before it (at any depth: inside "where X is ..."): a record around it."""
    m = _EXCESS.fullmatch(t.strip().rstrip("."))
    if not m or not effects:
        return False
    who = m.group("to").lower()
    to = Ref("you", text=who) if who == "you" else Ref("controller_of", of=Ref("it"), text=who)
    new = _amend_last(effects[-1], DealDamage, lambda d: ExcessDamage(effects=(d,),
                                                                       excess_to=to, text=t))
    if new is None:
        return False
    effects[-1] = new
    return True


FOLDS.append(_excess)


_DAMAGE_TO_SELF = re.compile(
    r"if (?:damage would be dealt to (?P<to>~|you)|(?P<to2>~) would be dealt damage)"
    r"(?: while (?P<cond>.+?))?, (?:prevent that damage(?:\.| and) (?P<then>.+)|"
    r"(?P<instead>.+) instead)", re.I)


def damage_to_self(text: str, parse_effects: Callable[[str], Any],
                   parse_condition: Callable[[str], Any]) -> StaticAbility | None:
    """"If damage would be dealt to ~ [while ...], prevent that damage and/. <effects>", "If
    damage would be dealt to ~, put that many +1/+1 counters on it instead", "If damage would
    be dealt to you, prevent that damage and mill twice that many cards" (615.1, 614.1a): the
    parsers of the effects and the condition are the caller's (text/paragraphs.py)."""
    t = text.strip().rstrip(".")
    m = _DAMAGE_TO_SELF.fullmatch(t)
    if m is None:
        return None
    cond = None
    if m.group("cond"):
        cond = parse_condition(m.group("cond"))
        if cond is None:
            return None
    rest = m.group("then") or m.group("instead")
    rest = re.sub(r"^(?:R|r)emove", "remove", rest.strip())
    effects = parse_effects(rest[0].upper() + rest[1:] + ".")
    if not effects:
        return None
    to = m.group("to") or m.group("to2")
    rep = ReplaceEvent(event="damage", op="prevent_then", recipient="self" if to == "~" else "you",
                       then=tuple(effects), condition=cond, text=t)
    return StaticAbility(effects=(rep,), text=text)


_REDIRECT = re.compile(
    r"(?:the next (?P<n>\w+)|all) damage that would be dealt (?:this turn )?to (?P<from>.+?)"
    r"(?: this turn)? is dealt to (?P<to>.+?) instead", re.I)


def redirect_next(text: str, ctx: Ctx) -> RedirectDamage | None:
    """"The next N damage that would be dealt to ~ this turn is dealt to target creature you
    control instead" / "All damage that would be dealt to target creature this turn is dealt
    to you instead" (614.1a): a resolving effect that creates a redirection for this turn."""
    m = _REDIRECT.fullmatch(text.strip().rstrip("."))
    if m is None:
        return None
    n = None
    if m.group("n"):
        n = amount(m.group("n"))
        if n is None:
            return None
    mark = ctx.mark()
    src = parse_ref(m.group("from"), ctx)
    to = parse_ref(m.group("to"), ctx) if src is not None else None
    if src is None or to is None or src.kind in ("each",) or to.kind in ("each",):
        ctx.reset(mark)
        return None
    return RedirectDamage(amount=n, source_ref=src, to=to, text=text.strip())
