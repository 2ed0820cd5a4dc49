"""The grammar of face-down instructions (708), added to the verb-phrase table of
:mod:`rules_engine.text.verbs` (kept apart: that module is near the size cap).

- 701.40a "manifest the top card of your library", "manifest the top two cards of your
  library", "manifest a card from your hand", "its controller manifests the top card of their
  library";
- 701.58a "cloak the top card of your library", "cloak a card from your hand";
- 701.62a "its controller manifests dread" (the imperative "manifest dread" is a plain keyword
  action of the verbs table);
- 708.2a "turn ~ face down", 708.7 "turn target face-down creature face up", "turn it face up
  (if it's face down)"; 708.3 "return it to the battlefield face down under your control";
- "Permanents your opponents control can't be turned face up during your turn" (a static
  restriction of the special action, kinds ``cant_turn_face_up`` / ``..._your_turn``).

Each becomes a :class:`~rules_engine.abilities.KeywordAction` whose handler lives in
``rules_engine/mechanics/face_down.py``: ``name`` the action, ``amount`` how many cards,
``detail`` where they come from ("library" or "hand"), ``subject`` who manifests or what turns.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Amount, Effect, KeywordAction, Ref, Restriction
from rules_engine.text.nouns import NUM_WORD, Ctx, amount, parse_ref
from rules_engine.text.verbs import VERB_PHRASES

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]


def _from_library(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"manifest/cloak the top [N] card(s) of your library" (701.40a, 701.40e, 701.58a)."""
    raw = m.group("n")
    amt = Amount(1) if raw is None else amount(raw)
    if amt is None:
        return None
    return KeywordAction(name=m.group("verb").lower(), amount=amt, subject=s, detail="library",
                         text=m.group(0))


def _from_hand(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"manifest/cloak a card from your hand" (the player chooses the card)."""
    return KeywordAction(name=m.group("verb").lower(), amount=Amount(1), subject=s,
                         detail="hand", text=m.group(0))


def _turn(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"turn ~ face down" (708.2a), "turn target face-down creature face up" (708.7)."""
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return KeywordAction(name=f"turn face {m.group('way').lower()}", subject=ref,
                         text=m.group(0))


def _return_face_down(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"return it to the battlefield face down under your control": a 2/2 with no text, name,
    subtypes or mana cost (708.2a), turned face down before it enters (708.3)."""
    ref = parse_ref(m.group("obj"), ctx)
    if ref is None:
        return None
    return KeywordAction(name="return face down", subject=ref,
                         detail="owner" if m.group("whose") != "your" else "you",
                         text=m.group(0))


_WHOSE = r"(?:your|their|his or her|that player's)"
_SPECS: list[tuple[str, _Builder]] = [
    (rf"(?P<verb>manifest|cloak)s? the top (?:card|(?P<n>{NUM_WORD}) cards) of {_WHOSE} "
     r"library", _from_library),
    (rf"(?P<verb>manifest|cloak)s? a card from {_WHOSE} hand", _from_hand),
    (r"manifests dread", lambda s, m, c: KeywordAction(name="manifest dread", subject=s,
                                                       text=m.group(0))),
    (r"turns? (?P<obj>it|them) face (?P<way>up) if (?:it's|they're) face down", _turn),
    (r"turns? (?P<obj>.+?) face (?P<way>up|down)", _turn),
    # "When ~ dies, return it to the battlefield face down under your control" (708.3)
    (r"returns? (?P<obj>it|~) to the battlefield face down under (?P<whose>your|its owner's) "
     r"control", _return_face_down),
    # a static "can't" (101.2) on the special action of 702.37e / 701.40b
    (r"can't be turned face up(?P<yt> during your turn)?", lambda s, m, c: Restriction(
        kind="cant_turn_face_up_your_turn" if m.group("yt") else "cant_turn_face_up",
        subject=s, text=m.group(0))),
]
FACE_DOWN_PHRASES = [(re.compile(p, re.I), b) for p, b in _SPECS]
if not any(rx.pattern == FACE_DOWN_PHRASES[0][0].pattern for rx, _ in VERB_PHRASES):
    VERB_PHRASES.extend(FACE_DOWN_PHRASES)
