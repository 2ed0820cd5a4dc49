"""Oracle text -> abilities: a grammar of pattern tables, not a class per card.

Public API: :func:`compile_card` (Scryfall object -> :class:`CompiledCard`, per face, with
``.unsupported`` and ``.fully_supported``), :func:`compile_dungeon` (a dungeon's rooms) and
:func:`compile_face_text` for one face's text. The records are in :mod:`rules_engine.abilities`.

Modules, outermost first:

* ``compiler``   card/face entry points, dungeon and Class-level handling, caching;
* ``paragraphs`` one paragraph -> keyword / activated / triggered / replacement / static / spell;
* ``effects``    sentences and their combinators (you may, if you do, instead, otherwise, then);
* ``verbs``      the verb-phrase table (draw, deal damage, create, exile, becomes prepared, ...);
* ``tokens``     token descriptions; ``triggers``, ``conditions``, ``costs``, ``keywords``;
* ``nouns``      amounts, object filters, targets and references;
* ``normalize``  self-references to ``~``, reminder text, paragraphs, sentences;
* ``dungeons``   room lines and the exits of the four printed dungeons;
* ``coverage``   per-mechanic coverage report used by ``mtgkit coverage`` (a card is fully
  supported when it compiles fully and :func:`rules_engine.support.not_run` finds nothing the
  engine would not run).
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
