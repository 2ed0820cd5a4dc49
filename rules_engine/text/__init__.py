"""Oracle text -> abilities: a grammar of pattern tables, not a class per card.

Public API: :func:`compile_card` (Scryfall object -> :class:`CompiledCard`), plus
:func:`compile_face_text` for one face's text. See :mod:`rules_engine.abilities` for the records.
"""

from rules_engine.text.compiler import (
    BadCardError,
    CompiledCard,
    CompiledFace,
    compile_card,
    compile_dungeon,
    compile_face_text,
)

__all__ = ["BadCardError", "CompiledCard", "CompiledFace", "compile_card", "compile_dungeon",
           "compile_face_text"]
