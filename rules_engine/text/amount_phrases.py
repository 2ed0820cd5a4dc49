"""Counts written "a number of <things> equal to <amount>" (107.3-style definitions), read as the
verb phrase "<verb> X <things> ..." inside "where X is <amount>" (a ``WithX``, the record of
"..., where X is ...") (helper amt).

One shape for every verb that takes a count: "put a number of +1/+1 counters equal to its
power on up to one target creature", "create a number of 1/1 Spirit tokens equal to that
card's mana value", "exile a number of cards from the top of your library equal to its power",
"remove a number of loyalty counters equal to that card's mana value from ~", "search your
library for a number of Plains cards equal to the difference", "put loyalty counters on ~
equal to that creature's toughness", "you get an amount of {E} equal to ...", "exile cards
from the top of your library equal to ...", "deals damage equal to ... to target player and
that much damage to up to one target creature".

Where the amount ends is not marked ("equal to the number of charge counters on ~ on target
creature"): :func:`equal_to_candidates` lists each reading, shortest amount first, and the
sentence grammar keeps the first one it understands.
"""

from __future__ import annotations

import re

_COUNTED = re.compile(r"^(?P<head>.*?\b)(?:a |an )?(?:number|amount) of (?P<noun>.+?) equal to "
                      r"(?P<rest>.+)$", re.I)
# "put loyalty counters on ~ equal to that creature's toughness"
_COUNTERS_ON = re.compile(r"^(?P<head>.*?\bput )(?P<noun>[^ ]+ counters) (?P<where>on .+?) equal "
                          r"to (?P<rest>.+)$", re.I)
# words after the amount that begin the rest of the verb phrase
_AFTER = re.compile(r" (?=(?:on|onto|from|into|to|among|at|in|under|with|and|then)\b)|, (?=then\b)",
                    re.I)


# "exile cards from the top of your library equal to <A>": "exile the top X cards of ..."
_FROM_TOP = re.compile(r"^(?P<head>.*?\b)(?P<verb>exiles?|mills?|reveals?|puts?) cards from the "
                       r"top of (?P<whose>your|their|that player's|target player's|his or her) "
                       r"library "
                       r"equal to (?P<amt>.+)$", re.I)
# "deals damage equal to <A> to <R1> and that much damage to <R2>"
_THAT_MUCH = re.compile(r"^(?P<head>.*?\bdeals?) damage equal to (?P<rest>.+) and that much "
                        r"damage to (?P<r2>.+)$", re.I)


def equal_to_candidates(sentence: str) -> list[tuple[str, str]]:
    """The readings of a verb phrase with "a number of ... equal to <amount>" as ("<verb> X
    ...", "<amount>") (none when it has no such count, already says X, or the amount says
    X)."""
    t = sentence.strip().rstrip(".")
    if re.search(r"\bwhere X is\b|\bX\b", t):
        return []
    m = _FROM_TOP.match(t)
    if m:
        return [(f"{m.group('head')}{m.group('verb')} the top X cards of {m.group('whose')} "
                 "library", m.group("amt"))]
    m = _THAT_MUCH.match(t)
    if m:
        rest = m.group("rest")
        return [(f"{m.group('head')} X damage to {rest[c.end():]} and X damage to "
                 f"{m.group('r2')}", rest[:c.start()]) for c in re.finditer(r" to ", rest)]
    m = _COUNTERS_ON.match(t)
    if m:
        return [(f"{m.group('head')}X {m.group('noun')} {m.group('where')}", m.group("rest"))]
    m = _COUNTED.match(t)
    if m is None:
        return []
    rest = m.group("rest")
    out = []
    for cut in [c.start() for c in _AFTER.finditer(rest)] + [len(rest)]:
        amount, tail = rest[:cut].strip(), rest[cut:]
        if not amount or re.search(r",? then\b", amount, re.I):
            continue  # (the next instruction is never part of the amount)
        out.append((f"{m.group('head')}X {m.group('noun')}{tail}", amount))
    return out


_EACH_OPPONENT = re.compile(r"^for each opponent, (?P<rest>.+)$", re.I)


def each_opponent_in_two_player_game(sentence: str) -> str | None:
    """"For each opponent, destroy up to one target creature that player controls" read in a
    two-player game, the engine's game (102.1): the one opponent, so "destroy up to one target
    creature an opponent controls" (601.2c: one target for that opponent). Only sentences that
    speak of "that player"/"that opponent" (the repetition's player) change; None otherwise."""
    m = _EACH_OPPONENT.match(sentence.strip())
    if m is None or not re.search(r"\bthat (?:player|opponent)\b", m.group("rest"), re.I):
        return None
    rest = m.group("rest")
    rest = re.sub(r"\bthat (?:player|opponent)'s\b", "an opponent's", rest, flags=re.I)
    rest = re.sub(r"\bthat (?:player|opponent) controls\b", "an opponent controls", rest,
                  flags=re.I)
    if re.search(r"\bthat (?:player|opponent)\b", rest, re.I):
        return None  # ("attacking that opponent": a player reference the rewrite doesn't read)
    return rest


_DAMAGE_EQUAL = re.compile(r"^(?P<head>.*?\bdeals?) damage equal to (?P<rest>.+)$", re.I)


def damage_equal_candidates(phrase: str) -> list[tuple[str, str]]:
    """"~ deals damage equal to the highest mana value among Equipment attached to it to any
    target": where the amount ends is each " to " in turn, read as ("deals X damage to <R>",
    "<amount>"); asked only after the verb-phrase table did not read the phrase."""
    t = phrase.strip().rstrip(".")
    m = _DAMAGE_EQUAL.match(t)
    if m is None or re.search(r"\bX\b", t):
        return []
    rest = m.group("rest")
    return [(f"{m.group('head')} X damage to {rest[c.end():]}", rest[:c.start()])
            for c in re.finditer(r" to ", rest)][::-1]


__all__ = ["damage_equal_candidates", "each_opponent_in_two_player_game",
           "equal_to_candidates"]
