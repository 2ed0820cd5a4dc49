"""Unit tests, one or more per grammar construct, on hand-written Oracle texts.

Card names here are invented so that nothing can pass by knowing a real card.
"""

from __future__ import annotations

import pytest

from rules_engine.abilities import (
    ActivatedAbility,
    AddMana,
    BecomePrepared,
    Conditional,
    CopySpell,
    CostModifier,
    CreateToken,
    DealDamage,
    DelayedTrigger,
    Draw,
    EndTurn,
    EntersReplacement,
    Exile,
    GainLife,
    GrantAbility,
    KeywordAbility,
    LookAtTop,
    LoseGame,
    LoseLife,
    MayEffect,
    Modal,
    ModifyPT,
    MoveToZone,
    PayCost,
    PutCounters,
    Restriction,
    SearchLibrary,
    SetDayNight,
    SpellAbility,
    StaticAbility,
    TakeInitiative,
    ToggleDayNight,
    TriggeredAbility,
    Unsupported,
    UnsupportedEffect,
    Venture,
    targets_of,
)
from rules_engine.text import compile_card, compile_face_text
from rules_engine.text.normalize import canonical, self_names, strip_reminder


def face(text: str, name: str = "Quibble Warden", type_line: str = "Creature — Elf") -> tuple:
    """Compile one face and return its abilities."""
    return compile_face_text(text, name, name, type_line).abilities


def spell(text: str, name: str = "Quibble Bolt", kind: str = "Instant") -> tuple:
    return face(text, name, kind)


def only(abilities: tuple):
    assert len(abilities) == 1, abilities
    return abilities[0]


# -- normalisation ------------------------------------------------------------------------------

def test_self_names_include_short_legendary_name() -> None:
    names = self_names("Brannoc, the Hollow Voice // Brannoc, Unbound", "Brannoc, the Hollow Voice")
    assert "Brannoc" in names and "Brannoc, the Hollow Voice" in names
    assert names[0] == max(names, key=len)


def test_canonical_replaces_every_self_reference_form() -> None:
    names = self_names("Brannoc, the Hollow Voice", None)
    text = ("When Brannoc, the Hollow Voice enters the battlefield, Brannoc deals 1 damage. "
            "This creature gets +1/+1. CARDNAME attacks. This Saga ends.")
    out = canonical(text, names)
    assert out == "When ~ enters, ~ deals 1 damage. ~ gets +1/+1. ~ attacks. ~ ends."


def test_name_inside_other_words_is_not_replaced() -> None:
    assert canonical("Elfhame Elf", ("Elf",)) == "Elfhame ~"


def test_strip_reminder_removes_nested_parentheses() -> None:
    assert strip_reminder("Flying (This (really) flies.)") == "Flying"


# -- keywords -----------------------------------------------------------------------------------

def test_keyword_line_with_several_keywords_and_reminder() -> None:
    kws = face("Flying, trample (It can deal excess damage.)")
    assert [k.name for k in kws] == ["flying", "trample"]
    assert all(isinstance(k, KeywordAbility) for k in kws)


@pytest.mark.parametrize("text,name,kind", [
    ("Ward {2}", "ward", "mana"),
    ("Ward—Pay 3 life.", "ward", "pay_life"),
    ("Equip {3}", "equip", "mana"),
    ("Flashback {1}{R}", "flashback", "mana"),
])
def test_keyword_with_cost(text: str, name: str, kind: str) -> None:
    kw = only(face(text))
    assert kw.name == name and kw.cost.parts[0].kind == kind


def test_daybound_and_nightbound_are_keywords() -> None:
    assert only(face("Daybound (If a player casts no spells during their own turn, it becomes "
                     "night next turn.)")).name == "daybound"
    assert only(face("Nightbound")).name == "nightbound"


def test_protection_keyword_keeps_its_quality() -> None:
    kw = only(face("Protection from creatures"))
    assert kw.name == "protection" and kw.parameter == "from creatures"


# -- triggered abilities ------------------------------------------------------------------------

def test_etb_trigger_old_and_new_templating_compile_alike() -> None:
    old = only(face("When Quibble Warden enters the battlefield, you take the initiative."))
    new = only(face("When this creature enters, you take the initiative."))
    assert isinstance(old, TriggeredAbility)
    assert old.trigger == new.trigger and old.effects[0] == new.effects[0]
    assert old.trigger.event == "enters" and isinstance(old.effects[0], TakeInitiative)


def test_intervening_if_is_the_condition_not_an_effect() -> None:
    trig = only(face("At the beginning of your end step, if you have the initiative, draw a "
                     "card."))
    assert trig.trigger.event == "phase" and trig.trigger.step == "end"
    assert trig.trigger.player == "you"
    assert trig.condition.kind == "have_initiative"
    assert isinstance(trig.effects[0], Draw)


def test_day_night_change_triggers() -> None:
    either = only(face("Whenever day becomes night or night becomes day, you gain 2 life."))
    to_day = only(face("Whenever night becomes day, draw a card."))
    assert either.trigger.event == "day_night_change" and either.trigger.to is None
    assert to_day.trigger.to == "day"
    assert isinstance(either.effects[0], GainLife) and either.effects[0].amount.value == 2


def test_enters_or_attacks_has_two_events() -> None:
    trig = only(face("Whenever this creature enters or attacks, create a Food token."))
    assert trig.trigger.event == "enters"
    assert [t.event for t in trig.trigger.alternatives] == ["attacks"]
    token = trig.effects[0]
    assert isinstance(token, CreateToken) and token.token.name == "Food"


def test_cast_trigger_with_ordinal_and_filter() -> None:
    trig = only(face("Whenever you cast your second spell each turn, draw a card."))
    assert trig.trigger.event == "cast" and trig.trigger.ordinal == 2
    trig = only(face("Whenever you cast a noncreature spell, this creature deals 1 damage to "
                     "each opponent."))
    assert trig.trigger.filter.excluded_types == ("creature",)
    dmg = trig.effects[0]
    assert isinstance(dmg, DealDamage) and dmg.recipients[0].kind == "opponent_each"


def test_ability_word_label_is_kept() -> None:
    trig = only(face("Landfall — Whenever a land you control enters, this creature becomes "
                     "prepared."))
    assert trig.label == "Landfall"
    assert trig.trigger.filter.card_types == ("land",) and trig.trigger.filter.controller == "you"
    assert isinstance(trig.effects[0], BecomePrepared)


def test_trigger_only_once_each_turn() -> None:
    trig = only(face("Whenever you scry or surveil, draw a card. This ability triggers only "
                     "once each turn."))
    assert trig.once_each_turn and len(trig.effects) == 1


def test_take_initiative_trigger() -> None:
    trig = only(face("When you take the initiative, scry 1."))
    assert trig.trigger.event == "take_initiative"


# -- activated abilities ------------------------------------------------------------------------

def test_activated_ability_costs_and_restrictions() -> None:
    act = only(face("{2}, {T}, Sacrifice this artifact: You take the initiative and gain 3 life. "
                    "Activate only as a sorcery.", type_line="Artifact"))
    assert isinstance(act, ActivatedAbility)
    assert [p.kind for p in act.cost.parts] == ["mana", "tap", "sacrifice"]
    assert act.timing == "sorcery"
    assert isinstance(act.effects[0], TakeInitiative) and isinstance(act.effects[1], GainLife)


def test_mana_ability_follows_rule_605() -> None:
    mana = only(face("{T}: Add one mana of any color."))
    assert mana.is_mana_ability and isinstance(mana.effects[0], AddMana)
    targeted = only(face("{T}: Add {G}. This creature deals 1 damage to any target."))
    assert not targeted.is_mana_ability


def test_only_during_your_turn_and_once_each_turn() -> None:
    act = only(face("{1}: End the turn. Activate only during your turn and only once each turn."))
    assert act.only_your_turn and act.max_per_turn == 1
    assert isinstance(act.effects[0], EndTurn)


@pytest.mark.parametrize("cost,value", [("+1", 1), ("\u22122", -2), ("[+3]", 3), ("0", 0)])
def test_loyalty_abilities(cost: str, value: int) -> None:
    act = only(face(f"{cost}: Draw a card.", "Vessa", "Legendary Planeswalker — Vessa"))
    assert act.loyalty and act.cost.parts[0].amount.value == value and not act.is_mana_ability


def test_activate_only_if_condition() -> None:
    act = only(face("{T}: Draw a card. Activate only if you've completed a dungeon."))
    assert act.condition.kind == "completed_dungeon"


# -- replacement and static abilities ----------------------------------------------------------

def test_enters_prepared_and_tapped() -> None:
    rep = only(face("This creature enters prepared. (While it's prepared, you may cast a copy "
                    "of its spell.)"))
    assert isinstance(rep, EntersReplacement) and rep.kind == "prepared"
    rep = only(face("Quibble Warden enters tapped."))
    assert rep.kind == "tapped"


def test_neither_day_nor_night_as_enters() -> None:
    rep = only(face("If it's neither day nor night, it becomes day as this creature enters."))
    assert rep.kind == "as_enters" and rep.condition.kind == "neither_day_nor_night"
    assert rep.effects == (SetDayNight(to="day", text="it becomes day"),)


def test_anthem_and_keyword_grant_statics() -> None:
    st = only(face("Other Elves and Goblins you control get +1/+1."))
    assert isinstance(st, StaticAbility)
    pump = st.effects[0]
    assert isinstance(pump, ModifyPT) and pump.duration is None
    assert pump.subject.filter.subtypes == ("Elf", "Goblin") and pump.subject.filter.other
    grant = only(face("Creatures you control have haste.")).effects[0]
    assert isinstance(grant, GrantAbility) and grant.keywords[0].name == "haste"


def test_cost_modifier_with_condition() -> None:
    st = only(face("This spell costs {2} less to cast if you control a Wizard."))
    cm = st.effects[0]
    assert isinstance(cm, CostModifier) and cm.applies_to_self and cm.delta == "{2}"
    assert cm.condition.kind == "you_control" and cm.condition.filter.subtypes == ("Wizard",)


def test_restriction_statics() -> None:
    st = only(face("Quibble Warden can't be blocked by creatures with power 2 or less."))
    r = st.effects[0]
    assert isinstance(r, Restriction) and r.kind == "cant_be_blocked_by"
    assert "with power 2 or less" in r.filter.qualifiers
    r = only(face("It can't become night.")).effects[0]
    assert r.kind == "cant_become_night"


# -- spells and effects -------------------------------------------------------------------------

def test_if_its_night_otherwise_is_one_toggle() -> None:
    act = only(face("{3}, {T}: If it's night, it becomes day. Otherwise, it becomes night.",
                    type_line="Artifact"))
    assert act.effects == (ToggleDayNight(text=act.effects[0].text),)


def test_instead_replaces_previous_effect() -> None:
    sp = only(spell("Target creature gets -2/-2 until end of turn. If it's night, that creature "
                    "gets -5/-5 until end of turn instead."))
    cond = sp.effects[0]
    assert isinstance(cond, Conditional) and cond.condition.kind == "is_night"
    assert cond.effects[0].power.value == -5 and cond.otherwise[0].power.value == -2


def test_trailing_if_condition() -> None:
    sp = only(spell("Draw a card. Draw another card if you've completed a dungeon."))
    assert isinstance(sp.effects[0], Draw)
    assert isinstance(sp.effects[1], Conditional)
    assert sp.effects[1].condition.kind == "completed_dungeon"


def test_you_may_if_you_do() -> None:
    trig = only(face("Whenever this creature attacks, you may pay {1}{G}. If you do, draw two "
                     "cards."))
    may = trig.effects[0]
    assert isinstance(may, MayEffect) and isinstance(may.effects[0], PayCost)
    assert isinstance(may.if_you_do[0], Draw) and may.if_you_do[0].amount.value == 2
    assert trig.optional


def test_shared_subject_compound_verb_phrase() -> None:
    sp = only(spell("Target player draws two cards and loses 2 life.", kind="Sorcery"))
    draw, lose = sp.effects
    assert isinstance(draw, Draw) and isinstance(lose, LoseLife)
    assert draw.player is lose.player and draw.player.kind == "target"
    assert len(targets_of(sp)) == 1


def test_different_subjects_joined_by_and() -> None:
    sp = only(spell("Each opponent loses 1 life and you gain 1 life."))
    assert sp.effects[0].player.kind == "opponent_each" and sp.effects[1].player.kind == "you"


def test_targets_are_numbered_in_text_order() -> None:
    sp = only(spell("Quibble Bolt deals 1 damage to each of up to one target creature, up to one "
                    "target player, and/or up to one target planeswalker."))
    tgts = targets_of(sp)
    assert [t.kind for t in tgts] == ["creature", "player", "planeswalker"]
    assert [t.index for t in tgts] == [0, 1, 2] and all(t.min_count == 0 for t in tgts)


def test_target_constraints() -> None:
    sp = only(spell("Exile target non-Goblin creature you control, then return that card to the "
                    "battlefield under its owner's control."))
    exile, ret = sp.effects
    flt = exile.subject.target.filter
    assert isinstance(exile, Exile) and flt.excluded_subtypes == ("Goblin",)
    assert flt.controller == "you" and flt.card_types == ("creature",)
    assert isinstance(ret, MoveToZone) and ret.to_zone == "battlefield"
    assert ret.under_control == "owner"


def test_pump_and_keyword_until_end_of_turn() -> None:
    sp = only(spell("Target creature gets +2/+0 and gains first strike and trample until end of "
                    "turn."))
    pump, grant = sp.effects
    assert pump.duration.kind == "end_of_turn" and grant.duration.kind == "end_of_turn"
    assert [k.name for k in grant.keywords] == ["first strike", "trample"]


def test_tokens_predefined_and_described() -> None:
    sp = only(spell("Create two 2/2 green Wolf creature tokens with vigilance, then create a "
                    "Treasure token.", kind="Sorcery"))
    wolves, treasure = sp.effects
    assert wolves.amount.value == 2 and wolves.token.subtypes == ("Wolf",)
    assert wolves.token.colors == ("green",) and wolves.token.keywords[0].name == "vigilance"
    assert treasure.token.name == "Treasure" and treasure.token.predefined


def test_token_copy_with_exception() -> None:
    sp = only(spell("Create a token that's a copy of target creature you control, except it's a "
                    "1/1 blue Bird."))
    spec = sp.effects[0].token
    assert spec.copy_of.kind == "target" and spec.power.value == 1
    assert spec.colors == ("blue",) and spec.subtypes == ("Bird",)


def test_token_with_quoted_ability() -> None:
    sp = only(spell('Create a 1/1 white Spirit creature token with "Whenever this token attacks, '
                    'you gain 1 life."', kind="Sorcery"))
    granted = sp.effects[0].token.abilities[0]
    assert isinstance(granted, TriggeredAbility) and granted.trigger.event == "attacks"


def test_search_library() -> None:
    sp = only(spell("Search your library for up to two basic land cards, put them onto the "
                    "battlefield tapped, then shuffle.", kind="Sorcery"))
    s = sp.effects[0]
    assert isinstance(s, SearchLibrary) and (s.min_count, s.max_count) == (0, 2)
    assert s.destination == "battlefield" and s.tapped and s.shuffle


def test_look_at_top_and_choose() -> None:
    trig = only(face("When this creature enters, look at the top three cards of your library. "
                     "You may reveal a creature card from among them and put it into your hand. "
                     "Put the rest on the bottom of your library in a random order."))
    look, may, rest = trig.effects
    assert isinstance(look, LookAtTop) and look.amount.value == 3
    assert isinstance(may, MayEffect) and may.effects[0].to_zone == "hand"
    assert rest.to_zone == "library_bottom_random"


def test_modal_choose_up_to_one() -> None:
    trig = only(face("When this creature enters, choose up to one —\n• Target creature becomes "
                     "prepared.\n• Target creature becomes unprepared."))
    modal = trig.effects[0]
    assert isinstance(modal, Modal) and (modal.min_choices, modal.max_choices) == (0, 1)
    assert modal.modes[0][0].prepared and not modal.modes[1][0].prepared


def test_end_the_turn_and_delayed_lose_the_game() -> None:
    abilities = spell("End the turn.\nAt the beginning of your next end step, you lose the game.")
    end, delayed = abilities
    assert isinstance(end, SpellAbility) and isinstance(end.effects[0], EndTurn)
    d = delayed.effects[0]
    assert isinstance(d, DelayedTrigger) and d.ability.trigger.step == "end"
    assert isinstance(d.ability.effects[0], LoseGame)


def test_copy_spell_twice_instead_with_new_targets() -> None:
    trig = only(face("Whenever you cast your second spell each turn, copy it. If you've "
                     "completed a dungeon, copy that spell twice instead. You may choose new "
                     "targets for the copies."))
    cond = trig.effects[0]
    assert isinstance(cond, Conditional)
    assert cond.effects[0].times.value == 2 and cond.effects[0].new_targets
    assert isinstance(cond.otherwise[0], CopySpell) and cond.otherwise[0].new_targets


def test_venture_into_undercity_and_dungeon() -> None:
    v = only(spell("Venture into Undercity.")).effects[0]
    assert isinstance(v, Venture) and v.into == "undercity"
    v = only(spell("Venture into the dungeon.")).effects[0]
    assert v.into == "dungeon"


def test_counters_on_target() -> None:
    act = only(face("{3}{G}: Put two +1/+1 counters on another target creature you control."))
    pc = act.effects[0]
    assert isinstance(pc, PutCounters) and pc.amount.value == 2 and pc.counter == "+1/+1"
    assert pc.subject.target.filter.other


def test_unknown_text_is_kept_not_dropped() -> None:
    ab = face("Frobnicate the widget thrice.")
    assert isinstance(ab[0], Unsupported) and ab[0].text == "Frobnicate the widget thrice."
    sp = only(spell("Draw a card. Frobnicate the widget."))
    assert isinstance(sp.effects[0], Draw)
    assert isinstance(sp.effects[1], UnsupportedEffect)


def test_compiled_card_reports_unsupported_and_faces() -> None:
    card = {"name": "Quibble Sage // Quibble Spell", "layout": "prepare", "card_faces": [
        {"name": "Quibble Sage", "type_line": "Creature — Human Wizard",
         "oracle_text": "This creature enters prepared.\nFrobnicate everything."},
        {"name": "Quibble Spell", "type_line": "Sorcery", "oracle_text": "Draw two cards."}]}
    cc = compile_card(card)
    assert [f.name for f in cc.faces] == ["Quibble Sage", "Quibble Spell"]
    assert cc.unsupported == ("Frobnicate everything.",) and not cc.fully_supported
    assert isinstance(cc.faces[1].abilities[0], SpellAbility)


# -- later constructs ----------------------------------------------------------------------------

def test_impulse_draw_with_conditional_free_play() -> None:
    trig = only(face("Whenever this creature attacks, exile the top card of your library. If "
                     "you've completed a dungeon, you may play that card this turn without paying "
                     "its mana cost. Otherwise, you may play that card this turn."))
    exile, cond = trig.effects
    assert isinstance(exile, Exile) and exile.from_zone == "library" and exile.amount.value == 1
    assert isinstance(cond, Conditional) and cond.effects[0].free
    assert not cond.otherwise[0].free and cond.otherwise[0].duration.kind == "this_turn"


def test_exile_until_source_leaves() -> None:
    trig = only(face("When this creature enters, exile target creature an opponent controls "
                     "until this creature leaves the battlefield."))
    ex = trig.effects[0]
    assert ex.until_source_leaves and ex.subject.target.filter.controller == "opponent"


def test_enters_tapped_and_prepared_gives_two_replacements() -> None:
    kinds = [a.kind for a in face("This creature enters tapped and prepared.")]
    assert kinds == ["tapped", "prepared"]


def test_hand_disruption_chain() -> None:
    sp = only(spell("Target opponent reveals their hand. You choose a noncreature, nonland card "
                    "from it. That player discards that card.", kind="Sorcery"))
    assert [type(e).__name__ for e in sp.effects] == ["Reveal", "ChooseCard", "Discard"]
    assert sp.effects[1].filter.excluded_types == ("creature", "land")


def test_verb_elision_in_split_destinations() -> None:
    sp = only(spell("Look at the top three cards of your library. Put one of them into your hand "
                    "and the rest on the bottom of your library in any order."))
    look, one, rest = sp.effects
    assert isinstance(look, LookAtTop) and one.to_zone == "hand"
    assert rest.subject.kind == "rest" and rest.to_zone == "library_bottom_any"


def test_conjunction_condition() -> None:
    trig = only(face("Whenever this creature attacks, if you control a Food and a Clue and have "
                     "the initiative, you win the game."))
    assert trig.condition.kind == "and"
    assert [c.kind for c in trig.condition.parts] == ["you_control", "you_control",
                                                      "have_initiative"]


def test_old_werewolf_condition_is_not_day_night() -> None:
    trig = only(face("At the beginning of each upkeep, if no spells were cast last turn, "
                     "transform this creature."))
    assert trig.condition.kind == "no_spells_cast_last_turn"
    assert trig.trigger.player == "each"


def test_saga_chapters() -> None:
    abilities = face("I, II — Draw a card.\nIII — Exile this Saga, then return it to the "
                     "battlefield transformed under your control.", type_line="Enchantment — Saga")
    assert [a.trigger.event for a in abilities] == ["chapter", "chapter"]
    assert abilities[0].trigger.detail == "1,2"
    assert abilities[1].effects[1].transformed


def test_where_x_is_wraps_effects() -> None:
    sp = only(spell("Quibble Bolt deals X damage to target creature, where X is the number of "
                    "creatures you control."))
    wx = sp.effects[0]
    assert type(wx).__name__ == "WithX" and wx.x.text == "the number of creatures you control"
    assert wx.effects[0].amount.variable == "X"


def test_cast_trigger_that_targets() -> None:
    trig = only(face("Whenever you cast an instant or sorcery spell that targets a creature, "
                     "draw a card."))
    assert trig.trigger.subject.kind == "targets"
    assert trig.trigger.subject.filter.card_types == ("creature",)


def test_mana_spent_condition() -> None:
    trig = only(face("Whenever you cast a spell, if five or more mana was spent to cast that "
                     "spell, draw a card."))
    assert trig.condition.kind == "mana_spent" and trig.condition.amount.value == 5


def test_for_each_repeat() -> None:
    sp = only(spell("Create a 1/1 green Saproling creature token for each land you control.",
                    kind="Sorcery"))
    rep = sp.effects[0]
    assert type(rep).__name__ == "Repeat" and rep.count.text == "for each land you control"
    assert isinstance(rep.effects[0], CreateToken)


def test_if_otherwise_after_trigger_is_not_intervening() -> None:
    trig = only(face("At the beginning of your upkeep, if it's day, you gain 1 life. Otherwise, "
                     "each opponent loses 1 life."))
    assert trig.condition is None
    cond = trig.effects[0]
    assert isinstance(cond, Conditional) and cond.condition.kind == "is_day"
    assert isinstance(cond.otherwise[0], LoseLife)


def test_modal_with_conditional_extra_mode() -> None:
    sp = only(spell("Choose one. If it's night, you may choose both instead.\n• Destroy target "
                    "artifact.\n• Destroy target enchantment.", kind="Sorcery"))
    # (records.ModalIf: the condition is checked as the modes are chosen, 601.2b / 700.2)
    modal = sp.effects[0]
    assert type(modal).__name__ == "ModalIf" and modal.condition.kind == "is_night"
    assert modal.max_choices == 1 and modal.more_min == 1 and modal.more_max == 2


def test_divided_damage_among_targets_and_prevention() -> None:
    sp = only(spell("Quibble Bolt deals 4 damage divided as you choose among one, two, or three "
                    "targets."))
    dmg = sp.effects[0]
    assert dmg.divided and dmg.recipients[0].target.max_count == 3
    assert dmg.recipients[0].target.min_count == 1
    fog = only(spell("Prevent all combat damage that would be dealt this turn.")).effects[0]
    assert type(fog).__name__ == "PreventDamage" and fog.combat_only


def test_blocks_or_becomes_blocked() -> None:
    trig = only(face("Whenever this creature blocks or becomes blocked by a creature, that "
                     "creature gets -2/-0 until end of turn."))
    assert trig.trigger.event == "blocks"
    assert trig.trigger.alternatives[0].event == "becomes_blocked"


def test_exile_from_a_players_library_keeps_whose() -> None:
    trig = only(face("Whenever this creature deals combat damage to a player, exile a nonland "
                     "card from their library at random. You may cast that card and you may spend "
                     "mana as though it were mana of any color to cast that spell."))
    exile, cast = trig.effects
    assert exile.random and exile.subject.filter.owner == "that_player"
    assert exile.subject.filter.zone == "library"
    assert cast.any_mana and not cast.free


def test_blocking_creatures_of_the_source() -> None:
    trig = only(face("Whenever this creature becomes blocked, each creature blocking it gets "
                     "-1/-1 until end of turn."))
    assert trig.effects[0].subject.filter.qualifiers == ("blocking_source",)


def test_as_enters_reveal_or_enters_tapped() -> None:
    rep = only(face("As this land enters, you may reveal a Forest or Island card from your hand. "
                    "If you don't, this land enters tapped.", type_line="Land"))
    assert rep.kind == "as_enters"
    may = rep.effects[0]
    assert isinstance(may, MayEffect) and may.effects[0].subject.filter.zone == "hand"
    assert type(may.if_you_dont[0]).__name__ == "Tap"


def test_as_enters_choose_a_creature_type() -> None:
    rep = only(face("As this creature enters, choose a creature type.\nCreatures you control of "
                    "the chosen type get +1/+1.")[:1])
    assert type(rep.effects[0]).__name__ == "ChooseValue"
    assert rep.effects[0].kind == "creature type"


def test_during_your_turn_static() -> None:
    st = only(face("During your turn, this creature has first strike."))
    assert st.condition.kind == "is_your_turn" and not st.condition.negated
    assert st.effects[0].keywords[0].name == "first strike"


def test_max_speed_and_exhaust_labels_have_rules_meaning() -> None:
    st = only(face("Max speed — {B}, Sacrifice another creature: Draw a card."))
    assert isinstance(st, StaticAbility) and st.condition.kind == "max_speed"
    granted = st.effects[0].abilities[0]
    assert isinstance(granted, ActivatedAbility) and granted.cost.parts[0].mana == "{B}"
    ex = only(face("Exhaust — {2}{G}: Put three +1/+1 counters on this creature."))
    assert ex.max_per_game == 1 and ex.label == "Exhaust"


def test_ability_word_label_has_no_rules_meaning() -> None:
    trig = only(face("Coven — At the beginning of combat on your turn, put a +1/+1 counter on "
                     "this creature."))
    assert trig.label == "Coven" and trig.condition is None


def test_class_level_bars_gate_their_sections() -> None:
    abilities = face("(Gain the next level as a sorcery to add its ability.)\nCreatures you "
                     "control get +1/+0.\n{1}{G}: Level 2\nWhen this Class becomes level 2, draw "
                     "a card.\n{3}{G}: Level 3\nCreatures you control have trample.",
                     type_line="Enchantment — Class")
    static1, bar2, gate2, bar3, gate3 = abilities
    assert isinstance(static1, StaticAbility) and static1.condition is None
    assert isinstance(bar2, ActivatedAbility) and bar2.timing == "sorcery"
    assert bar2.condition.kind == "class_level" and bar2.condition.amount.value == 1
    assert gate2.condition.amount.value == 2
    granted = gate2.effects[0].abilities[0]
    assert granted.trigger.event == "class_level" and granted.trigger.ordinal == 2
    assert gate3.condition.amount.value == 3 and bar3.effects[0].level == 3


def test_alchemy_seek_and_perpetually() -> None:
    trig = only(face("When this creature enters, seek a creature card with mana value 3 or less. "
                     "It perpetually gets +1/+1."))
    seek, pump = trig.effects
    assert type(seek).__name__ == "Seek" and seek.filter.card_types == ("creature",)
    assert pump.duration.kind == "perpetual" and pump.subject.kind == "it"


@pytest.mark.parametrize("text,event,extra", [
    ("Whenever a player takes the initiative, you gain 2 life.", "take_initiative", "any"),
    ("Whenever it becomes night, draw a card.", "day_night_change", "night"),
    ("Whenever you venture into Undercity, draw a card.", "venture", "you"),
    ("Whenever one or more creatures you control become prepared, scry 1.", "becomes_prepared",
     None),
])
def test_mechanic_trigger_variants(text: str, event: str, extra: str | None) -> None:
    trig = only(face(text))
    assert trig.trigger.event == event
    if extra is not None:
        assert extra in (trig.trigger.player, trig.trigger.to)


def test_mechanic_condition_variants() -> None:
    trig = only(face("At the beginning of your end step, if you haven't completed a dungeon, "
                     "venture into the dungeon."))
    assert trig.condition.kind == "completed_dungeon" and trig.condition.negated
    st = only(face("Prepared creatures you control get +1/+1."))
    assert "prepared" in st.effects[0].subject.filter.qualifiers


def test_spree_modes_with_costs() -> None:
    kw, sp = spell("Spree (Choose one or more additional costs.)\n+ {1} — Draw a card.\n"
                   "+ {2}{R} — Quibble Bolt deals 2 damage to any target.")
    assert kw.name == "spree"
    modal = sp.effects[0]
    assert (modal.min_choices, modal.max_choices) == (1, 2)
    assert [c.mana for c in modal.mode_costs] == ["{1}", "{2}{R}"]
    assert isinstance(modal.modes[1][0], DealDamage)


def test_die_roll_results_table() -> None:
    sp = only(spell("Roll a d20.\n1—9 | Draw a card.\n10—19 | Draw two cards.\n20 | Draw three "
                    "cards.", kind="Sorcery"))
    roll = sp.effects[0]
    assert type(roll).__name__ == "RollDie" and roll.sides == 20
    assert [(lo, hi) for lo, hi, _ in roll.results] == [(1, 9), (10, 19), (20, 20)]
    assert roll.results[2][2][0].amount.value == 3
