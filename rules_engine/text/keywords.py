"""Keyword lines (rule 702): "Flying", "Flying, trample", "Ward {2}", "Ward—Pay 2 life",
"Equip {3}", "Protection from creatures", "Flashback {2}{R}{G}", "Escape—{3}{B}{B}, Exile five
other cards from your graveyard", "Daybound", "Nightbound", "Choose a Background"."""

from __future__ import annotations

import re

from rules_engine.abilities import Cost, KeywordAbility
from rules_engine.text.costs import parse_cost, parse_cost_choice

# Keywords without parameter (rule 702.2 ff.).
SIMPLE = {
    "flying", "first strike", "double strike", "deathtouch", "defender", "haste",
    "hexproof", "indestructible", "lifelink", "menace", "reach", "trample", "vigilance", "flash",
    "trample over planeswalkers",
    "daybound", "nightbound", "prowess", "changeling", "convoke", "delve", "exalted", "fear",
    "intimidate", "shroud", "storm", "cascade", "flanking", "horsemanship", "shadow",
    "skulk", "undying", "persist", "wither", "infect", "rebound", "split second", "sunburst",
    "living weapon", "devoid", "ingest", "myriad", "melee", "fabricate", "partner",
    "improvise", "ascend", "riot", "mentor", "afterlife", "jump-start", "training",
    "decayed", "ravenous", "read ahead", "enlist", "for mirrodin!", "backup", "toxic",
    "unleash", "evolve", "extort", "cipher", "soulbond", "battle cry", "dethrone",
    "hideaway", "demonstrate", "compleated", "epic", "haunt", "banding",
    "phasing", "provoke", "bushido", "gravestorm", "double team", "umbra armor", "totem armor",
    "offspring", "gift", "start your engines!", "job select", "mobilize", "sneak", "solved",
    "bargain", "conspire", "retrace", "suspend", "transmute", "bloodthirst",
    "increment", "paradigm", "hidden agenda", "double agenda", "station", "firebending",
    "web-slinging", "max speed", "exhaust",
    "fuse", "spree", "tiered", "choose a background", "friends forever",
    "doctor's companion", "assist", "sidekick", "undaunted",
    "spectacle", "exploit", "renown", "devour", "graft", "modular", "fading",
    "vanishing", "annihilator", "rampage", "absorb", "afflict", "crew", "fortify",
    "reconfigure", "amplify", "tribute", "dash", "blitz", "prototype", "squad", "casualty",
    "more than meets the eye", "disturb", "cleave", "foretell", "boast", "encore",
    "mutate", "companion", "escape", "embalm", "eternalize", "aftermath", "emerge",
    "outlast", "scavenge", "unearth", "miracle", "overload", "bestow", "kicker", "multikicker",
    "buyback", "echo", "cycling", "madness", "morph", "megamorph", "ninjutsu", "evoke",
    "flashback", "equip", "ward", "landwalk", "protection", "affinity", "hexproof from",
}
# Keywords whose parameter is a cost, possibly after an em dash (rule 702.21a Ward, 702.6 Equip).
COSTED = ("cumulative upkeep", "augment", "ward",
          "equip", "flashback", "escape", "cycling", "kicker", "echo", "unearth",
          "madness", "embalm", "eternalize", "dash", "blitz", "disturb", "foretell", "encore",
          "buyback", "evoke", "megamorph", "morph", "ninjutsu", "bestow", "overload",
          "reconfigure", "fortify", "crew", "scavenge", "outlast", "multikicker", "mutate",
          "disguise", "plot", "spectacle", "surge", "emerge", "prowl", "miracle", "transmute",
          "retrace", "harmonize", "mayhem", "warp", "station", "exhaust", "freerunning",
          "impending", "offspring", "squad", "cleave", "boast", "craft", "level up", "transfigure",
          "sneak", "web-slinging",
          "channel", "aura swap", "entwine", "recover", "replicate", "suspend", "awaken",
          "escalate")
# costed keywords with a meaning of their own when printed without a cost
BARE_COSTED = ("mayhem",)  # 702.187c: "You may play this card from your graveyard if ..."
NUMBERED = ("firebending", "toxic", "afflict", "annihilator", "bushido", "modular", "fading",
            "vanishing",
            "rampage", "absorb", "crew", "renown", "tribute", "devour", "graft", "amplify",
            "bloodthirst", "fabricate", "backup", "mobilize", "afterlife", "frenzy", "dredge",
            "ripple", "soulshift", "poisonous", "casualty", "hideaway", "ravenous", "saddle",
            "station", "teamwork")

_KW_RE = re.compile(
    r"^(?P<name>" + "|".join(sorted((re.escape(k) for k in set(SIMPLE) | set(COSTED)
                                     | set(NUMBERED)), key=len, reverse=True))
    + r")(?P<rest>.*)$", re.I)
_LANDWALK_RE = re.compile(r"^(?:\w+ )?(?:land|forest|island|swamp|mountain|plains)walk$", re.I)


def parse_keyword(text: str) -> KeywordAbility | None:
    """Parse one keyword instance, or None when ``text`` is not a keyword."""
    t = text.strip().rstrip(".")
    low = t.lower()
    m = re.match(r"^(?P<kind>(?:basic )?[a-z]+)cycling (?P<cost>\{.+)$", t, re.I)
    if m and m.group("kind").lower() != "cycling" and parse_cost(m.group("cost")) is not None:
        # typecycling / landcycling (rule 702.29e-f): "Plainscycling {2}"
        return KeywordAbility(name="typecycling", parameter=m.group("kind").lower(),
                              cost=parse_cost(m.group("cost")), text=t)
    m = re.match(r"^splice onto (?P<what>[A-Z]\w*) (?P<cost>\{.+)$", t, re.I)
    if m and parse_cost(m.group("cost")) is not None:  # rule 702.47a
        return KeywordAbility(name="splice", parameter=m.group("what"),
                              cost=parse_cost(m.group("cost")), text=t)
    m = re.match(r"^craft with (?P<what>[^{]+?) (?P<cost>\{.+)$", t, re.I)
    if m and parse_cost(m.group("cost")) is not None:  # rule 702.167a: "Craft with [materials]"
        return KeywordAbility(name="craft", parameter=m.group("what"),
                              cost=parse_cost(m.group("cost")), text=t)
    m = re.match(r"^ward \{X\},? where X is (?P<amt>.+)$", t, re.I)
    if m:  # 702.21a with an X the text defines (107.3): counted as ward triggers (triggers._ward)
        return KeywordAbility(name="ward", parameter="{X}", cost=parse_cost("{X}"), text=t)
    m = re.match(r"^equip (?P<what>(?!\{)[^{—]+?) ?(?P<cost>\{.+)$", t, re.I)
    if m and parse_cost(m.group("cost")) is not None:
        # 702.6e (301.5c): "Equip [quality] [cost]": attach to target [quality] creature you
        # control ("Equip planeswalker": to a planeswalker); the parameter is the target's noun
        what = m.group("what").strip()
        if not re.search(r"\b(?:creature|planeswalker)$", what, re.I):
            what += " creature"
        return KeywordAbility(name="equip", parameter=what, cost=parse_cost(m.group("cost")),
                              text=t)
    if re.match(r"^devour x, where x is the number of creatures devoured this way$", t, re.I):
        return KeywordAbility(name="devour", parameter="X", text=t)  # (107.3a, 702.82a)
    m = re.match(r"^devour (?P<what>[a-z]+) (?P<n>\d+)$", t, re.I)
    if m:  # 702.82b: "Devour [quality] N" (the quality is kept in the keyword's text)
        return KeywordAbility(name="devour", parameter=m.group("n"), text=t)
    if _LANDWALK_RE.match(t):
        return KeywordAbility(name="landwalk", parameter=low.replace("walk", ""), text=t)
    m = re.match(r"^(protection|hexproof) from (.+)$", t, re.I)
    if m:
        return KeywordAbility(name=m.group(1).lower(), parameter="from " + m.group(2), text=t)
    m = re.match(r"^partner\s*—\s*(.+)$", t, re.I)
    if m:  # 702.124i: "Partner—Character select", "Partner—Survivors" (deck construction only)
        return KeywordAbility(name="partner", parameter=m.group(1).strip(), text=t)
    if low in ("choose a background", "friends forever", "partner", "doctor's companion"):
        return KeywordAbility(name=low, text=t)
    m = re.match(r"^(awaken|reinforce|suspend|level up|casualty) (\d+|X)\s*—\s*(.+)$", t, re.I)
    if m:
        # ("Suspend X—{X}{3}{R}. X can't be 0.": the limit on X is kept as the rider, 702.62c)
        body, rider = split_rider(m.group(3))
        cost = parse_cost(body)
        if cost is not None:
            return KeywordAbility(name=m.group(1).lower(), parameter=m.group(2), cost=cost, text=t,
                                  rider=rider)
    m = re.match(r"^prototype (?P<cost>(?:\{[^}]+\})+)\s*—\s*(?P<pt>\d+/\d+)$", t, re.I)
    if m and parse_cost(m.group("cost")) is not None:
        # 702.160a / 718.1: "Prototype [mana cost] — [power]/[toughness]", the inset frame's
        # second set of characteristics (the mana cost as the cost, the P/T as the parameter)
        return KeywordAbility(name="prototype", parameter=m.group("pt"),
                              cost=parse_cost(m.group("cost")), text=t)
    m = re.match(r"^ward\s*—\s*(?P<a>[^{].*?) or (?P<b>.+)$", t, re.I)
    if m and parse_cost_choice(f"{m.group('a')} or {m.group('b')}") is not None:
        # 702.21a with a choice of costs: "Ward—Discard a card or pay {2}" (the choice is the
        # parameter, read by triggers._ward)
        return KeywordAbility(name="ward", parameter=f"{m.group('a')} or {m.group('b')}",
                              text=t)
    m = re.match(r"^cumulative upkeep (\{[^}]+\}) or (\{[^}]+\})$", t, re.I)
    if m:  # rule 702.24a with a choice each time: "Cumulative upkeep {G} or {W}"
        return KeywordAbility(name="cumulative upkeep", parameter=f"{m.group(1)} or {m.group(2)}",
                              text=t)
    # (702.174a: "Gift a Food", "Gift an extra turn"; "Gift of Chaos — ..." is an ability word)
    m = re.match(r"^(affinity for|gift(?= an? )) (.+)$", t, re.I)
    if m:
        return KeywordAbility(name=m.group(1).lower(), parameter=m.group(2), text=t)
    m = re.match(r"^enchant (.+)$", t, re.I)
    if m:
        return KeywordAbility(name="enchant", parameter=m.group(1), text=t)
    m = re.match(r"^firebending x, where x is (.+)$", t, re.I)
    if m:  # 702.189a with a described X ("Firebending X, where X is ~'s power")
        return KeywordAbility(name="firebending", parameter="X, where X is " + m.group(1),
                              text=t)
    m = re.match(r"^partner with (.+)$", t, re.I)
    if m:
        return KeywordAbility(name="partner with", parameter=m.group(1), text=t)
    m = _KW_RE.match(t)
    if not m:
        return None
    name = m.group("name").lower()
    rest = m.group("rest")
    if not rest.strip():
        if name in COSTED and name not in SIMPLE and name not in BARE_COSTED:
            return None
        return KeywordAbility(name=name, text=t)
    if name in NUMBERED:
        m2 = re.match(r"^ (\d+|X)$", rest)
        if m2:
            return KeywordAbility(name=name, parameter=m2.group(1), text=t)
    if name in COSTED:
        r = rest.strip()
        if r.startswith("—"):
            r = r[1:].strip()
        elif not rest.startswith(" "):
            return None
        r, rider = split_rider(r)
        cost = parse_cost(r)
        if cost is None:
            return None
        return KeywordAbility(name=name, cost=cost, text=t, rider=rider)
    if name in NUMBERED:
        m2 = re.match(r"^ (\d+|X)$", rest)
        if m2:
            return KeywordAbility(name=name, parameter=m2.group(1), text=t)
    return None


_RIDER_RE = re.compile(r"^(?P<cost>.+?)\.\s+(?P<rider>(?:Activate only [^.]+|X can't be 0)"
                       r"(?:\.\s*Activate only [^.]+)*)$")


def split_rider(text: str) -> tuple[str, str]:
    """"Pay 3 life. Activate only once each turn." -> ("Pay 3 life", "Activate only once each
    turn."): 702.6 / 602.5b, a keyword written "[Keyword]—[cost]" may be followed by a limit on
    when its activated ability is activated; the limit belongs to that ability (the cost is
    whatever the cost grammar reads). "X can't be 0." after a suspend cost limits its X
    (702.62c, read by mechanics.suspend)."""
    m = _RIDER_RE.match(text.strip().rstrip("."))
    if m is None:
        return text, ""
    return m.group("cost"), m.group("rider").strip() + "."


def parse_keyword_line(text: str) -> tuple[KeywordAbility, ...] | None:
    """Parse a keyword line ("Flying, trample", "Flying; vigilance"); None unless every item is
    a keyword (rule 702.1: several keywords may share one line, separated by commas)."""
    t = text.strip()
    if not t:
        return None
    single = parse_keyword(t)
    if single is not None:
        return (single,)
    m = re.match(r"^(kicker) ((?:\{[^}]+\})+) and/or ((?:\{[^}]+\})+)$", t.rstrip("."), re.I)
    if m:  # 702.33c: "Kicker [cost 1] and/or [cost 2]" is two kicker abilities, each paid once
        both = (parse_keyword(f"{m.group(1)} {m.group(2)}"), parse_keyword(f"{m.group(1)} "
                                                                           f"{m.group(3)}"))
        if None not in both:
            return tuple(k for k in both if k is not None)
    items = re.split(r"[,;]\s*", t)
    result = []
    for it in items:
        kw = parse_keyword(it)
        if kw is None:
            return None
        result.append(kw)
    return tuple(result)


def parse_keyword_list(text: str) -> tuple[KeywordAbility, ...] | None:
    """Keywords granted by an effect: "flying", "trample and haste", "first strike",
    "trample, indestructible, and haste", "protection from creatures"."""
    t = text.strip()
    parts = [p for p in re.split(r",\s*(?:and\s+|or\s+)?(?!from\b)|\s+and\s+(?!from\b)", t) if p]
    result = []
    for p in parts:
        kw = parse_keyword(p)
        if kw is None:
            return None
        result.append(kw)
    return tuple(result) if result else None


def empty_cost() -> Cost:
    """A cost with no parts (used for keyword abilities without a cost)."""
    return Cost()
