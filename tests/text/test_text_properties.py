"""Property tests: the compiler never raises on arbitrary text, and is deterministic."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.abilities import Unsupported
from rules_engine.text import compile_face_text

WORDS = ["When", "Whenever", "At", "the", "beginning", "of", "your", "upkeep", "~", "enters",
         "attacks", "dies", "target", "creature", "you", "control", "draw", "a", "card", "gain",
         "3", "life", "it", "becomes", "day", "night", "if", "it's", "neither", "nor", "may",
         "take", "initiative", "prepared", "end", "turn", "{T}:", "{2}{R},", "Add", "{G}",
         "Create", "Treasure", "token", "and", "then", "each", "opponent", "loses", "+1/+1",
         "counter", "on", "Flying,", "trample", "Ward", "{2}", "(reminder)", "instead", "\"",
         "Otherwise,", "If", "you", "do,", "choose", "one", "—", "\n•", "Wolf", "or", "Werewolf",
         ".", ",", "non-Frog", "spell", "copy", "X", "until", "of", "turn", "exile", "return"]

sentence = st.lists(st.sampled_from(WORDS), min_size=1, max_size=25).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(sentence, min_size=1, max_size=4).map("\n".join),
       st.sampled_from(["Creature — Elf", "Instant", "Sorcery", "Artifact", "Dungeon"]))
def test_never_raises_and_is_deterministic(text: str, type_line: str) -> None:
    compile_face_text.cache_clear()
    first = compile_face_text(text, "Quibble", "Quibble", type_line)
    compile_face_text.cache_clear()
    second = compile_face_text(text, "Quibble", "Quibble", type_line)
    assert first == second
    for ability in first.abilities:
        if isinstance(ability, Unsupported):
            assert ability.text  # kept verbatim, never an empty placeholder


def test_long_clause_lists_stay_fast() -> None:
    import time

    compile_face_text.cache_clear()
    start = time.process_time()
    ok = compile_face_text("You gain 1 life, " * 30 + "and draw a card.", "Q", "Q", "Sorcery")
    bad = compile_face_text("You gain 1 life, " * 30 + "and frobnicate.", "Q", "Q", "Sorcery")
    assert time.process_time() - start < 5
    assert not ok.unsupported and len(ok.abilities[0].effects) == 31
    assert bad.unsupported  # kept, not dropped, even when the search gives up
