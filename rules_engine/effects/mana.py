"""Adding mana (106.3, 605.1).
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import registry, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _players, amount
from rules_engine.mana import chosen_color, note_added, parse_mana


def h_add_mana(ctx: Ctx, eff: ab.AddMana) -> None:
    game = ctx.game
    who = ctx.controller
    if eff.player is not None:  # "that player adds ..." (a triggered mana ability, 605.1b)
        who = (_players(ctx, eff.player) or [who])[0]
    pool = who.mana_pool
    n = amount(ctx, eff.amount)
    if eff.produced:
        # "one mana of any type that land produced": the mana of the tap that triggered it
        kind = ctx.event.data.get("mana") if ctx.event is not None else None
        if kind not in tuple("WUBRGC"):
            game.note(f"'{eff.text}': no mana produced to copy the type of")
            return
        pool[kind] = pool.get(kind, 0) + n
        return
    if eff.chosen:  # "[{W} or] one mana of the chosen color" (614.12, 106.1)
        letter = chosen_color(game, _source_obj(ctx))
        options = list(dict.fromkeys([*(c for sym in eff.choices for c in sym if c in "WUBRGC"),
                                      *([letter] if letter else [])]))
        if not options:
            game.note(f"'{eff.text}': no color was chosen")
            return
        pick = options[0] if len(options) == 1 else game.decider.choose(who.name, "mana",
                                                                          options)
        pool[pick] = pool.get(pick, 0) + n
        return
    if eff.each_color_among is not None:
        # 106.1, 105.2: one mana of each color found among those objects
        colors = {c for o in game.permanents() if targeting.matches(
            game, o, eff.each_color_among, who, None) for c in o.colors}
        for c in "WUBRG":
            if c in colors:
                pool[c] = pool.get(c, 0) + 1
        return
    if eff.any_color or eff.one_color:
        color = game.decider.choose(who.name, "mana colour", list("WUBRG"))
        pool[color] = pool.get(color, 0) + n
        return
    added: dict[str, int] = {}
    if eff.choices:
        options = list(eff.choices)
        if "chosen:color" in options:
            # "one mana of the chosen color": the colour chosen for the source as it entered
            chosen = chosen_color(game, _source_obj(ctx))
            options = [o for o in options if o != "chosen:color"] + (
                ["{" + chosen + "}"] if chosen else [])
            if not options:
                game.note(f"'{eff.text}': no color was chosen for it")
                return
        pick = game.decider.choose(who.name, "mana", options)
        for ch in pick:
            if ch in "WUBRGC":  # ("Add X {G} or X {W}": the chosen one, X times, 106.1)
                added[ch] = added.get(ch, 0) + n
    else:  # "Add {R}{R}", "add six {R}" (the symbols times the amount, 106.1)
        added = {c: k * (n if eff.amount is not None else 1)
                 for c, k in parse_mana(eff.mana).items()}
    for color, k in added.items():
        pool[color] = pool.get(color, 0) + k
        if eff.retain_until is not None:  # "you don't lose this mana as steps ... end" (500.4)
            who.kept_mana[color] = who.kept_mana.get(color, 0) + k
            if eff.retain_until.kind == "combat":  # lost again as the combat phase ends
                combat_kept = ctx.game.__dict__.setdefault("combat_kept_mana", {})
                mine = combat_kept.setdefault(who.name, {})
                mine[color] = mine.get(color, 0) + k


def h_add_mana_noted(ctx: Ctx, eff: ab.AddMana) -> None:
    """Add the mana and remember its source (106.3), for "if mana from a Treasure was spent to
    cast it" (601.2h)."""
    before = {p.name: dict(p.mana_pool) for p in ctx.game.players}
    h_add_mana(ctx, eff)
    src = _source_obj(ctx)
    for p in ctx.game.players:
        old = before.get(p.name, {})
        added = {c: n - old.get(c, 0) for c, n in p.mana_pool.items() if n > old.get(c, 0)}
        if added:
            note_added(ctx.game, p, added, src)


registry.register_effects({
    ab.AddMana: h_add_mana_noted,
})
