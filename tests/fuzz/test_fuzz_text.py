"""Fuzz the Oracle-text compiler (issue 10 item 4): on any text it returns abilities, what it
cannot read being an ``Unsupported`` clause; it never raises, and its last-resort guard
(compile_face_text turning an exception into an Unsupported "compiler error") is never what
saves it: a guarded exception is a grammar bug, so the properties below fail on it too.
Inputs: real Oracle fragments (tests/fuzz/oracle_fragments.py) joined and cut at odd places,
plus raw text; the crashes found are replayed from tests/fuzz/corpus/text/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.abilities import Unsupported
from rules_engine.support import not_run
from rules_engine.text import compile_card, compile_face_text
from rules_engine.text.coverage import measure
from tests.fuzz.fuzzing import corpus, fuzz_settings, ids, time_limit
from tests.fuzz.oracle_fragments import fragments, type_lines

JOINERS = (" ", ". ", ", ", "\n", ": ", " — ", "", " and ", " then ", " (", ")", " [", "]",
           "{", "}", " ~ ", "\n\n", " • ", " | ", "+ | ", ".\n")
ODD = "{}[]()~—•|:+-/\\.,;'\"0123456789XxY\n\t \u00a0\u2212\u2014ア"
NAMES = ("Quibble", "Bad Cleave", "A // B", "~", "X", "(", "[", "Plains", "Fire // Ice")


@st.composite
def oracle_texts(draw: st.DrawFn) -> str:
    """Fragments of real text joined by odd separators, then maybe cut or spliced."""
    parts = draw(st.lists(st.tuples(st.sampled_from(fragments()), st.sampled_from(JOINERS)),
                          min_size=1, max_size=8))
    text = "".join(a + b for a, b in parts)
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(("cut", "insert", "drop", "repeat")))
        if kind == "cut":
            text = text[:i]
        elif kind == "insert":
            text = text[:i] + draw(st.text(ODD, min_size=1, max_size=4)) + text[i:]
        elif kind == "drop":
            text = text[:i] + text[i + draw(st.integers(1, 5)):]
        else:
            text = text[:i] + text[i:i + 20] * draw(st.integers(2, 6)) + text[i:]
    return text


TEXTS = st.one_of(oracle_texts(), st.text(max_size=120), st.text(ODD, max_size=80))


def _check(text: str, name: str, type_line: str) -> None:
    with time_limit(60, f"compiling {text[:60]!r}"):
        face = compile_face_text(text, name, name, type_line)
    for ability in face.abilities:
        if isinstance(ability, Unsupported):
            assert isinstance(ability.text, str)
            assert not ability.reason.startswith("compiler error"), ability.reason
    assert isinstance(face.unsupported, tuple)


@fuzz_settings(examples=500)
@given(text=TEXTS, name=st.sampled_from(NAMES), type_line=st.sampled_from(type_lines()))
def test_compiler_never_raises(text: str, name: str, type_line: str) -> None:
    _check(text, name, type_line)


@fuzz_settings(examples=80)
@given(texts=st.lists(TEXTS, min_size=1, max_size=3), type_line=st.sampled_from(type_lines()))
def test_coverage_never_crashes(texts: list[str], type_line: str) -> None:
    """What ``mtgkit coverage`` does per card (compile, then ask the engine tables what it
    would not run, then rank) finishes on any card, multi-face ones too."""
    faces = [{"name": f"Face {i}", "type_line": type_line, "oracle_text": t}
             for i, t in enumerate(texts)]
    card = {"name": " // ".join(f["name"] for f in faces), "card_faces": faces,
            "type_line": type_line} if len(faces) > 1 else \
        {"name": "Fuzz", "type_line": type_line, "oracle_text": texts[0]}
    compiled = compile_card(card)
    not_run(compiled)
    report = measure([card], lambda c: [], ("day_night",), rank_all=True)
    assert report.totals.cards == 1


def test_worst_case_text_is_bounded() -> None:
    """The limits bound the time a face can take: a text of MAX_TEXT_CHARS made of paragraphs
    at MAX_PARAGRAPH_CHARS of the slowest shape known (", "-joined clauses, cubic in the
    length) compiles in bounded time; longer ones are Unsupported unread."""
    import time

    from rules_engine.text.compiler import MAX_TEXT_CHARS
    from rules_engine.text.effects import MAX_PARAGRAPH_CHARS

    para = ("Target creature gets +1/+1, " * 40)[:MAX_PARAGRAPH_CHARS - 1]
    text = "\n".join([para] * 10)[:MAX_TEXT_CHARS]
    compile_face_text.cache_clear()
    t0 = time.process_time()
    face = compile_face_text(text, "Fuzz", "Fuzz", "Instant")
    assert time.process_time() - t0 < 30  # CPU seconds; about 2 on an idle machine
    assert face.unsupported
    over = compile_face_text(text + "x" * MAX_TEXT_CHARS, "Fuzz", "Fuzz", "Instant")
    assert [a.reason for a in over.abilities] == [
        f"text of {len(text) + MAX_TEXT_CHARS:,} characters, over the 2,500 the compiler reads"]


CORPUS = corpus("text", ".json")


@pytest.mark.parametrize("path", CORPUS, ids=ids(CORPUS))
def test_text_corpus(path: Path) -> None:
    """Every input the fuzzing found a crash with (and the seeds): compiles without raising
    and without the last-resort guard."""
    case = json.loads(path.read_text(encoding="utf-8"))
    _check(case["text"], case.get("name", "Fuzz"), case.get("type_line", ""))


def test_coverage_command_on_the_issue_card(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """Issue 10: ``mtgkit coverage`` crashed (RecursionError) on a card reading ``Cleave {1} [x``;
    it now lists the clause as unsupported."""
    from mtgkit.cli import main

    card = {"object": "card", "id": "00000000-0000-4000-8000-000000000001",
            "oracle_id": "00000000-0000-4000-8000-000000000002", "name": "Bad Cleave",
            "lang": "en", "layout": "normal", "type_line": "Sorcery", "mana_cost": "{R}",
            "cmc": 1.0, "colors": ["R"], "oracle_text": "Cleave {1} [x"}
    path = tmp_path / "cards.jsonl"
    path.write_text(json.dumps(card) + "\n", encoding="utf-8")
    assert main(["coverage", "--cards", str(path), "--all-cards", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["totals"]["cards"] == 1
    assert report["unsupported"] == [{"clause": "Cleave {1} x", "cards": ["Bad Cleave"]}]
