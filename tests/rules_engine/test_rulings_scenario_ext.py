"""The scenario runner's engine extensions used by the ruling scenarios: "Name #n", mana_value.

Why: ruling scenarios must name tokens and copies that no `id` can label (a token copy of a
card has the card's name), and check mana values (202.3); a wrong expectation through these
extensions must fail like any other, or a ruling would be counted as covered without a check.
"""

from __future__ import annotations

import yaml

from rules_engine.scenario import run_scenario

SCN = """
name: token copy named by creation order
state:
  players:
    alice:
      mana_pool: "{1}{G}{U}"
      hand: [Croaking Counterpart]
      battlefield: [Skycoach Waypoint, Plains, Plains, Plains]
    bob:
      battlefield: [{card: Emeritus of Conflict, id: conflict}]
actions:
  - alice: {cast: Croaking Counterpart, targets: [conflict]}
  - resolve: {}
  - alice: {activate: Skycoach Waypoint, ability: 2, targets: ["Emeritus of Conflict #2"]}
  - resolve: {}
expect:
  objects:
    conflict: {prepared: false, mana_value: 2}
    "Emeritus of Conflict #2": {token: true, prepared: true, power: 1, mana_value: 2}
"""


def _run(text: str, sample_source):
    return run_scenario(yaml.safe_load(text), sample_source)


def test_nth_name_targets_and_expectations(sample_source) -> None:
    result = _run(SCN, sample_source)
    assert result.passed, result.failures


def test_nth_name_wrong_expectation_fails(sample_source) -> None:
    result = _run(SCN.replace("prepared: true, power: 1, mana_value: 2",
                              "prepared: true, power: 2, mana_value: 3"), sample_source)
    text = "\n".join(result.failures)
    assert not result.passed
    assert "Emeritus of Conflict #2.power: expected 2, actual 1" in text
    assert "Emeritus of Conflict #2.mana_value: expected 3, actual 2" in text


def test_nth_name_out_of_range_fails(sample_source) -> None:
    text = SCN.replace('"Emeritus of Conflict #2": {token', '"Emeritus of Conflict #3": {token')
    result = _run(text, sample_source)
    assert not result.passed
    assert any("only 2 objects of that name" in f for f in result.failures)


DISTURB = """
name: disturb back face mana value
state:
  players:
    alice:
      graveyard: [{card: Mourning Patrol, id: patrol}]
      battlefield: [Plains, Plains, Plains, Plains]
actions:
  - alice: {cast: Mourning Patrol, from: graveyard}
  - expect: {objects: {patrol: {face: back, name: Morning Apparition, mana_value: 3}}}
  - resolve: {}
expect:
  objects: {patrol: {face: back, zone: battlefield, mana_value: 3}}
"""


def test_back_face_mana_value_is_the_front_faces(sample_source) -> None:
    """712.8c/e: a spell cast transformed, and a permanent back face up, use the front's cost."""
    result = _run(DISTURB, sample_source)
    assert result.passed, result.failures
