""""You may have ~ enter as a copy of ..., except it's a Bird in addition to its other types and
it has flying" (707.9, 614.1c): :class:`rules_engine.records.EnterAsCopyExcept`.

The copy is made as :func:`rules_engine.effects.tokens.h_enter_as_copy` makes it; then the
exceptions are applied to the copied values themselves, since they become part of the copiable
values (707.9b: a copy of this copy has them too) - types added (205.1b) or set, keywords added.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, registry
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import amount
from rules_engine.effects.tokens import h_enter_as_copy
from rules_engine.objects import GameObject
from rules_engine.records import EnterAsCopyExcept


def _excepted(face: Any, eff: EnterAsCopyExcept, own_name: str) -> Any:
    """The copied face with the exceptions (707.9b): types, supertypes, name, colours, P/T,
    keywords and quoted abilities become part of the copiable values."""
    types = tuple(face.types)
    subtypes = tuple(face.subtypes)
    if eff.replace_types:
        types = tuple(t.capitalize() for t in eff.card_types) or types
        subtypes = tuple(eff.subtypes)
    else:
        types += tuple(t.capitalize() for t in eff.card_types if t.capitalize() not in types)
        subtypes += tuple(s for s in eff.subtypes if s not in subtypes)
    supertypes = tuple(s for s in face.supertypes if not (eff.not_legendary and
                                                          s.lower() == "legendary"))
    supertypes += tuple(s.capitalize() for s in eff.supertypes
                        if s.capitalize() not in supertypes)
    line = " ".join(supertypes + types)
    kw_names = tuple(k.name for k in eff.keywords if k.name not in face.keywords)
    abilities = list(compiled.face_abilities(None, face) if face.abilities is None
                     else face.abilities)
    abilities += [k for k in eff.keywords if k.name in kw_names]
    abilities += list(eff.abilities)  # quoted abilities it has (113.10)
    changes: dict[str, Any] = {}
    if eff.own_name:
        changes["name"] = own_name  # "its name is ~" (the copying card's own name)
    if eff.colorless:
        changes["colors"] = ()  # "it doesn't copy that creature's color" (its own is none)
    if eff.colors:
        changes["colors"] = tuple(c for c in "WUBRG" if c in eff.colors)
    if eff.power is not None:
        changes["power"], changes["toughness"] = eff.power, eff.toughness
    return face.copy_with(types=types, subtypes=subtypes, supertypes=supertypes,
                          type_line=line + (" — " + " ".join(subtypes) if subtypes else ""),
                          keywords=tuple(face.keywords) + kw_names, abilities=abilities,
                          **changes)


def _enters_with_counters(ctx: Ctx, obj: GameObject, eff: EnterAsCopyExcept) -> None:
    """"Except it enters with N additional <kind> counters on it [if it's a <type>]" (614.1c:
    part of how it enters, read against the copied characteristics)."""
    for kind, amt, card_type in eff.counters:
        if card_type and not obj.has_type(card_type.capitalize()):
            continue
        n = amount(ctx, amt, 0)
        if n > 0:
            obj.counters[kind] = obj.counters.get(kind, 0) + n
            ctx.game.log("counters_put", obj=obj, counter=kind, amount=n,
                         player=ctx.controller)


def h_enter_as_copy_except(ctx: Ctx, eff: EnterAsCopyExcept) -> None:
    obj = _source_obj(ctx)
    before = getattr(obj, "copy_values", None)
    own = obj.name if isinstance(obj, GameObject) else ""  # "its name is ~" (before copying)
    h_enter_as_copy(ctx, ab.EnterAsCopy(subject=eff.subject, filter=eff.filter, text=eff.text))
    if not isinstance(obj, GameObject) or obj.copy_values is None or obj.copy_values is before:
        return  # nothing copied (declined, or no creature to copy)
    face = _excepted(obj.copy_values, eff, own)
    obj.copy_values = face
    for mod in reversed(obj.mods):
        if getattr(mod, "copy_face", None) is not None:
            mod.copy_face = face
            break
    obj.refresh_face()
    _enters_with_counters(ctx, obj, eff)


registry.register_effects({EnterAsCopyExcept: h_enter_as_copy_except})
