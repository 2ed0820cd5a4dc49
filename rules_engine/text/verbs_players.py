"""Verb phrases whose subject is a player, appended to the verb-phrase table
(:data:`rules_engine.text.effects.VERB_PHRASES`) like :mod:`rules_engine.text.verbs_decks`
(helper eff1, issue 12). Each works for every player subject the noun grammar reads ("you",
"target player", "target opponent", "each player", "each opponent", "that player", "its
controller" ...):

- "have <player> <verb phrase>" ("you may have target player discard a card", "... have target
  opponent sacrifice a creature", "... have its controller create a token"): the named player
  performs the instruction (608.2c); the main table's "have <object> ..." knows only the verbs
  an object undergoes;
- "<player> get(s) N poison / experience counters" (122.1: counters on a player; poison ten
  or more loses the game, 704.5c);
- "<player> loses half their life, rounded up/down" (119.3 with 107.1a rounding);
- "<player>'s life total becomes N", "have your life total become N" (119.5: the player gains
  or loses the difference);
- "<player> sacrifices <objects> of their choice" (701.21a: the sacrificing player chooses;
  the words only repeat it);
- "<object> becomes <color(s)>" / "becomes all colors" (105.3, layer 5: the new colors replace
  the old, for the duration the clause names);
- "each player reveals the top card of their library", "target opponent reveals the top X
  cards of their library" (701.20a; "revealed this way" counts them all, 608.2c);
- "you may play an additional land this turn", "... up to two / X additional lands this turn"
  (305.2a: a permission for this turn, not a choice made as the effect resolves);
- "<player> puts a card from their hand on top of their library" (the player named chooses
  the card, 608.2d);
- "target creature's owner puts it on their choice of the top or bottom of their library",
  "you may put it on the top or bottom of its owner's library" (608.2d: the player the
  sentence names chooses);
- "target player reveals a card at random from their hand" (701.20a);
- "target opponent chooses a creature they control" (608.2d: that player chooses, not you; one
  player only: "each opponent chooses" is a choice of each, not read here);
- "you get that many {E}" (107.14, 122.1: energy counters, as many as the earlier count);
- "return ~ from your graveyard to the battlefield attached to that creature" (303.4f-h);
- "You can't lose the game and your opponents can't win the game", "You don't lose the game
  for having 0 or less life" (static restrictions of players: 104.3, 104.2b, 704.5a; read by
  ``mechanics.leave_game.lose`` and ``sba.check_once``);
- "you choose a nonland card from that player's graveyard or hand" (608.2d: among both zones).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import (
    Amount,
    ChooseCard,
    Effect,
    LoseLife,
    PutCounters,
    Ref,
    Restriction,
    SetTypes,
)
from rules_engine.records import (
    ChooseFromZones,
    ExtraLandPlays,
    PutFromHandOnTop,
    PutTopOrBottom,
    ReturnAttached,
    RevealAtRandom,
    RevealTop,
    SetLifeTotal,
)
from rules_engine.text.nouns import NUM_WORD, Ctx, amount, parse_filter, parse_ref

_Result = Effect | tuple[Effect, ...] | None
_Builder = Callable[[Ref, re.Match[str], Ctx], _Result]

# Ref kinds that name players (rules_engine.effects.core.resolve_ref)
_PLAYER_KINDS = frozenset({"you", "that_player", "player_each", "opponent_each",
                           "player_each_other", "defending_player", "active_player",
                           "controller_of", "owner_of", "enchanted"})
_COLOR = r"(?:white|blue|black|red|green)"
_ALL_COLORS = ("white", "blue", "black", "red", "green")


def is_player(ref: Ref) -> bool:
    """Whether ``ref`` names one or more players (not objects)."""
    if ref.kind == "target":
        return ref.target is not None and ref.target.kind in ("player", "opponent")
    if ref.kind == "enchanted":
        return "player" in (ref.text or "").lower()
    return ref.kind in _PLAYER_KINDS


def _grammar():
    """The sentence grammar (imported late: it imports this table)."""
    from rules_engine.text import effects

    return effects


def _have_player_do(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"(you may) have target player mill two cards": that player follows the instruction
    (608.2c); the verb is in its bare form, which the table's patterns accept."""
    who = parse_ref(m.group("who"), ctx)
    if who is None or not is_player(who) or who.kind == "you":
        return None
    return _grammar().parse_vp(who, m.group("vp"), ctx)


def _player_counters(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """122.1: "target opponent gets two poison counters", "you get an experience counter"."""
    n = amount(m.group("n"))
    if n is None or not is_player(s):
        return None
    return PutCounters(subject=s, counter=m.group("kind").lower(), amount=n, text=m.group(0))


def _half_life(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """119.3, 107.1a: "each player loses half their life, rounded up": each loses half of
    their own life total, rounded as the text says."""
    if not is_player(s):
        return None
    way = m.group("way").lower()
    return LoseLife(player=s, amount=Amount(text=f"half their life total, rounded {way}"),
                    text=m.group(0))


def _life_becomes(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """119.5: "target player's life total becomes 10", "each player's life total becomes the
    number of creatures they control": the player gains or loses the difference. Read with
    the implied subject "you" on the whole sentence, the player named before "'s"."""
    if s.kind != "you":
        return None
    whose = m.group("who").strip()
    low = whose.lower()
    who = Ref("you") if low in ("your", "you") else parse_ref(whose, ctx)
    if who is None or not is_player(who):
        return None
    raw = m.group("n").strip()
    n = amount(raw) if re.fullmatch(NUM_WORD, raw, re.I) else Amount(text=raw)
    if n is None:
        return None
    return SetLifeTotal(player=who, amount=n, text=m.group(0))


def _sacrifice_their_choice(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.21a: "target opponent sacrifices a creature of their choice" is the sacrifice the
    player makes anyway (the sacrificing player chooses)."""
    if not is_player(s) or s.kind == "you":
        return None
    return _grammar().parse_vp(s, f"sacrifices {m.group('what')}", ctx)


def _becomes_colors(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """105.3 (layer 5, 613.1e): "target creature becomes blue [until end of turn]", "becomes
    white and black", "becomes all colors": the named colors replace its colors. Only for
    permanents: a spell's color changes are not modelled, so "target spell or permanent" stays
    unsupported."""
    if is_player(s) or s.kind == "you":
        return None
    if s.target is not None and "spell" in (s.target.text or "").lower():
        return None
    words = m.group("colors").lower()
    colors = _ALL_COLORS if words == "all colors" else tuple(
        c for c in re.split(r",? and |, ", words) if c)
    return SetTypes(subject=s, colors=colors, duration=None, text=m.group(0))


def _reveal_top(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.20a: "each player reveals the top card of their library"."""
    n = amount(m.group("n")) if m.group("n") else Amount(1)
    if n is None or not is_player(s) or s.kind == "you":
        return None
    return RevealTop(player=s, amount=n, text=m.group(0))


def _extra_lands(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """305.2a: "you may play an additional land this turn" (read on the whole sentence, so
    the "may" is the permission's, not a question as the effect resolves)."""
    if s.kind != "you":
        return None
    n = amount(m.group("n"))
    if n is None:
        return None
    return ExtraLandPlays(player=s, amount=n, text=m.group(0))


def _hand_on_top(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"target opponent puts a card from their hand on top of their library" (608.2d)."""
    n = amount(m.group("n"))
    if n is None or not is_player(s) or s.kind == "you":
        return None
    return PutFromHandOnTop(player=s, amount=n, text=m.group(0))


def _owner_top_or_bottom(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"Target creature's owner puts it on their choice of the top or bottom of their
    library": read on the whole sentence (implied subject "you"), the owner of the target
    chooses."""
    if s.kind != "you":
        return None
    obj = parse_ref(m.group("obj"), ctx)
    if obj is None or is_player(obj):
        return None
    return PutTopOrBottom(subject=obj, chooser=Ref("owner_of", of=obj, text="its owner"),
                          text=m.group(0))


def _top_or_bottom(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """"(you may) put it on the top or bottom of its owner's library": the subject chooses."""
    if not is_player(s):
        return None
    obj = parse_ref(m.group("obj"), ctx)
    if obj is not None and obj.kind == "it" and s.kind == "owner_of" and s.of is not None:
        obj = s.of  # "the owner of target nonland permanent puts it ...": that permanent
    if obj is None or is_player(obj):
        return None
    return PutTopOrBottom(subject=obj, chooser=s, text=m.group(0))


def _reveal_at_random(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """701.20a: "target opponent reveals a card at random from their hand"."""
    if not is_player(s) or s.kind in ("player_each", "opponent_each"):
        return None
    return RevealAtRandom(player=s, text=m.group(0))


def _chooses_theirs(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """608.2d: "target opponent chooses a creature they control": the filter is read for the
    chooser ("you control" from that player's side, as ``effects.library.h_choose_card``
    matches it), later "that creature"."""
    if m.group("who"):  # (the sentence's subject: "chooses" does not split a clause)
        if s.kind != "you":
            return None
        s = parse_ref(m.group("who"), ctx)
    if s is None or not is_player(s) or s.kind in ("you", "player_each", "opponent_each",
                                                   "player_each_other"):
        return None
    flt = parse_filter(f"{m.group('what')} you control")
    if flt is None:
        return None
    return ChooseCard(chooser=s, filter=flt, zone="battlefield", owner=s, text=m.group(0))


def _that_many_energy(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """107.14: "you get that many {E}" (the count of the instruction or event before)."""
    n = amount("that many")
    if n is None or not is_player(s):
        return None
    return PutCounters(subject=s, counter="energy", amount=n, text=m.group(0))


def _return_attached(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """303.4f: "return ~ from your graveyard to the battlefield attached to that creature"."""
    if s.kind != "you":
        return None
    zone = "hand" if m.group("verb").lower() == "put" else "graveyard"
    obj = Ref("self", text="~") if m.group("obj") == "~" else parse_ref(
        f"{m.group('obj')} from your {zone}", ctx)  # "target Equipment card" (115.1)
    to = parse_ref(m.group("to"), ctx)
    if obj is None or to is None or is_player(to):
        return None
    if zone == "hand":  # "put an Aura card from your hand onto the battlefield attached to it"
        return ReturnAttached(subject=obj, to_zone="battlefield", from_zone="hand",
                              attach_to=to, text=m.group(0))
    return ReturnAttached(subject=obj, to_zone="battlefield",
                          from_zone="graveyard", attach_to=to, text=m.group(0))


def _game_result(kind: str) -> _Builder:
    def build(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
        """104.3 / 104.2b / 704.5a: a player's loss or win held back by a static ability."""
        if not is_player(s):
            return None
        return Restriction(kind=kind, subject=s, text=m.group(0))
    return build


def _choose_from_zones(s: Ref, m: re.Match[str], ctx: Ctx) -> _Result:
    """608.2d: "you choose a nonland card from that player's graveyard or hand"."""
    if s.kind != "you":
        return None
    flt = parse_filter(m.group("what"))
    if flt is None:
        return None
    zones = tuple(z.lower() for z in (m.group("z1"), m.group("z2")))
    owner = Ref("you") if m.group("whose").lower() == "your" else Ref("that_player")
    return ChooseFromZones(chooser=s, filter=flt, zones=zones, owner=owner, text=m.group(0))


VP_SPECS: list[tuple[str, _Builder]] = [
    (r"have (?P<who>.+?) (?P<vp>(?:discard|mill|draw|sacrifice|reveal|create|exile|search|"
     r"shuffle|look|scry|surveil|tap|untap|investigate|pay)\b.+)", _have_player_do),
    (rf"gets? (?P<n>{NUM_WORD}) (?P<kind>poison|experience) counters?", _player_counters),
    (r"loses? half (?:their|his or her|your) life(?: total)?, rounded (?P<way>up|down)",
     _half_life),
    (r"(?:have )?(?P<who>.+?)(?:'s)? life total (?:becomes?|become) (?P<n>.+)", _life_becomes),
    (r"sacrifices? (?P<what>.+?) of (?:their|his or her) choice", _sacrifice_their_choice),
    (rf"becomes? (?P<colors>all colors|{_COLOR}(?:(?:,| and|, and) {_COLOR})*)", _becomes_colors),
    (rf"reveals? the top (?:card|(?P<n>{NUM_WORD}) cards) of (?:their|his or her) library",
     _reveal_top),
    (rf"(?:(?:you )?may )?play (?:up to )?(?P<n>an|{NUM_WORD}) additional lands? this turn",
     _extra_lands),
    (rf"puts? (?P<n>{NUM_WORD}) cards? from (?:their|his or her) hand on top of (?:their|his or "
     r"her) library", _hand_on_top),
    (r"(?P<obj>target .+?)'s owner puts it on (?:their choice of )?the top or bottom of (?:their|"
     r"his or her) library", _owner_top_or_bottom),
    (r"puts? (?P<obj>it|that card|that creature|that permanent|~|target .+?) on (?:their choice "
     r"of )?the top or bottom of (?:its owner's|their|his or her) library", _top_or_bottom),
    (r"reveals? a card at random from (?:their|his or her) hand", _reveal_at_random),
    (r"(?:(?P<who>target (?:player|opponent)|that player|defending player|that opponent) )?"
     r"chooses? an? (?P<what>[a-z -]+?) (?:they|he or she) controls?", _chooses_theirs),
    (r"gets? that many \{E\}", _that_many_energy),
    (r"(?:you )?choose an? (?P<what>[a-z -]+?) from (?P<whose>that player's|their|your) "
     r"(?P<z1>graveyard|hand) or (?P<z2>graveyard|hand)", _choose_from_zones),
    (r"can't lose the game", _game_result("cant_lose_game")),
    (r"can't win the game", _game_result("cant_win_game")),
    (r"(?:don't|doesn't) lose the game for having 0 or less life",
     _game_result("no_loss_at_zero_life")),
    (r"(?P<verb>put) (?P<obj>an? [\w -]+? card) from your hand onto the battlefield "
     r"attached to (?P<to>that creature|it|~|target .+|an? .+ you control)", _return_attached),
    (r"(?P<verb>return) (?P<obj>~|(?:up to \w+ )?target .+?) from your graveyard to the "
     r"battlefield attached to (?P<to>that creature|it|~|target .+|an? .+ you control)",
     _return_attached),
]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
