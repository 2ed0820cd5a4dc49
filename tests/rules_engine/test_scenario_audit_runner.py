"""The scenario runner against files a stranger could write to spec/scenarios.md.

Why: `mtgkit play` must run every file written to the public format, and a malformed file must
fail alone with one clear error naming its file, line and field, losing nothing else. These
tests hold the forms the spec allows that our own scenarios never used (a game set up in the
untap or cleanup step, ``advance`` without ``turn``), and the error paths (invalid YAML, a key
given twice, a non-mapping item, a bad value, an unreadable card file, a misspelt key).
"""

from __future__ import annotations

from pathlib import Path

from mtgkit.cli import main
from rules_engine.scenario import run_file, scenario_files

LIBRARIES = """      library: [{card: Plains, count: 4}]
    bob:
      library: [{card: Island, count: 4}]
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _run(tmp_path: Path, text: str, source) -> list:
    return run_file(_write(tmp_path, "s.yaml", text), source)


def test_a_game_set_up_in_the_untap_step_runs_that_step(tmp_path: Path, sample_source) -> None:
    """502.2: set up at the untap step of turn 2 with day and no spells in turn 1, the untap
    step's day/night check makes it night and the daybound permanent transforms."""
    [r] = _run(tmp_path, """name: untap start
state:
  turn: 2
  active: bob
  step: untap
  day_night: day
  players:
    alice:
      battlefield: [{card: Tavern Ruffian, id: ruffian}]
""" + LIBRARIES + """expect:
  day_night: night
  step: upkeep
  objects: {ruffian: {face: back}}
  events: [day_became_night]
""", sample_source)
    assert r.passed, r.failures


def test_a_cleanup_start_takes_its_discard_choices_from_the_first_action(
        tmp_path: Path, sample_source) -> None:
    """514.1: the discard to hand size is a decision of the cleanup step; with the game set up
    in that step, the first action's choices answer it (strict: nothing left unanswered)."""
    [r] = _run(tmp_path, """name: cleanup start
strict: true
state:
  step: cleanup
  players:
    alice:
      hand: [Grizzly Bears, Forest, Forest, Forest, Forest, Forest, Forest, Shock]
""" + LIBRARIES + """actions:
  - advance: {turn: 2, step: upkeep, choices: {alice: [Shock]}}
expect:
  zones: {alice: {graveyard: [Shock], hand_count: 7}}
  active: bob
""", sample_source)
    assert r.passed, r.failures


def test_advance_without_turn_goes_to_the_next_time_the_step_begins(
        tmp_path: Path, sample_source) -> None:
    [r] = _run(tmp_path, """name: advance without turn
state:
  players:
    alice:
""" + LIBRARIES + """actions:
  - advance: {step: end}
  - expect: {turn: 1, step: end}
  - advance: {step: upkeep}
  - expect: {turn: 2, step: upkeep, active: bob}
  - advance: {turn: 2, step: cleanup}
expect: {turn: 3, step: upkeep, active: alice}
""", sample_source)
    assert r.passed, r.failures


def test_a_key_given_twice_fails_its_scenario_naming_both_lines(tmp_path: Path,
                                                               sample_source) -> None:
    results = _run(tmp_path, "- name: dup\n  expect:\n    turn: 1\n    turn: 2\n"
                             "- name: fine\n", sample_source)
    assert [r.passed for r in results] == [False, True]
    assert "line 4: key 'turn' given twice" in results[0].failures[0]
    assert "first on line 3" in results[0].failures[0]


def test_invalid_yaml_is_one_line_with_the_line_number(tmp_path: Path, sample_source) -> None:
    [r] = _run(tmp_path, "name: x\nstate: {players: [\n", sample_source)
    assert not r.passed and not r.loaded
    [message] = r.failures
    assert "\n" not in message and "not valid YAML: line 3" in message
    assert str(tmp_path / "s.yaml") in message


def test_a_bad_item_fails_alone_and_the_others_run(tmp_path: Path, sample_source) -> None:
    results = _run(tmp_path, "- 3\n- name: ok\n- {state: {}}\n", sample_source)
    assert [r.passed for r in results] == [False, True, False]
    assert "line 1: a scenario is a mapping" in results[0].failures[0]
    assert "key 'name' is required" in results[2].failures[0]


def test_several_yaml_documents_are_several_scenarios(tmp_path: Path, sample_source) -> None:
    results = _run(tmp_path, "name: one\n---\nname: two\n---\n", sample_source)
    assert [r.name for r in results] == ["one", "two"] and all(r.passed for r in results)


def test_a_bad_value_names_its_field_and_line(tmp_path: Path, sample_source) -> None:
    [r] = _run(tmp_path, "name: bad\nstate:\n  players:\n    alice:\n      life: twenty\n",
               sample_source)
    assert r.failures[0] == ("scenario error: line 5: state.players.alice.life: expected a "
                             "whole number, got 'twenty'")
    [r] = _run(tmp_path, "name: bad\nactions:\n  - resolve: {}\n  - advance: {turn: two}\n",
               sample_source)
    assert "line 4: advance.turn: expected a whole number" in r.failures[0]


def test_an_unreadable_card_file_fails_that_scenario_only(tmp_path: Path,
                                                          sample_source) -> None:
    results = _run(tmp_path, "- name: a\n  cards: [nowhere.jsonl]\n- name: b\n",
                   sample_source)
    assert [r.passed for r in results] == [False, True]
    assert "line 2: BadCardData" in results[0].failures[0]
    assert "nowhere.jsonl" in results[0].failures[0]


def test_a_misspelt_key_is_a_warning_not_a_silent_pass(tmp_path: Path, sample_source) -> None:
    [r] = _run(tmp_path, "name: typo\nstate:\n  players:\n    alice:\n"
               "      battlefield: [{card: Forest, taped: true}]\nexpects: {turn: 5}\n",
               sample_source)
    assert r.passed
    assert sorted(r.warnings) == [
        "line 5: state.players.alice.battlefield[1]: unknown key 'taped' ignored",
        "line 6: scenario: unknown key 'expects' ignored"]


def test_a_scalar_choice_is_one_answer(tmp_path: Path, sample_source) -> None:
    """``choices: Shock`` (no list) is one answer, not the letters of a name."""
    [r] = _run(tmp_path, """name: scalar choice
strict: true
state:
  step: cleanup
  players:
    alice:
      hand: [Grizzly Bears, Forest, Forest, Forest, Forest, Forest, Forest, Shock]
""" + LIBRARIES + """actions:
  - advance: {turn: 2, step: upkeep, choices: {alice: Shock}}
expect:
  zones: {alice: {graveyard: Shock}}
  lost: []
""", sample_source)
    assert r.passed, r.failures


def test_a_file_reached_twice_runs_once(tmp_path: Path) -> None:
    f = _write(tmp_path, "a.yaml", "name: a\n")
    assert scenario_files([tmp_path, f, tmp_path]) == [f]


def test_play_exit_status_2_when_no_file_reads_as_scenarios(tmp_path: Path, capsys,
                                                            monkeypatch) -> None:
    monkeypatch.delenv("MTGKIT_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    bad = _write(tmp_path, "bad.yaml", "name: [\n")
    assert main(["play", str(bad)]) == 2
    good = _write(tmp_path, "good.yaml", "name: fine\n")
    assert main(["play", str(bad), str(good)]) == 1  # the good one still ran
    out = capsys.readouterr().out
    assert "PASS" in out and "not valid YAML" in out
    (tmp_path / "empty").mkdir()
    assert main(["play", str(tmp_path / "empty")]) == 2


def test_trigger_order_may_be_a_flat_list_of_source_names() -> None:
    """The spec's wording ("answer with the list of their sources' names"): both the nested
    list and the names given one after the other order the triggers; other answers stay."""
    from rules_engine.decisions import Decider

    items = ["Ashen Owl", "Brass Wren"]
    decider = Decider()
    decider.load("alice", ["Brass Wren", "Ashen Owl", "target"])
    assert decider.order("alice", "order", items, str) == ["Brass Wren", "Ashen Owl"]
    assert decider.leftover() == {"alice": ["target"]}
    decider = Decider()
    decider.load("alice", [["Brass Wren", "Ashen Owl"]])
    assert decider.order("alice", "order", items, str) == ["Brass Wren", "Ashen Owl"]
    decider = Decider()
    decider.load("alice", ["Brass Wren", "somebody"])  # not these sources: left as answers
    assert decider.order("alice", "order", items, str) == items
    assert decider.leftover() == {"alice": ["Brass Wren", "somebody"]}


def test_a_multi_face_card_may_be_named_by_its_full_name(tmp_path: Path,
                                                         sample_source) -> None:
    """The spec lets a card entry give "A // B"; the same name then works in actions,
    targets and expectations, whichever face the object shows."""
    [r] = _run(tmp_path, """name: full names
state:
  day_night: night
  players:
    alice:
      hand: ["Tavern Ruffian // Tavern Smasher"]
      battlefield: [Mountain, Mountain, Mountain, Mountain]
    bob:
      hand: [Lightning Bolt]
      battlefield: [Mountain]
actions:
  - alice: {cast: "Tavern Ruffian // Tavern Smasher"}
  - resolve: {}
  - expect:
      zones: {alice: {battlefield: [Mountain, Mountain, Mountain, Mountain,
                                    "Tavern Ruffian // Tavern Smasher"]}}
      objects: {"Tavern Ruffian // Tavern Smasher": {name: Tavern Smasher, face: back}}
  - alice: pass
  - bob: {cast: Lightning Bolt, targets: ["Tavern Ruffian // Tavern Smasher"]}
  - resolve: {}
expect:
  objects: {"Tavern Ruffian // Tavern Smasher": {damage: 3}}
""", sample_source)
    assert r.passed, r.failures


def test_steps_may_be_written_as_people_write_them() -> None:
    from rules_engine.scenario import step_name

    assert [step_name(s) for s in ("Main 2", "end step", "precombat main phase",
                                   "declare-blockers", "Beginning of combat", "upkeep",
                                   "combat damage step", "main1")] == [
        "main2", "end", "main1", "declare_blockers", "beginning_of_combat", "upkeep",
        "combat_damage", "main1"]


def test_object_properties_as_people_write_them(tmp_path: Path, sample_source) -> None:
    """colors by word, a type line with a hyphen, a number in quotes: the same checks."""
    [r] = _run(tmp_path, """name: lenient properties
state:
  day_night: night
  players:
    alice: {battlefield: [{card: Tavern Ruffian, id: r, face: back}, {card: Memnite, id: m}]}
expect:
  objects:
    r: {colors: [red], type_line: "Creature - Werewolf", power: "6"}
    m: {colors: [], type_line: "Artifact Creature — Construct"}
""", sample_source)
    assert r.passed, r.failures
    [r] = _run(tmp_path, """name: still checked
state:
  players:
    alice: {battlefield: [{card: Memnite, id: m}]}
expect:
  objects: {m: {colors: [blue], type_line: "Creature - Construct", power: "2"}}
""", sample_source)
    assert len([f for f in r.failures if "objects.m." in f]) == 3


def test_a_bare_resolve_is_resolve_with_no_options(tmp_path: Path, sample_source) -> None:
    [r] = _run(tmp_path, """name: bare resolve
state:
  players:
    alice: {hand: [Grizzly Bears], battlefield: [Forest, Forest]}
actions:
  - alice: {cast: Grizzly Bears}
  - resolve
expect: {zones: {alice: {battlefield: [Forest, Forest, Grizzly Bears]}}}
""", sample_source)
    assert r.passed, r.failures


JAPANESE = """name: 日本語のカード名で
state:
  players:
    alice:
      battlefield: [{card: 悲哀の名誉教授, prepared: true, id: woe}, 沼, 沼]
      library: [セレスタスの奉納者, 島]
actions:
  - alice: {cast: 悪魔の教示者, from: exile, choices: [セレスタスの奉納者]}
  - resolve: {}
expect:
  zones: {alice: {hand: [セレスタスの奉納者], exile: []}}
  objects: {woe: {name: 悲哀の名誉教授, prepared: false}}
"""


def test_japanese_card_names_read_as_the_english_ones(tmp_path: Path) -> None:
    """An engine extension: the printed Japanese names of the sources' Japanese printings
    (here the embedded sample's) and of the basic lands name the same cards."""
    from mtgkit.commands._cards import card_source

    [r] = _run(tmp_path, JAPANESE, card_source([], None))
    assert r.passed, r.failures


def test_the_database_maps_japanese_names(tmp_path: Path) -> None:
    from db.cards import english_names_for_japanese
    from db.load import load_card_files
    from db.store import connect
    from rules_engine.cards import default_sample_japanese_path, default_sample_path

    store = connect(tmp_path / "ja.duckdb")
    try:
        load_card_files(store, [default_sample_path(), default_sample_japanese_path()],
                        progress=False)
        found = english_names_for_japanese(store, ["悲哀の名誉教授", "悪魔の教示者",
                                                   "悲哀の名誉教授 // 悪魔の教示者", "無い名前"])
    finally:
        store.close()
    assert found == {"悲哀の名誉教授": "Emeritus of Woe", "悪魔の教示者": "Demonic Tutor",
                     "悲哀の名誉教授 // 悪魔の教示者": "Emeritus of Woe // Demonic Tutor"}
