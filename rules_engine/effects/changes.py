"""Effects that change an object's characteristics (613 layers: power/toughness, abilities,
types, copies) and the choices they read (a chosen colour, creature type, card name; class
levels, 716).
"""

from __future__ import annotations

import re
from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, registry
from rules_engine.cards import CardDef, Face
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _objects, _players, _until, amount
from rules_engine.effects.tokens import copied_card, copy_face_of
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.objects import GameObject, Mod
from rules_engine.triggers import Pending


def h_pump(ctx: Ctx, eff: ab.ModifyPT) -> None:
    for obj in _objects(ctx, eff.subject):
        obj.mods.append(Mod(amount(ctx, eff.power, 0), amount(ctx, eff.toughness, 0),
                            until=_until(eff.duration, ctx), timestamp=ctx.game.next_timestamp()))


def h_set_pt(ctx: Ctx, eff: ab.SetBasePT) -> None:
    for obj in _objects(ctx, eff.subject):
        obj.mods.append(Mod(set_pt=(amount(ctx, eff.power, 0), amount(ctx, eff.toughness, 0)),
                            until=_until(eff.duration, ctx), timestamp=ctx.game.next_timestamp()))


def h_grant(ctx: Ctx, eff: ab.GrantAbility) -> None:
    kws = tuple(k.name for k in eff.keywords)
    keywords = tuple(_with_chosen(ctx, k) for k in eff.keywords)
    if eff.subject is not None and eff.subject.kind == "that_player" and \
            (eff.subject.text or "").lower() == "they" and any(
                isinstance(o, GameObject) for o in ctx.those):
        # "Create five 2/2 Rebel tokens. They gain haste until end of turn": "they" are the
        # objects the instruction before acted on (608.2c), not a player
        affected = [o for o in ctx.those if isinstance(o, GameObject)]
    else:
        affected = _objects(ctx, eff.subject)
    for obj in affected:
        obj.mods.append(Mod(keywords=kws, abilities=tuple(eff.abilities) + keywords,
                            until=_until(eff.duration, ctx), timestamp=ctx.game.next_timestamp()))
    if affected and eff.subject is not None and eff.subject.kind == "each":
        # "Permanents you control with counters on them gain hexproof ... Prevent all damage
        # that would be dealt to those permanents this turn" (608.2c: the ones it affected)
        ctx.those = list(affected)


def _with_chosen(ctx: Ctx, kw: Any) -> Any:
    """"protection from the chosen color": the value chosen earlier in the same resolution
    (a ChooseValue effect) replaces the words (608.2c)."""
    param = kw.parameter or ""
    choice = re.search(r"the (color|card type|creature type) of your choice", param)
    if choice is not None and choice.group(1) in _VALUE_OPTIONS:
        # 608.2d: a choice the effect asks for is made as it resolves, by its controller
        options = list(_VALUE_OPTIONS[choice.group(1)])
        picked = ctx.game.decider.choose(ctx.controller.name, f"{choice.group(1)} for "
                                         f"'{kw.text or kw.name}'", options)
        from dataclasses import replace

        return replace(kw, parameter=param.replace(choice.group(0), str(picked).lower()))
    if "the chosen" not in param or not ctx.chosen:
        return kw
    value = next((v for v in reversed(ctx.chosen) if isinstance(v, str)), None)
    if value is None:
        return kw
    from dataclasses import replace

    head, _, tail = param.partition("the chosen ")
    tail = tail.split(" ", 1)[1] if " " in tail else ""
    return replace(kw, parameter=(head + value.lower() + (" " + tail if tail else "")).strip())


_VALUE_OPTIONS = {
    "color": ("white", "blue", "black", "red", "green"),
    "card type": ("artifact", "battle", "creature", "enchantment", "instant", "land",
                  "planeswalker", "sorcery", "kindred"),
    "basic land type": ("Plains", "Island", "Swamp", "Mountain", "Forest"),
}


def _faces_named(game: Game, name: str) -> list[Face]:
    """The faces that carry ``name`` as a card name: a card's own (combined split cards are
    named by their halves, 201.4b/709.4a), a back face (201.4d) or a prepare spell (722.3:
    "you may choose the alternative prepare spell's name"), found in the card pool or among
    the game's objects (a prepare spell is not a card of its own in the pool)."""
    low = name.strip().lower()
    cards: list[CardDef] = []
    found = game.cards.get(name)
    if found is not None:
        cards.append(found)
    for obj in game.all_objects():
        card = getattr(obj, "card", None)
        if isinstance(card, CardDef) and card not in cards:
            cards.append(card)
    faces: list[Face] = []
    for card in cards:
        candidates = list(card.halves) if card.halves else [card.front]
        candidates += [f for f in (card.back, card.prepare) if f is not None]
        faces += [f for f in candidates if f.name.strip().lower() == low]
    return faces


def card_name_refusal(game: Game, name: str, kind: str) -> str | None:
    """201.4 / 201.4a-b: a chosen card name must be one card name (never "A // B"), and with a
    quality ("nonland card name") a face with that name must have it, judged by that face
    alone (201.4b halves; the prepare spell's own characteristics). A name no card the engine
    can see carries is accepted: the Oracle reference (108.1) is larger than the pool."""
    if "//" in name:
        return f"201.4b: choose one name of a split card, not both ('{name}')"
    quality = kind.lower().replace("card name", "").strip()
    faces = _faces_named(game, name)
    if not faces or not quality:
        return None
    wanted = re.findall(r"(non)?(land|creature|artifact|enchantment|instant|sorcery|"
                        r"planeswalker)", quality)
    for face in faces:
        types = {t.lower() for t in face.types}
        if all((t not in types) if neg else (t in types) for neg, t in wanted):
            return None
    return f"201.4a: {name} is not the name of a {quality} card"


def h_choose_value(ctx: Ctx, eff: Any) -> None:
    """"Choose a color / card type / creature type / one of the listed options": the chosen
    value is kept for the rest of the resolution ("the chosen color") and, for "As ~ enters,
    choose ...", on the permanent (614.12, 607.2?: linked to it for as long as it stays)."""
    game = ctx.game
    chooser = (_players(ctx, eff.chooser) or [ctx.controller])[0]
    if eff.kind in ("opponent", "player") and not eff.options:
        # "choose an opponent. If that player has more cards in hand than you, ..." (608.2d):
        # the player chosen is "that player" for the rest of the resolution
        players = game.opponents(chooser) if eff.kind == "opponent" else list(game.living)
        if not players:
            return
        who = players[0] if len(players) == 1 else game.decider.choose(
            chooser.name, f"choose an {eff.kind}", players)
        ctx.it = who
        ctx.chosen = list(ctx.chosen) + [who.name]
        game.log("value_chosen", player=chooser, kind=eff.kind, value=who.name)
        return
    options = list(eff.options) or list(_VALUE_OPTIONS.get(eff.kind, ()))
    if options:
        pick = game.decider.choose(chooser.name, f"choose a {eff.kind}", options)
    else:  # a creature type or a card name: any word the script gives
        queue = game.decider.queues.get(chooser.name)
        pick = str(queue.popleft()) if queue else None
        if pick is None:
            game.note(f"no {eff.kind} chosen for '{eff.text}'")
            return
        if "card name" in eff.kind:
            refusal = card_name_refusal(game, pick, eff.kind)
            if refusal:
                raise IllegalActionError(refusal.split(":")[0], refusal)
    ctx.chosen = list(ctx.chosen) + [str(pick)]
    src = _source_obj(ctx)
    if isinstance(src, GameObject):
        game.__dict__.setdefault("chosen_values", []).append((src, src.timestamp, eff.kind,
                                                              str(pick)))
    game.log("value_chosen", player=chooser, kind=eff.kind, value=str(pick))


def h_animate(ctx: Ctx, eff: ab.Animate) -> None:
    kws = tuple(k.name for k in eff.keywords)
    animated = _objects(ctx, eff.subject)
    if len(animated) > 1:  # "... become 3/3 artifact creatures. Sacrifice them at ..." (608.2c)
        ctx.those = list(animated)
    for obj in animated:
        pt = None
        if eff.power is not None and eff.toughness is not None:
            pt = (amount(ctx, eff.power, 0), amount(ctx, eff.toughness, 0))
        granted = tuple(eff.keywords) + tuple(getattr(eff, "abilities", ()) or ())
        mod = Mod(keywords=kws, abilities=granted, set_pt=pt,
                  types=tuple(t.capitalize() for t in eff.card_types),
                  until=_until(eff.duration, ctx), timestamp=ctx.game.next_timestamp())
        # 105.3 / 205.1a (layers 5 and 4): "becomes a blue Frog" sets its colors and creature
        # types, once objects.Mod can carry them (animate_sets_characteristics)
        if getattr(eff, "set_types", False):
            mod.types = ()
            mod.set_types = tuple(t.capitalize() for t in eff.card_types)
        if eff.colors and "colors" in Mod.__slots__:
            mod.colors = tuple(_COLOR_LETTERS.get(c.lower(), c) for c in eff.colors)
        if eff.subtypes and getattr(eff, "additional", False):
            mod.add_subtypes = tuple(eff.subtypes)  # 205.1b: "in addition to its other types"
        elif eff.subtypes and "subtypes" in Mod.__slots__:
            mod.subtypes = tuple(eff.subtypes)
        obj.mods.append(mod)
        ctx.game.log("animated", obj=obj, text=eff.text)


_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
                  "colorless": ""}


def h_set_class_level(ctx: Ctx, eff: Any) -> None:
    """716.2a-c: a Class's level ability gives it the new level; its abilities gated "level N+"
    apply from then on (statics look at conditions.class_level), and "When this Class becomes
    level N" triggers now (716.2c)."""
    game = ctx.game
    obj = _source_obj(ctx)
    if not isinstance(obj, GameObject) or obj.zone != "battlefield":
        return
    if conditions.class_level(game, obj) >= eff.level:
        return
    game.__dict__.setdefault("class_levels", []).append((obj, obj.timestamp, eff.level))
    game.log("class_level_gained", obj=obj, level=eff.level)
    for abl in _class_triggers(obj):
        trig = abl.trigger
        if trig.ordinal in (None, eff.level):
            game.pending_triggers.append(Pending(obj.name, obj, obj.controller, abl.effects,
                                                 ability=abl))


def _class_triggers(obj: GameObject) -> list[Any]:
    """Triggered abilities "When this Class becomes level N", printed or behind a level bar."""
    found = []
    for a in compiled.object_abilities(obj):
        pool = [a]
        if isinstance(a, ab.StaticAbility):
            pool = [g for e in a.effects if isinstance(e, ab.GrantAbility) for g in e.abilities]
        found += [g for g in pool if isinstance(g, ab.TriggeredAbility)
                  and g.trigger.event == "class_level"]
    return found


def h_lose_ability(ctx: Ctx, eff: Any) -> None:
    """613.1f: "loses flying / all abilities [until end of turn]": a modification in timestamp
    order; compiled.object_abilities and has_keyword leave the lost abilities out. (A static
    ability lost this way still applies: statics.py reads the face's own list.)"""
    game = ctx.game
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            obj.mods.append(Mod(abilities=(eff,), until=_until(eff.duration, ctx),
                                timestamp=game.next_timestamp()))
            game.log("lost_abilities", obj=obj, text=eff.text)


def h_become_copy(ctx: Ctx, eff: ab.BecomeCopy) -> None:
    """707.2 / 613.2a (layer 1a): "<permanent> becomes a copy of <object> [until end of turn]":
    it takes that object's copiable values (what the object is copying, 707.3, never its
    non-copy modifications, counters or status), including the existence of a prepare spell
    (722.2b, kept as the copied card); designations such as prepared are not copied. It
    stays the same object (707.4: no enters or leaves-the-battlefield triggers)."""
    game = ctx.game
    originals = [o for o in _objects(ctx, eff.of) if isinstance(o, GameObject)]
    if not originals:
        return
    original = originals[0]
    face, source_card = copy_face_of(ctx, original, ab.TokenSpec())
    for obj in _objects(ctx, eff.subject):
        if obj.zone != "battlefield" or obj is original:
            continue
        obj.mods.append(Mod(copy_face=face, copy_card=source_card,
                            until=_until(eff.duration, ctx), timestamp=game.next_timestamp()))
        obj.refresh_face()
        game.log("became_copy", obj=obj, original=original)


def copy_source_card(obj: GameObject) -> Any:
    """The card whose values ``obj`` has now (707.2): the latest copy effect's, else its own
    card (a token copy is made with the original's card); see tokens.copied_card."""
    return copied_card(obj)


def h_set_types(ctx: Ctx, eff: ab.SetTypes) -> None:
    """"Until end of turn, target creature is a Treasure artifact with '...' and loses all
    other abilities": one modification over layers 4-6 (613.6), timestamp order (613.7b).
    Static ones are applied by statics.apply."""
    game = ctx.game
    colors = None
    if eff.colors is not None:
        colors = tuple(_COLOR_LETTERS.get(c.lower(), c) for c in eff.colors
                       if c.lower() != "colorless")
    lost = (ab.LoseAbility(subject=eff.subject, all_abilities=True, duration=None,
                           text=eff.text),) if eff.lose_abilities else ()
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            obj.mods.append(Mod(abilities=lost + tuple(eff.abilities),
                                set_types=eff.card_types or None,
                                subtypes=eff.subtypes or None, colors=colors,
                                until=_until(eff.duration, ctx),
                                timestamp=game.next_timestamp()))
            game.log("types_set", obj=obj, text=eff.text)


registry.register_effects({
    ab.ModifyPT: h_pump,
    ab.SetBasePT: h_set_pt,
    ab.GrantAbility: h_grant,
    ab.Animate: h_animate,
    ab.SetTypes: h_set_types,
    ab.BecomeCopy: h_become_copy,
    ab.SetClassLevel: h_set_class_level,
    ab.ChooseValue: h_choose_value,
    ab.LoseAbility: h_lose_ability,
})
