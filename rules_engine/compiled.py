"""Where the engine gets ability data: the Oracle-text compiler's records, cached per face.

The compiler (:mod:`rules_engine.text`) turns a Scryfall card into per-face lists of
:mod:`rules_engine.abilities` records. This module asks it once per card and caches the result
on the :class:`~rules_engine.cards.Face`, so the hot path never compiles text.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.cards import CardDef, Face
from rules_engine.text.followups import FLASHBACK_MANA_COST

_CACHE: dict[int, tuple[Any, list[Any]]] = {}

# 702: the keyword abilities some part of the engine looks at (combat, targeting, casting, SBAs,
# mechanics). A keyword outside this set is kept on the object (and reported by
# tests/rules_engine/gaps_audit.py) but changes nothing in a game.
_CODED_KEYWORDS = frozenset({
    "flying", "reach", "shadow", "fear", "intimidate", "menace", "defender", "haste",
    "vigilance", "flash", "first strike", "double strike", "deathtouch", "lifelink", "trample",
    "indestructible", "hexproof", "shroud", "ward", "enchant", "flashback", "phasing",
    "daybound", "nightbound",
    # handled in code: 702.16 protection, 702.14 landwalk, 702.31 horsemanship, 702.118 skulk,
    # 702.80 wither, 702.90 infect, 702.73 changeling, 702.114 devoid (Scryfall's colors)
    "protection", "landwalk", "horsemanship", "skulk", "wither", "infect", "changeling",
    "devoid", "ascend",  # 702.131: conditions.citys_blessing
    "start your engines!",  # 702.179: conditions.speed / note_life_lost
    "toxic",  # 702.164: combat.deal_damage (poison counters; 704.5c is asked of sba.py)
    "compleated",  # 702.150: permanents.enter_battlefield asks phyrexian.compleated_loyalty
    "aftermath",  # 702.127: casting.py and split.py
    "disturb", "cycling",  # 702.146 / 702.29: casting.py (cast transformed; activate_in_hand)
    # deck construction only (702.124 partner, 702.124i "choose a background"): nothing in a game
    "partner", "choose a background", "friends forever", "doctor's companion",
})

# 702: keywords whose rule defines them as an ability with ordinary rules text. The text is
# compiled like Oracle text (``{cost}``, ``{n}`` and ``{nw}`` - the number as a word - filled
# from the keyword's cost and parameter) and the records join the face's abilities right after
# the keyword, so an equip ability is numbered among the activated abilities in printed order.
# (the registry's table: mechanics add their keywords' definitions to the same dict)
KEYWORD_DEFINITIONS: dict[str, tuple[str, ...]] = registry.KEYWORD_TEXTS
KEYWORD_DEFINITIONS.update({
    # 702.6a
    # (702.6e "Equip [quality]": the parameter is the target's noun, "Elf creature")
    "equip": ("{cost}: Attach this permanent to target {param} you control. "
              "Activate only as a sorcery.",),
    # 702.108a
    "prowess": ("Whenever you cast a noncreature spell, this creature gets +1/+1 until end of "
                "turn.",),
    # 702.45a
    "bushido": ("Whenever this creature blocks or becomes blocked, it gets +{n}/+{n} until end "
                "of turn.",),
    # 702.135a ("put into a graveyard from the battlefield"; a creature's is "dies", 700.4)
    "afterlife": ("When this creature dies, create {nw} 1/1 white and black Spirit creature "
                  "tokens with flying.",),
    # 702.86a
    "annihilator": ("Whenever this creature attacks, defending player sacrifices {nw} "
                    "permanents.",),
    # 702.147a
    "decayed": ("This creature can't block.",
                "When this creature attacks, sacrifice it at end of combat."),
    # 702.91a
    "battle cry": ("Whenever this creature attacks, each other attacking creature gets +1/+0 "
                   "until end of turn.",),
    # 702.130a
    "afflict": ("Whenever this creature becomes blocked, defending player loses {n} life.",),
    # 702.101a
    "extort": ("Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 "
               "life and you gain that much life.",),
    # 702.110a
    "exploit": ("When this creature enters, you may sacrifice a creature.",),
    # 702.23a
    "rampage": ("Whenever this creature becomes blocked, it gets +{n}/+{n} until end of turn "
                "for each creature blocking it beyond the first.",),
    # 702.46a
    "soulshift": ("When this creature dies, you may return target Spirit card with mana value "
                  "{n} or less from your graveyard to your hand.",),
    # 702.123a
    "fabricate": ("When this permanent enters, you may put {nw} +1/+1 counters on it. If you "
                  "don't, create {nw} 1/1 colorless Servo artifact creature tokens.",),
    # 702.107a
    "outlast": ("{cost}, {T}: Put a +1/+1 counter on this creature. Activate only as a "
                "sorcery.",),
    # 702.115a
    "ingest": ("Whenever this creature deals combat damage to a player, that player exiles the "
               "top card of their library.",),
    # 702.92a
    "living weapon": ("When this Equipment enters, create a 0/0 black Phyrexian Germ creature "
                      "token, then attach this Equipment to it.",),
    # 702.163a
    "for mirrodin!": ("When this Equipment enters, create a 2/2 red Rebel creature token, then "
                      "attach this Equipment to it.",),
    # 702.182a
    "job select": ("When this Equipment enters, create a 1/1 colorless Hero creature token, "
                   "then attach this Equipment to it.",),
})
# 702.6a: "Equip [cost]" with no quality
registry.KEYWORD_TEXTS_UNNUMBERED["equip"] = (
    "{cost}: Attach this permanent to target creature you control. Activate only as a sorcery.",)


def _attack_trigger(cond: str, text: str) -> tuple[Any, ...]:
    """"Whenever this creature attacks [with a condition], put a +1/+1 counter on this
    creature." The condition is part of the trigger event (not an intervening "if"):
    conditions.py remembers that it held when the creature attacked."""
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("attacks", subject=ab.Ref("self"), text="this creature attacks"),
        condition=ab.Condition(cond, text=text),
        effects=(ab.PutCounters(subject=ab.Ref("self"), counter="+1/+1", amount=ab.Amount(1),
                                text="put a +1/+1 counter on this creature"),),
        text=text),)


def _storm() -> tuple[Any, ...]:
    """702.40a: "When you cast this spell, copy it for each other spell that was cast before
    it this turn. If the spell has any targets, you may choose new targets for any of the
    copies." (The trigger works from the stack, 113.6k.)"""
    return _copy_when_cast("for each spell cast before it this turn",
                           "copy it for each spell cast before it", "Storm")


def _copy_when_cast(count: str, summary: str, name: str) -> tuple[Any, ...]:
    """"When you cast this spell, copy it <count>; you may choose new targets for the copies"
    (storm 702.40a, replicate 702.56a): a cast trigger that works from the stack (113.6k)."""
    copy = ab.CopySpell(subject=ab.Ref("self"), times=ab.Amount(1), new_targets=True,
                        text="copy it")
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("cast", subject=ab.Ref("self"), player="you", text="you cast ~"),
        effects=(ab.Repeat(count=ab.Amount(text=count), effects=(copy,), text=summary),),
        text=name),)


def _tap_power_ability(kind: str, kw: Any) -> tuple[Any, ...]:
    """702.122a crew N: "Tap any number of untapped creatures you control with total power N or
    greater: This Vehicle becomes an artifact creature until end of turn." 702.171a saddle N:
    the same with other creatures, "This Mount becomes saddled until end of turn. Activate
    only as a sorcery." The cost part kind "tap_creatures_power" (amount N; ``what`` "other"
    for saddle) is paid by combat.tap_creatures_cost."""
    param = (kw.parameter or "").strip()
    if not param.isdigit():
        return ()
    n = int(param)
    cost = ab.Cost(parts=(ab.CostPart(kind="tap_creatures_power", amount=ab.Amount(n),
                                      what=ab.ObjectFilter(other=kind == "saddle",
                                                           card_types=("creature",),
                                                           text="untapped creatures you control"),
                                      text=f"Tap any number of untapped creatures you control "
                                           f"with total power {n} or more"),),
                   text=f"{kind.capitalize()} {n}")
    if kind == "crew":
        effect: Any = ab.Animate(subject=ab.Ref("self"), card_types=("artifact", "creature"),
                                 duration=ab.Duration("end_of_turn"),
                                 text="becomes an artifact creature until end of turn")
        return (ab.ActivatedAbility(cost=cost, effects=(effect,), text=kw.text or f"Crew {n}"),)
    effect = ab.KeywordAction(name="saddle", subject=ab.Ref("self"),
                              text="becomes saddled until end of turn")
    return (ab.ActivatedAbility(cost=cost, effects=(effect,), timing="sorcery",
                                text=kw.text or f"Saddle {n}"),)


def _station(kw: Any) -> tuple[Any, ...]:
    """702.184a: "Station" means "Tap another untapped creature you control: Put a number of
    charge counters on this permanent equal to the tapped creature's power. Activate only as a
    sorcery." (The {N+} striations are static abilities the compiler builds, 721.2.) The cost
    is a "tap_untapped" part (effects.pay_costs); the amount reads the creature it tapped."""
    tap = ab.CostPart(kind="tap_untapped", amount=ab.Amount(1),
                      what=ab.ObjectFilter(card_types=("creature",), controller="you",
                                           other=True,
                                           text="another untapped creature you control"),
                      text="Tap another untapped creature you control")
    put = ab.PutCounters(subject=ab.Ref("self"), counter="charge",
                         amount=ab.Amount(text="the tapped creature's power"),
                         text="Put a number of charge counters on this permanent equal to the "
                              "tapped creature's power")
    return (ab.ActivatedAbility(cost=ab.Cost(parts=(tap,), text=tap.text), effects=(put,),
                                timing="sorcery", text=kw.text or "Station"),)


# keywords whose definition the compiler can't read yet, built as records directly
KEYWORD_BUILT: dict[str, Any] = {
    "crew": lambda kw: _tap_power_ability("crew", kw),
    "saddle": lambda kw: _tap_power_ability("saddle", kw),
    "station": _station,
    "storm": _storm,
    # 702.149a
    "training": lambda: _attack_trigger("attacks_with_greater_power",
                                        "Training (attacks with a creature with greater power)"),
    # 702.105a
    "dethrone": lambda: _attack_trigger("attacks_most_life",
                                        "Dethrone (attacks the player with the most life)"),
    "increment": lambda: _increment(),
    "cascade": lambda: _cascade(),
    "casualty": lambda: _casualty(),
    "replicate": lambda: _replicate(),
}


def _replicate() -> tuple[Any, ...]:
    """702.56a, the triggered half: "When you cast this spell, copy it for each time you paid
    its replicate cost. You may choose new targets for the copies." (The "any number of times"
    additional cost is announced in casting; the trigger works from the stack, 113.6k.)"""
    return _copy_when_cast("for each time you paid its replicate cost",
                           "copy it for each time ...", "Replicate")


def _cascade() -> tuple[Any, ...]:
    """702.85a: "When you cast this spell, exile cards from the top of your library until you
    exile a nonland card whose mana value is less than this spell's mana value. You may cast
    that card without paying its mana cost if the resulting spell's mana value is less than
    this spell's mana value. Then put all cards exiled this way that weren't cast on the
    bottom of your library in a random order." A cast trigger that works from the stack
    (113.6k); each instance triggers separately (702.85c). effects._ka_cascade runs it."""
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("cast", subject=ab.Ref("self"), player="you", text="you cast ~"),
        effects=(ab.KeywordAction(name="cascade", subject=ab.Ref("self"),
                                  text="exile cards from the top of your library until ..."),),
        text="Cascade"),)


def _casualty() -> tuple[Any, ...]:
    """702.153a, the triggered half: "When you cast this spell, if a casualty cost was paid for
    it, copy it. If the spell has any targets, you may choose new targets for the copy." (The
    optional additional cost is announced and paid in casting; the trigger works from the
    stack, 113.6k.)"""
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("cast", subject=ab.Ref("self"), player="you", text="you cast ~"),
        condition=ab.Condition("casualty_paid", text="if a casualty cost was paid for it"),
        effects=(ab.CopySpell(subject=ab.Ref("self"), times=ab.Amount(1), new_targets=True,
                              text="copy it"),),
        text="Casualty"),)


def _increment() -> tuple[Any, ...]:
    """702.191a: "Whenever you cast a spell, if this permanent is a creature and the amount of
    mana spent to cast that spell is greater than this creature's power or this creature's
    toughness, put a +1/+1 counter on this creature." The comparison needs the triggering
    spell, so effects.h_conditional checks it ("spent_more_than_power_or_toughness") as the
    ability resolves (the mana spent can't change; a power/toughness change in between is
    the one case where the intervening if of 603.4 would differ)."""
    counter = ab.PutCounters(subject=ab.Ref("self"), counter="+1/+1", amount=ab.Amount(1),
                             text="put a +1/+1 counter on this creature")
    return (ab.TriggeredAbility(
        trigger=ab.Trigger("cast", player="you", text="you cast a spell"),
        effects=(ab.Conditional(condition=ab.Condition(
            "spent_more_than_power_or_toughness",
            text="the amount of mana spent to cast that spell is greater than this creature's "
                 "power or this creature's toughness"), effects=(counter,),
            text="if ... put a +1/+1 counter on this creature"),),
        text="Increment"),)

_BUILT_WITH_KW = frozenset({"crew", "saddle", "station"})
ENGINE_KEYWORDS = _CODED_KEYWORDS | frozenset(KEYWORD_DEFINITIONS) | frozenset(KEYWORD_BUILT)

_NUMBER_WORDS = ("zero", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten")
_EXPANSIONS: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def keyword_records(kw: Any, card_name: str, face_name: str, type_line: str) -> tuple[Any, ...]:
    """The ability records a keyword stands for (702), compiled from its defining text; empty
    when the keyword has no definition here or its text does not compile in full (the keyword
    is then only reported, never half run)."""
    name = (kw.name or "").lower()
    texts = KEYWORD_DEFINITIONS.get(name)
    if texts is not None and not (kw.parameter or "").strip() and \
            name in registry.KEYWORD_TEXTS_UNNUMBERED:
        texts = registry.KEYWORD_TEXTS_UNNUMBERED[name]  # (702.63b: no number)
    if texts is None:
        built = KEYWORD_BUILT.get(name)
        with_kw = name in _BUILT_WITH_KW
        if built is None:
            built, with_kw = registry.KEYWORD_BUILDERS.get(name), True
            if built is None:
                return ()
        key = (name, kw.parameter, kw.text) if with_kw else (name, kw.parameter)
        hit = _EXPANSIONS.get(key)
        if hit is None:
            hit = _EXPANSIONS[key] = built(kw) if with_kw else built()
        return hit
    cost = kw.cost.text if kw.cost is not None else None
    rider = getattr(kw, "rider", "")
    key = (name, kw.parameter, cost, card_name, face_name, type_line, rider)
    hit = _EXPANSIONS.get(key)
    if hit is not None:
        return hit
    out: tuple[Any, ...] = ()
    param = (kw.parameter or "").strip()
    ok = True
    fill: dict[str, str] = {}
    if any("{cost}" in t for t in texts):
        # a mana cost, or another cost the cost grammar reads ("Equip—Discard a card", 702.6a:
        # "[Cost]: Attach ..."); one it can't read leaves the keyword unrun (the audit says so)
        ok = bool(cost)
        fill["{cost}"] = cost or ""
    if any("{param}" in t for t in texts):
        ok = ok and bool(param)
        fill["{param}"] = param
    if any("{n}" in t or "{nw}" in t for t in texts):
        ok = ok and param.isdigit()
        if ok:
            n = int(param)
            fill["{n}"] = str(n)
            fill["{nw}"] = _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)
    if rider:
        # "Equip—Pay 3 life. Activate only once each turn." (602.5b): the limit goes with the
        # activated ability the keyword stands for; a keyword without one can't keep it
        ok = ok and any("{cost}:" in t for t in texts)
        texts = tuple(t + " " + rider if "{cost}:" in t else t for t in texts)
    if ok:
        from rules_engine.text.compiler import compile_face_text

        found: list[Any] = []
        for text in texts:
            for token, value in fill.items():
                text = text.replace(token, value)
            found.extend(compile_face_text(text, card_name, face_name, type_line).abilities)
        if all(not isinstance(a, ab.Unsupported) and not any(
                isinstance(e, ab.UnsupportedEffect) for e in ab.iter_effects((a,)))
               for a in found):
            out = tuple(found)
    _EXPANSIONS[key] = out
    return out


def _defined(name: str) -> bool:
    """A keyword that stands for ability records (a definition or a builder)."""
    return name in KEYWORD_DEFINITIONS or name in KEYWORD_BUILT or \
        name in registry.KEYWORD_BUILDERS


def _expanded(abilities: list[Any], card_name: str, face_name: str, type_line: str) -> list[Any]:
    """``abilities`` with each defined keyword followed by the records it stands for."""
    if not any(isinstance(a, ab.KeywordAbility) and (_defined(a.name))
               for a in abilities):
        return abilities
    out: list[Any] = []
    for a in abilities:
        out.append(a)
        if isinstance(a, ab.KeywordAbility):
            out.extend(keyword_records(a, card_name, face_name, type_line))
    return out


def _compile_raw(raw: dict[str, Any]) -> list[Any]:
    """Compile a Scryfall object once per process (keyed by the object itself)."""
    hit = _CACHE.get(id(raw))
    if hit is not None and hit[0] is raw:
        return hit[1]
    from rules_engine import text as compiler

    faces = list(compiler.compile_card(raw).faces)
    _CACHE[id(raw)] = (raw, faces)
    return faces


def _compile(card: CardDef) -> None:
    if card.halves is not None:
        _compile_split(card)
        return
    faces = [card.front] + [f for f in (card.back, card.prepare) if f is not None]
    try:
        raw = card.raw or {"name": card.name, "oracle_text": card.front.oracle_text}
        compiled_faces = _compile_raw(raw)
    except Exception as exc:  # noqa: BLE001 - a compiler failure must not stop a game
        for face in faces:
            face.abilities = []
            face.unsupported.append(f"compiler unavailable: {exc}")
        return
    for i, face in enumerate(faces):
        if i < len(compiled_faces):
            face.abilities = _expanded(list(compiled_faces[i].abilities), card.name, face.name,
                                       face.type_line)
        else:
            face.abilities = []
        face.unsupported.extend(
            getattr(a, "text", "") for a in face.abilities if isinstance(a, ab.Unsupported)
        )
        # 702: the keyword abilities are the compiled ones (Scryfall's list also names
        # designations and actions such as "Prepared" or "Venture into the dungeon")
        kws = {a.name.lower() for a in face.abilities
               if isinstance(a, ab.KeywordAbility) and a.name}
        if any(isinstance(a, ab.Unsupported) for a in face.abilities):
            kws.update(face.keywords)  # keep Scryfall's names for what the compiler missed
        face.keywords = tuple(sorted(kws))


def _compile_split(card: CardDef) -> None:
    """A split card (709): each half gets its own compiled abilities; the combined face the
    card has off the stack (709.4) has both halves' abilities, left then right."""
    halves = card.halves or ()
    try:
        compiled_faces = _compile_raw(card.raw or {"name": card.name})
    except Exception as exc:  # noqa: BLE001 - a compiler failure must not stop a game
        for face in (card.front, *halves):
            face.abilities = []
            face.unsupported.append(f"compiler unavailable: {exc}")
        return
    both: list[Any] = []
    for i, half in enumerate(halves):
        found = list(compiled_faces[i].abilities) if i < len(compiled_faces) else []
        half.abilities = _expanded(found, card.name, half.name, half.type_line)
        _finish_face(half)
        both += half.abilities
    card.front.abilities = both
    _finish_face(card.front)


def _finish_face(face: Face) -> None:
    face.unsupported.extend(
        getattr(a, "text", "") for a in face.abilities if isinstance(a, ab.Unsupported))
    kws = {a.name.lower() for a in face.abilities
           if isinstance(a, ab.KeywordAbility) and a.name}
    if any(isinstance(a, ab.Unsupported) for a in face.abilities):
        kws.update(face.keywords)
    face.keywords = tuple(sorted(kws))


def face_abilities(card: CardDef | None, face: Face) -> list[Any]:
    """The compiled abilities of ``face`` (compiling ``card`` on first use)."""
    if face.abilities is None:
        if card is None:
            face.abilities = []
        else:
            _compile(card)
            if face.abilities is None:  # a face not belonging to the card (copy values)
                face.abilities = []
    return face.abilities


def ensure_compiled(card: CardDef) -> None:
    if card.front.abilities is None:
        _compile(card)


def object_abilities(obj: Any) -> list[Any]:
    """Abilities an object has now: its face's plus those granted by continuous effects
    (from resolved effects; with an ability-removing effect, 613.1f, also those granted by
    static abilities, all in timestamp order)."""
    face = obj.face
    card = obj.card
    if face.abilities is None:
        if card is not None:
            ensure_compiled(card)
        if face.abilities is None:
            face.abilities = []
    found = face.abilities
    if obj.static_mods and _static_loss(obj):
        return _after_losses(obj, found)
    if obj.mods:
        extra = [a for m in obj.mods for a in m.abilities]
        if extra:
            lost = False
            for a in extra:  # (a plain loop: this path is hot for modified objects)
                if type(a) is ab.KeywordAbility and (_defined(a.name)):
                    extra = _expanded(extra, obj.name, obj.name, face.type_line)
                    break
                if type(a) is ab.LoseAbility:
                    lost = True
            if lost:
                return _after_losses(obj, found)
            return list(found) + extra
    return found


def _static_loss(obj: Any) -> bool:
    """Whether a static ability takes abilities away from ``obj`` (613.1f)."""
    for m in obj.static_mods:
        for a in m.abilities:
            if type(a) is ab.LoseAbility:
                return True
    return False


def _after_losses(obj: Any, printed: list[Any]) -> list[Any]:
    """613.1f (layer 6), in timestamp order (613.7): "loses all abilities" removes every
    ability it had before (printed, and gained from earlier effects, static ones included:
    an Equipment's grant with an earlier timestamp is lost too); "loses flying" removes those
    keyword abilities. Abilities gained later stay; so do those the removing effect itself
    grants ("is a Treasure artifact with '...' and loses all other abilities": its
    LoseAbility comes first in the modification)."""
    have: list[Any] = list(printed)
    mods = list(obj.static_mods) + list(obj.mods)
    for m in sorted(mods, key=lambda m: m.timestamp):
        for a in m.abilities:
            if type(a) is ab.LoseAbility:
                if a.all_abilities:
                    have = []
                else:
                    names = {k.name for k in a.keywords}
                    have = [x for x in have
                            if not (isinstance(x, ab.KeywordAbility) and x.name in names)]
            else:
                have.append(a)
    return _expanded(have, obj.name, obj.name, obj.face.type_line)


def _has_loss(obj: Any) -> bool:
    for m in obj.mods:
        for a in m.abilities:
            if type(a) is ab.LoseAbility:
                return True
    return bool(obj.static_mods) and _static_loss(obj)


def lost_any(obj: Any) -> bool:
    """Whether an effect takes abilities away from ``obj`` (613.1f): then
    :func:`object_abilities` lists everything it has, static grants included."""
    return bool(obj.mods or obj.static_mods) and _has_loss(obj)


def has_keyword(obj: Any, name: str) -> bool:
    """Keyword check; compiled keyword names are folded into ``Face.keywords`` at compile time."""
    face = obj.face
    if face.abilities is None:
        object_abilities(obj)
        face = obj.face
    if (obj.mods or obj.static_mods) and _has_loss(obj):
        # 613.1f: a lost keyword is gone; those granted later stay (static grants included)
        return any(isinstance(a, ab.KeywordAbility) and a.name == name
                   for a in object_abilities(obj))
    if name in face.keywords:
        return True
    counters = obj.counters
    if counters and name in KEYWORD_COUNTERS and counters.get(name, 0) > 0:
        return True  # 122.1b: a keyword counter gives the permanent that keyword
    if obj.mods or obj.static_mods:
        return obj.has_keyword(name)
    return False


# 122.1b: the keyword counters (a permanent with one has that keyword)
KEYWORD_COUNTERS = frozenset((
    "flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
    "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample",
    "vigilance"))


def flashback_cost_text(obj: Any, fb: Any) -> str:
    """The mana of ``obj``'s flashback ability ``fb`` (702.34a): its printed cost, or, for a
    flashback granted "with a flashback cost equal to its mana cost", the card's mana cost."""
    if fb.cost is not None:
        return fb.cost.mana or ""
    if fb.parameter == FLASHBACK_MANA_COST:
        return obj.face.mana_cost or ""
    return fb.parameter or ""


def keyword_ability(obj: Any, name: str) -> Any:
    """The object's first keyword ability called ``name`` (None without one). Printed ones
    are looked up in a per-face table; an object with modifications is scanned in full."""
    if obj.mods or (obj.static_mods and _static_loss(obj)):
        for a in object_abilities(obj):
            if isinstance(a, ab.KeywordAbility) and a.name == name:
                return a
        return _granted_keyword(obj, name)
    if obj.static_mods:
        return _face_keyword(obj, name) or _granted_keyword(obj, name)
    return _face_keyword(obj, name)


def _granted_keyword(obj: Any, name: str) -> Any:
    """A keyword ability a static ability gives ``obj`` (613.1f; "Spells you cast have
    convoke", statics_spells), unless it has lost abilities (then object_abilities has it)."""
    if not obj.static_mods or _static_loss(obj):
        return None
    for m in obj.static_mods:
        for a in m.abilities:
            if type(a) is ab.KeywordAbility and a.name == name:
                return a
    return None


def keyword_instances(obj: Any, name: str) -> list[Any]:
    """Every instance of keyword ``name`` the object has, printed and granted (702.41b:
    several instances of affinity each apply)."""
    found = [a for a in object_abilities(obj) if isinstance(a, ab.KeywordAbility)
             and (a.name or "").lower() == name]
    if obj.static_mods and not _static_loss(obj):
        found += [a for m in obj.static_mods for a in m.abilities
                  if type(a) is ab.KeywordAbility and (a.name or "").lower() == name]
    return found


def keyword_abilities(obj: Any) -> list[Any]:
    """Every keyword ability the object has: its own, then those static abilities give it
    (613.1f; "Each creature card in your hand has cycling {1}{U}", statics.apply)."""
    found = [a for a in object_abilities(obj) if isinstance(a, ab.KeywordAbility)]
    if obj.static_mods and not _static_loss(obj):
        found += [a for m in obj.static_mods for a in m.abilities if type(a) is ab.KeywordAbility]
    return found


def _face_keyword(obj: Any, name: str) -> Any:
    face = obj.face
    table = face.keyword_table
    if table is None:
        table = {}
        for a in object_abilities(obj):
            if isinstance(a, ab.KeywordAbility):
                table.setdefault(a.name, a)
        face.keyword_table = table
    return table.get(name)


def activated_abilities(obj: Any) -> list[Any]:
    """Activated abilities in printed order, then gained ones: from resolved effects, then from
    static abilities ("Max speed - {T}: ...", a Class level, "Equipped creature has '...'",
    613.1f layer 6). The printed list is cached per face."""
    face = obj.face
    if obj.static_mods and (obj.mods or _static_loss(obj)) and _has_loss(obj):
        # 613.1f: with a loss, object_abilities lists the static grants too (timestamp order)
        return [a for a in object_abilities(obj) if isinstance(a, ab.ActivatedAbility)]
    if obj.mods or face.activated is None:
        found = [a for a in object_abilities(obj) if isinstance(a, ab.ActivatedAbility)]
        if not obj.mods:
            face.activated = found
    else:
        found = face.activated
    if obj.static_mods:
        extra = granted_by_statics(obj, ab.ActivatedAbility)
        granted_kws = [a for m in obj.static_mods for a in m.abilities
                       if type(a) is ab.KeywordAbility and _defined(a.name)]
        if granted_kws:  # "... and have equip {2}": the keyword's own ability (702.6a)
            extra = extra + [a for a in _expanded(granted_kws, obj.name, obj.name,
                                                  face.type_line)
                             if isinstance(a, ab.ActivatedAbility)]
        if extra:
            return found + extra
    return found


def granted_by_statics(obj: Any, kind: type) -> list[Any]:
    """Abilities of class ``kind`` that static abilities of permanents grant ``obj`` (the
    ``static_mods`` statics.apply rebuilt, 613.1f), in timestamp order."""
    return [a for m in obj.static_mods for a in m.abilities if type(a) is kind]


def triggered_abilities(obj: Any) -> list[Any]:
    """Triggered abilities, printed then gained (cached per face: the trigger scan is hot)."""
    face = obj.face
    if obj.mods or obj.static_mods or face.triggered is None:
        found = [a for a in object_abilities(obj) if isinstance(a, ab.TriggeredAbility)]
        if obj.static_mods and not _has_loss(obj):
            granted = [a for m in obj.static_mods for a in m.abilities]
            if granted:
                for a in granted:  # (plain loop: a keyword needing expansion is rare)
                    if type(a) is ab.KeywordAbility and (_defined(a.name)):
                        granted = _expanded(granted, obj.name, obj.name, face.type_line)
                        break
                found += [a for a in granted if isinstance(a, ab.TriggeredAbility)]
        elif not obj.mods:
            face.triggered = found
        return found
    return face.triggered


def spell_effects(face: Face, card: CardDef | None) -> tuple[Any, ...]:
    effects: list[Any] = []
    for a in face_abilities(card, face):
        if isinstance(a, ab.SpellAbility):
            effects.extend(a.effects)
    return tuple(effects)


def object_abilities_of_face(obj: Any) -> list[Any]:
    """The abilities of the face ``obj`` has as it enters (entering replacements)."""
    return object_abilities(obj)
