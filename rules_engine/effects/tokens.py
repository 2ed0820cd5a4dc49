"""Tokens and copies of cards (111, 707): the predefined tokens (111.10), token specs, entering
as a copy.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import combat, compiled, registry, targeting
from rules_engine.cards import CardDef, Face
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _objects, _players, amount
from rules_engine.game import Game
from rules_engine.objects import GameObject, Mod

_PREDEFINED = {
    "treasure": ("Treasure", "Token Artifact — Treasure",
                 "{T}, Sacrifice this token: Add one mana of any color."),
    "food": ("Food", "Token Artifact — Food", "{2}, {T}, Sacrifice this token: You gain 3 life."),
    "clue": ("Clue", "Token Artifact — Clue", "{2}, Sacrifice this token: Draw a card."),
    "gold": ("Gold", "Token Artifact — Gold", "Sacrifice this token: Add one mana of any color."),
    "blood": ("Blood", "Token Artifact — Blood",
              "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),
    "map": ("Map", "Token Artifact — Map", "{1}, {T}, Sacrifice this token: Target creature you "
            "control explores. Activate only as a sorcery."),
    "powerstone": ("Powerstone", "Token Artifact — Powerstone",
                   "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."),
    "lander": ("Lander", "Token Artifact — Lander", "{2}, {T}, Sacrifice this token: Search your "
               "library for a basic land card, put it onto the battlefield tapped, then shuffle."),
}
# 111.10j-r: the Role tokens, colorless Aura Role enchantments with enchant creature (303.7)
_ROLES = {
    "Cursed": "Enchanted creature has base power and toughness 1/1.",
    "Monster": "Enchanted creature gets +1/+1 and has trample.",
    "Royal": "Enchanted creature gets +1/+1 and has ward {1}.",
    "Sorcerer": "Enchanted creature gets +1/+1 and has \"Whenever this creature attacks, scry 1.\"",
    "Virtuous": "Enchanted creature gets +1/+1 for each enchantment you control.",
    "Wicked": "Enchanted creature gets +1/+1.\nWhen this token is put into a graveyard from the "
              "battlefield, each opponent loses 1 life.",
    "Young Hero": "Enchanted creature has \"Whenever this creature attacks, if its toughness is 3 "
                  "or less, put a +1/+1 counter on it.\"",
}
_PREDEFINED.update({f"{name.lower()} role": (name, "Token Enchantment — Aura Role",
                                             "Enchant creature\n" + text)
                    for name, text in _ROLES.items()})


def predefined_token(game: Game, name: str) -> tuple[Face, CardDef]:
    """111.10: the predefined tokens, defined from their rules text (compiled like any card)."""
    key = name.lower()
    cache = game.__dict__.setdefault("_token_defs", {}) if hasattr(game, "__dict__") else {}
    if key not in cache:
        nm, tl, text = _PREDEFINED.get(key, (name.title(), f"Token Artifact — {name.title()}",
                                             ""))
        if key not in _PREDEFINED:
            game.note(f"predefined token '{name}' is not defined here; created without abilities")
        card = CardDef.from_scryfall({"name": nm, "type_line": tl, "oracle_text": text,
                                      "layout": "token", "colors": []})
        compiled.ensure_compiled(card)
        cache[key] = (card.front, card)
    return cache[key]


def token_face(ctx: Ctx, spec: ab.TokenSpec) -> tuple[Face, CardDef | None]:
    if spec.predefined or (spec.name and spec.name.lower() in _PREDEFINED and not spec.card_types):
        return predefined_token(ctx.game, spec.name or "Treasure")
    types = tuple(t.capitalize() for t in spec.card_types) or ("Creature",)
    subtypes = tuple(spec.subtypes)
    name = spec.name or (" ".join(subtypes) + " Token" if subtypes else "Token")
    type_line = " ".join(("Token",) + tuple(spec.supertypes) + types)
    if subtypes:
        type_line += " — " + " ".join(subtypes)
    colors = tuple(c for c in "WUBRG" if c in _letters(spec.colors))
    face = Face(name=name, type_line=type_line, power=amount(ctx, spec.power, 0)
                if spec.power is not None else None,
                toughness=amount(ctx, spec.toughness, 0) if spec.toughness is not None else None,
                colors=colors, keywords=tuple(k.name for k in spec.keywords),
                supertypes=tuple(spec.supertypes), types=types, subtypes=subtypes,
                abilities=list(spec.keywords) + list(spec.abilities))
    return face, None


def _letters(colors: tuple[str, ...]) -> list[str]:
    names = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    return [names.get(c.lower(), c.upper()[:1]) for c in colors]


def copy_card_of(ctx: Ctx, original: GameObject, spec: ab.TokenSpec) -> CardDef:
    """707.8a: a token copy of a double-faced permanent is a double-faced token; each face is
    the same face of the original, with the copy effect's exceptions (707.9b)."""
    card = original.card
    assert card is not None and card.back is not None
    compiled.ensure_compiled(card)
    front = _with_exceptions(ctx, card.front, spec)
    back = _with_exceptions(ctx, card.back, spec)
    return CardDef(card.name, card.layout, front, back=back, prepare=card.prepare, raw=card.raw)


def copied_card(obj: GameObject) -> Any:
    """The card whose copiable values ``obj`` has now (707.2, 707.3: a copy of a copy copies
    what that copies): the latest copy effect's ("becomes a copy", "enter as a copy", each a
    Mod with ``copy_card``), else its own card; so the existence of a prepare spell (722.2b)
    travels with every copy."""
    latest = None
    for m in obj.mods:
        if m.copy_face is not None and (latest is None or m.timestamp >= latest.timestamp):
            latest = m
    return latest.copy_card if latest is not None and latest.copy_card is not None \
        else obj.card


def copy_face_of(ctx: Ctx, original: GameObject, spec: ab.TokenSpec) -> tuple[Face, Any]:
    """707.2: the copiable values of ``original`` with the copy effect's exceptions (707.9b),
    and the card they come from (copied_card)."""
    base = original.face
    card = copied_card(original)
    compiled.face_abilities(card, base)
    return _with_exceptions(ctx, base, spec), card


# the order card types are printed in on a type line ("Artifact Creature", "Enchantment Land")
_TYPE_ORDER = ("Kindred", "Tribal", "Artifact", "Enchantment", "Land", "Battle", "Creature",
               "Planeswalker", "Instant", "Sorcery")


def _with_exceptions(ctx: Ctx, base: Face, spec: ab.TokenSpec) -> Face:
    """707.9b: the copy's exceptions become part of its copiable values. Colors and types
    "in addition to its other colors and types" are added, otherwise they replace; "legendary"
    is added and the supertype word "nonlegendary" ("it isn't legendary") removes it (205.4);
    keywords and quoted abilities are added ("except it has haste")."""
    changes: dict[str, Any] = {}
    add = "in addition to" in (spec.except_text or "")
    if spec.power is not None:
        changes["power"] = amount(ctx, spec.power, 0)
    if spec.toughness is not None:
        changes["toughness"] = amount(ctx, spec.toughness, 0)
    if spec.colors:
        new = _letters(spec.colors) + (list(base.colors) if add else [])
        changes["colors"] = tuple(c for c in "WUBRG" if c in new)
    if spec.subtypes:
        changes["subtypes"] = tuple(dict.fromkeys(
            (base.subtypes if add else ()) + tuple(spec.subtypes)))
    if spec.card_types:
        types = set((base.types if add else ()) + tuple(t.capitalize() for t in spec.card_types))
        changes["types"] = tuple(t for t in _TYPE_ORDER if t in types) + tuple(
            sorted(types - set(_TYPE_ORDER)))
    supers = base.supertypes
    if "nonlegendary" in spec.supertypes:
        supers = tuple(x for x in supers if x != "Legendary")
    if "legendary" in spec.supertypes and "Legendary" not in supers:
        supers = ("Legendary",) + supers
    if supers != base.supertypes:
        changes["supertypes"] = supers
    if spec.keywords or spec.abilities:
        changes["keywords"] = tuple(dict.fromkeys(
            base.keywords + tuple(k.name for k in spec.keywords)))
        changes["abilities"] = list(base.abilities or []) + list(spec.keywords) + \
            list(spec.abilities)
    if spec.name:
        changes["name"] = spec.name
    if {"subtypes", "types", "supertypes"} & set(changes):
        line = " ".join(changes.get("supertypes", base.supertypes) +
                        changes.get("types", base.types))
        subs = changes.get("subtypes", base.subtypes)
        changes["type_line"] = line + (" — " + " ".join(subs) if subs else "")
    return base.copy_with(**changes) if changes else base


def h_token(ctx: Ctx, eff: ab.CreateToken) -> None:
    game = ctx.game
    n = amount(ctx, eff.amount)
    controllers = _players(ctx, eff.controller) or [ctx.controller]
    created = []
    for p in controllers:
        # 614.1a, 614.16: "twice that many of those tokens are created instead", "those
        # tokens plus an additional Food token" (effects/replace_events.py)
        face0 = token_face(ctx, eff.token)[0] if eff.token.copy_of is None else None
        data = registry.hooks.replace_event(game, "tokens", {"player": p, "amount": n,
                                                             "face": face0})
        for extra in data.get("extra", ()):
            face, card = token_face(ctx, extra)
            obj = game.create_token(p, face, tapped=False, card=card)
            created.append(obj)
            game.log("token_created", obj=obj, player=p)
        copy_of = data.get("copy_of")
        if copy_of is not None:  # "... tokens that are copies of ... instead" (614.1a)
            for _ in range(data["amount"]):
                face, card = copy_face_of(ctx, copy_of, ab.TokenSpec())
                obj = game.create_token(p, face, tapped=eff.tapped, card=card)
                created.append(obj)
                game.log("token_created", obj=obj, player=p)
            continue
        for _ in range(data["amount"]):
            spec = eff.token
            card = None
            if spec.copy_of is not None:
                originals = _objects(ctx, spec.copy_of)
                if not originals:
                    continue
                original = originals[0]
                if original.card is not None and original.card.back is not None and \
                        original.copy_values is None:
                    obj = game.create_token(p, None, tapped=eff.tapped,
                                            card=copy_card_of(ctx, original, spec),
                                            transformed=original.transformed)
                    created.append(obj)
                    game.log("token_created", obj=obj, player=p)
                    continue
                face, card = copy_face_of(ctx, original, spec)
            else:
                face, card = token_face(ctx, spec)
            obj = game.create_token(p, face, tapped=eff.tapped, card=card)
            created.append(obj)
            game.log("token_created", obj=obj, player=p)
    if eff.attacking:  # "create ... tokens that are tapped and attacking" (508.4)

        for obj in created:
            combat.enter_attacking(game, obj, obj.controller)
    ctx.those = created
    if created:
        ctx.it = created[-1]


def h_enter_as_copy(ctx: Ctx, eff: Any) -> None:
    """707.2 / 614.1c: "You may have ~ enter as a copy of a creature ...": as it enters, its
    controller chooses an object matching the filter; the permanent's copiable values
    become that object's (707.9 exceptions in words are not applied here). It stops being a
    copy when it leaves the battlefield (zone_change_replacement resets it)."""
    game = ctx.game
    obj = _source_obj(ctx)
    if not isinstance(obj, GameObject):
        return
    flt = eff.filter
    if flt is not None and flt.zone == "graveyard":
        # "as a copy of any creature card in a graveyard" (707.2: a card's copiable values)
        options = [o for p in game.living for o in p.graveyard
                   if targeting.matches(game, o, flt, ctx.controller, obj)]
    else:
        options = [o for o in game.permanents() if o is not obj and
                   targeting.matches(game, o, flt, ctx.controller, obj)]
    if not options:
        return
    # ("you may" is the MayEffect around this record: answered yes, then the choice)
    pick = game.decider.choose(ctx.controller.name, f"what {obj.name} enters as a copy of",
                               options)
    if pick is None:
        return
    face, card = copy_face_of(ctx, pick, ab.TokenSpec())
    obj.copy_values = face
    # the copy effect as a layer-1 modification too (613.2a; timestamp: as it enters, 613.7e)
    # so its copied card (722.2b: a prepare spell) is known and a later "becomes a copy"
    # ending falls back to it; cleared with the object's other modifications as it leaves
    obj.mods.append(Mod(copy_face=face, copy_card=card, until="permanent",
                        timestamp=obj.timestamp))
    game.__dict__.setdefault("entered_as_copy", []).append((obj, obj.timestamp))
    game.log("entered_as_copy", obj=obj, original=pick)


registry.register_effects({
    ab.CreateToken: h_token,
    ab.EnterAsCopy: h_enter_as_copy,
})
