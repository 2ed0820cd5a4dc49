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
from rules_engine.effects.tokens import h_enter_as_copy
from rules_engine.objects import GameObject
from rules_engine.records import EnterAsCopyExcept


def _excepted(face: Any, eff: EnterAsCopyExcept) -> Any:
    """The copied face with the exceptions (707.9b)."""
    types = tuple(face.types)
    subtypes = tuple(face.subtypes)
    if eff.replace_types:
        types = tuple(t.capitalize() for t in eff.card_types) or types
        subtypes = tuple(eff.subtypes)
    else:
        types += tuple(t.capitalize() for t in eff.card_types if t.capitalize() not in types)
        subtypes += tuple(s for s in eff.subtypes if s not in subtypes)
    line = " ".join(tuple(face.supertypes) + types)
    kw_names = tuple(k.name for k in eff.keywords if k.name not in face.keywords)
    abilities = list(compiled.face_abilities(None, face) if face.abilities is None
                     else face.abilities)
    abilities += [k for k in eff.keywords if k.name in kw_names]
    return face.copy_with(types=types, subtypes=subtypes,
                          type_line=line + (" — " + " ".join(subtypes) if subtypes else ""),
                          keywords=tuple(face.keywords) + kw_names, abilities=abilities)


def h_enter_as_copy_except(ctx: Ctx, eff: EnterAsCopyExcept) -> None:
    obj = _source_obj(ctx)
    before = getattr(obj, "copy_values", None)
    h_enter_as_copy(ctx, ab.EnterAsCopy(subject=eff.subject, filter=eff.filter, text=eff.text))
    if not isinstance(obj, GameObject) or obj.copy_values is None or obj.copy_values is before:
        return  # nothing copied (declined, or no creature to copy)
    face = _excepted(obj.copy_values, eff)
    obj.copy_values = face
    for mod in reversed(obj.mods):
        if getattr(mod, "copy_face", None) is not None:
            mod.copy_face = face
            break
    obj.refresh_face()


registry.register_effects({EnterAsCopyExcept: h_enter_as_copy_except})
