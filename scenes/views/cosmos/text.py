"""Cosmos's words on screen: every tile and card as a hover text, the actions' names, the move
preview. Pure text from the content and the seat's view (no pygame), so it is tested as is."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.words import KEEP  # a tile's line never breaks there: "4 VP" stays whole
from game.cosmos.content import LIFEFORMS, TOKENS, Content, Effect
from game.cosmos.public import Landing, MissionCheck
from game.cosmos.words import ACTION_NAMES, thing

SHORT_ACTIONS = {"evolve": "Evolve", "aggregate": "Aggregate", "create_life": "Create Life",
                 "activate_stars": "Activate", "set_biome": "Biome", "upgrade": "Upgrade",
                 "take_life": "Take Life", "catch_asteroid": "Asteroid", "soup": "Soup"}
WHEEL_NAMES = ACTION_NAMES
"""The rondel names each space as the log, the hover texts and the rules do (play-test, twelfth
session: the wheel said "Upgrade" and "Asteroid" where the log said "Upgrade Console" and "Catch
an Asteroid"); every name fits its space in two lines at 1024x640 (test_cosmos_fit). The offer's
tiles keep SHORT_ACTIONS, their hover texts the full names."""
TINY_ACTIONS = {"aggregate": "+planet", "catch_asteroid": "Asteroid", "catch_free": "Asteroid", "fulfil_biome": "Fulfil",
                "activate_stars": "Activate", "create_life": "Life card"}
"""A granted action on the narrowest tiles, in a word that fits 46 px ("Aggregate" did not; the
hover text names it in full); the others keep their board names."""
TOKEN_NAMES = {"star": "Star", "planet": "Planet", "life": "Life", "wild": "Wild"}
PER_WORDS = {"planets": "Planet", "planet_types": "Planet type", "biomes": "Biome", "fulfilled_biomes": "fulfilled Biome",
             "stars": "Star", "star_tiers": "Star tier", "played": "played life card", "asteroids": "Asteroid",
             "asteroid_types": "Asteroid type", "focus_tiers": "Focus tier", "generator": "Generator step"}
REQUIREMENT_WORDS = {"planet_types": "different Planet types", "asteroid_types": "different Asteroid types",
                     "generator": "Generator advancements", "focus_tier2": "a Focus card at tier 2",
                     "focus_all": "every Focus card upgraded"}
SCORING_WORDS = {"different_stars": "different Stars", "planet_type_max": "Planets of one type",
                 "biome_with_life": "Planets with a Biome and a life card", "focus_tiers": "Focus tiers",
                 "asteroids_on_lifeform": "Asteroids on lifeform spaces",
                 "planets_all_lifeforms": "Planets with all three lifeforms"}
CONDITION_WORDS = {"star_tier3": "Evolve a Star to tier III or IV", "first_asteroid": "Catch a system's first Asteroid",
                   "fulfil_biome": "Fulfil a Biome"}
STEP_OF_FRAME = {"move": "Movement", "retrieve": "Movement", "biome_reward": "Movement", "action": "Action",
                 "activate_stars": "Action", "activate_star": "Action", "granted_action": "Action",
                 "advance": "Action", "place": "Action", "take": "Action", "mission": "Mission"}
STEPS = ("Movement", "Action", "Mission")
FRAME_WORDS = {"move": "Move your Scientist 1-3 spaces ahead (drag it, or click a lit space)",
               "retrieve": "Retrieved token: activate a star (click it) or take 1 entropy",
               "biome_reward": "Scarce Biome: pay 1 entropy for its reward?",
               "activate_stars": "Activate stars: click each star to activate (once each)",
               "activate_star": "Activate a star: click one of your stars",
               "advance": "Lifeform advancement: pick one in the menu over the offers",
               "place": "Put the gained lifeform on a planet (click the planet)",
               "take": "Take a life card: click a deck of the offer",
               "mission": "Mission step: fulfil a mission you meet, or finish the turn"}
ACTION_HOWTO = {"evolve": "drag a star from the stock onto one of your systems",
                "aggregate": "drag a planet from the offer onto an empty planet space",
                "create_life": "drag a life card from your hand onto a planet",
                "activate_stars": "click your stars to activate them",
                "set_biome": "drag a Biome from the offer onto a planet",
                "upgrade": "click the Focus card to upgrade",
                "take_life": "click a life deck of the offer",
                "catch_asteroid": "drag an asteroid onto a planet", "catch_free": "drag an asteroid onto a planet",
                "soup": "click Primordial Soup", "fulfil_biome": "click a planet with a Biome"}


def effect_words(effects: Sequence[Effect]) -> str:
    """An effect list in a line: "2 energy per Planet, take 1 life card"."""
    parts = []
    for e in effects:
        bits = [f"{n} {thing(what)}" for what, n in e.gain]
        gain = " and ".join(bits)
        if gain and e.per:
            gain += f" per {PER_WORDS.get(e.per, e.per.replace('_', ' '))}"
        if gain:
            parts.append(gain)
        if e.advance:
            parts.append(f"{e.advance} lifeform advancement{'s' * (e.advance > 1)}")
        if e.cards:
            parts.append(f"take {e.cards} life card{'s' * (e.cards > 1)}")
        if e.generator:
            parts.append(f"Generator +{e.generator}")
        if e.activate:
            parts.append(f"activate {e.activate} star{'s' * (e.activate > 1)}")
        if e.action:
            parts.append(ACTION_NAMES.get(e.action, e.action))
    return ", ".join(parts) or "nothing"


PICTOGRAMS = ("energy", "mass", "entropy", "bacteria", "plant", "animal", "heat", "carbon", "water", "radiation",
              "advance", "activate", "generator", "done")
"""The things a tile may show by a pictogram where its word does not fit (`scenes/views/cosmos/icons.py`
draws them; the hover text keeps the words)."""
GLYPH: dict[str, str] = {name: chr(0xE000 + i) for i, name in enumerate(PICTOGRAMS)}
"""The character that stands for each pictogram inside a tile's line (a private-use character,
so wrapping and fitting treat it as one letter)."""


def g(name: str) -> str:
    """The pictogram of `name` inside a line of words (its plain word when it has none)."""
    return GLYPH.get(name, name)


def plain(words: str) -> str:
    """`words` with each pictogram written as its word in brackets ("2[energy]"): for tests and logs."""
    for name, ch in GLYPH.items():
        words = words.replace(ch, f"[{name}]")
    return words


GAIN_WORDS = {"energy": "energy", "mass": "mass", "entropy": "entropy", "vp": "VP", "bacteria": "bacteria",
              "plant": "plant", "animal": "animal"}
"""A resource or lifeform spelled out on a tile ("2 energy", "3 VP")."""
PER_SHORT = {"planets": "planet", "planet_types": "planet type", "biomes": "Biome", "stars": "star",
             "asteroids": "asteroid", "played": "card played", "generator": "Generator step", "focus_tiers": "Focus tier",
             "fulfilled_biomes": "fulfilled Biome", "star_tiers": "star tier"}


def gain_short(what: str, n: int) -> str:
    """One gain on a small tile: a pictogram after the number ("2" + energy), "3 VP" in words
    (VP has no pictogram: it is always said)."""
    if what == "vp":
        return f"{n}{KEEP}VP"
    return f"{n}{g(what)}" if what in GLYPH else f"{n}{KEEP}{what}"


def short_effect(effects: Sequence[Effect], tiny: bool = False) -> str:
    """An effect list for a small tile, with pictograms for resources and lifeforms: "2[energy],
    3 VP", "1[advance]", "1 card", "Generator +1", "1[activate]"; `tiny`: the narrowest tiles'
    form, without commas, a per-gain as "/planet" and an action by its short name."""
    parts = []
    for e in effects:
        gain = " ".join(gain_short(what, n) for what, n in e.gain)
        if gain and e.per:
            per = PER_SHORT.get(e.per, e.per.replace("_", " "))
            gain += f"/{per}" if tiny else f" per {per}"
        if gain:
            parts.append(gain)
        if e.advance:
            parts.append(f"{e.advance}{g('advance')}")
        if e.cards:
            parts.append(f"{e.cards}{KEEP}card{'s' * (e.cards > 1)}")
        if e.generator:
            parts.append(f"{g('generator')}+{e.generator}" if tiny else f"Generator{KEEP}+{e.generator}")
        if e.activate:
            parts.append(f"{e.activate}{g('activate')}")
        if e.action:
            parts.append(TINY_ACTIONS.get(e.action, SHORT_ACTIONS.get(e.action, e.action)) if tiny
                         else SHORT_ACTIONS.get(e.action, e.action))
    return (" " if tiny else ", ").join(parts) or "-"


def icons_short(icons: Sequence[str]) -> str:
    """Life conditions as their pictograms, side by side."""
    return "".join(g(i) for i in icons) or "-"


def icons_named(icons: Sequence[str]) -> str:
    """Life conditions as pictogram and word ("[heat]heat [water]water")."""
    return " ".join(f"{g(i)}{i}" for i in icons) or "no conditions"


def needs_short(needs: Sequence[tuple[str, int]]) -> str:
    """A life card's lifeform needs by pictogram: "2[bacteria]" ("" when none)."""
    return " ".join(f"{n}{g(w)}" for w, n in needs)


def needs_words(needs: Sequence[tuple[str, int]]) -> str:
    """A life card's lifeform needs in words: "needs 2 bacteria" ("" when none)."""
    return ("needs " + ", ".join(f"{n} {w}" for w, n in needs)) if needs else ""


def life_gain(gain: int, life: str, words: bool) -> str:
    """What a life card gives: "+3 bacteria" or "+3[bacteria]"."""
    return f"+{gain} {life}" if words else f"+{gain}{g(life)}"


def star_text(c: Content, star: str) -> list[str]:
    st = c.stars[star]
    lines = [f"Star {star} (tier {st.tier})" + (" - starting star" if st.starting else ""),
             f"Icons: {', '.join(st.icons) or 'none'}", f"Activate: {st.cost} entropy -> {effect_words(st.effect)}"]
    if not st.starting:
        lines.append(f"Evolve into it: {st.evolve_cost} energy")
    if st.next:
        lines.append(f"Evolves into: {', '.join(st.next)}")
    return lines


def planet_text(c: Content, planet: int, cost_side: bool = True) -> list[str]:
    p = c.planets[planet]
    lines = [f"Planet P{planet} ({p.type})", f"Icons: {', '.join(p.icons)}", f"Effect: {effect_words(p.effect)}"]
    if cost_side and not p.starting:
        lines.insert(1, f"Cost: {p.cost} mass")
    return lines


def biome_text(c: Content, biome: int) -> list[str]:
    b = c.biomes[biome]
    need = ", ".join(f"{n} {what}" for what, n in b.requirement)
    return [f"Biome B{biome} ({'scarce: its reward costs 1 entropy' if b.scarce else 'abundant'})",
            f"Triggers on landing at: {ACTION_NAMES.get(b.trigger, b.trigger)}",
            f"Reward: {effect_words(b.reward)}", f"Fulfilled with {need} on its planet: {effect_words(b.improved)}"]


def life_text(c: Content, card: int) -> list[str]:
    lc = c.life[card]
    needs = ", ".join(f"{n} {what}" for what, n in lc.needs)
    lines = [f"Life card L{card} ({lc.type})", f"Life conditions: {', '.join(lc.icons) or 'none'}"]
    if needs:
        lines.append(f"Needs on the planet: {needs}" + (" (removed)" if lc.remove else ""))
    lines.append(f"Gives {lc.gain} {lc.type}" + (f"; effect: {effect_words(lc.effect)}" if lc.effect else ""))
    return lines


def mission_text(c: Content, check: MissionCheck) -> list[str]:
    m = c.missions[check.mission]
    if m.requirement == "star":
        need = f"a star {m.arg}"
    elif m.requirement == "system_icons":
        need = f"{m.value} {m.arg} icons in one Solar System"
    elif m.requirement in ("focus_tier2", "focus_all"):
        need = REQUIREMENT_WORDS[m.requirement]
    else:
        need = f"{m.value} {REQUIREMENT_WORDS[m.requirement]}"
    state = "met now: fulfil it in the Mission step" if check.met else f"not yet ({check.have} of {check.need})"
    return [f"Mission M{check.mission}", f"Have {need}", f"Reward: {effect_words(m.reward)}", f"Requirement {state}"]


def focus_text(c: Content, letter: str, token: int, tier: int) -> list[str]:
    tiers = c.focus[letter][token]
    return [f"{TOKEN_NAMES[TOKENS[token]]} Focus card (set {letter}), tier {tier}",
            f"Tier 1: {effect_words(tiers[0])}", f"Tier 2: {effect_words(tiers[1])}",
            "Triggers when you place this token. Upgrade: 3 energy on the Upgrade Console space."]


TOKEN_USE = ("Landing on an inner space leaves this token there (one must be standing); passing it "
             "later brings it back, for 1 star activation or 1 entropy")
"""What a Creation token is for, on its hover text in the console (play-test, twelfth session:
the log's "leaving your planet token there" was explained nowhere)."""


def score_wordings(role: str, score: int, name: str = "") -> list[str]:
    """A seat's running score in words that say what it is, longest first: the tabs and the
    console take the first that fits (play-test, twelfth session: "Orange ~8 VP" did not say
    what the "~" meant, beside the console's own "4 VP" won in play)."""
    named = f"{role} ({name})" if name else role
    out = [f"{named}: {score} VP if the game ended now", f"{named}: {score} VP if it ended now",
           f"{role}: {score} VP if it ended now", f"{role}: {score} VP if ended now"]
    return list(dict.fromkeys(out))


def score_meaning(score: int) -> str:
    return (f"{score} VP if the game ended now: points won in play, lifeform tiles, objectives and "
            "1 VP per 4 leftover cards and resources")


BONUS_KINDS = {"lifeform": "lifeforms more on the life card played", "advance": "lifeform advancements"}


def space_bonus(bonus: str, by_distance: Sequence[int]) -> str:
    """A rondel space's Traffic Bonus on its hover text, as the log calls it and with its amounts
    ("Bonus for a short move: entropy, 2 at distance 1, 1 at distance 2"; it said "Traffic bonus:
    entropy")."""
    amounts = ", ".join(f"{n} at distance {d}" for d, n in enumerate(by_distance, 1) if n)
    return f"Bonus for a short move: {BONUS_KINDS.get(bonus, bonus)}, {amounts}"


def landing_text(landing: Landing) -> list[str]:
    """The preview of one rondel space before the drop: its action, the token it takes, what
    passing brings back, the traffic bonus and the entropy cost; or why it is out of reach."""
    title = f"{ACTION_NAMES.get(landing.action, landing.action)} ({landing.steps} ahead)"
    if landing.reason:
        return [title, f"Cannot land: {landing.reason}"]
    lines = [title]
    if landing.space % 2 == 0:
        lines.append(f"Places your {TOKEN_NAMES[TOKENS[landing.token]]} token")
    for t in landing.retrieved:
        lines.append(f"Retrieves the {TOKEN_NAMES[TOKENS[t]]} token: 1 star activation or 1 entropy")
    if landing.unlocks_wild:
        lines.append("Unlocks your Wild token")
    if landing.occupied:
        lines.append("Occupied: +1 distance")
    if landing.entropy_cost:
        lines.append(f"Costs {landing.entropy_cost} entropy (3 spaces onto another Scientist)")
    kind = "lifeforms" if landing.bonus == "lifeform" else "lifeform advancements" if landing.bonus == "advance" \
        else landing.bonus
    with_card = " more on the life card you play (none without one)" if landing.action == "create_life" else ""
    lines.append(f"Bonus for a short move (distance {landing.distance}): {landing.bonus_units} {kind}{with_card}")
    return lines


def resources_line(p: dict[str, object]) -> str:
    return f"{p['energy']} energy  {p['mass']} mass  {p['entropy']} entropy  {p['vp']} VP"


def lifeform_counts(life: Sequence[int]) -> str:
    """A planet's lifeforms by pictogram: "4[plant] 1[animal]" ("" when none)."""
    return " ".join(f"{n}{g(name)}" for n, name in zip(life, LIFEFORMS) if n)


ONE_LIFEFORM = {"bacteria": "bacterium", "plant": "plant", "animal": "animal"}


def catch_words(payment: tuple[int, int], extra_mass: bool, free: bool) -> str:
    """One way to catch a dropped asteroid: its space and what it costs ("Lifeform space: pay 1
    bacterium", "Mass space: pay 2 mass"), for the drop preview and the chooser's buttons."""
    space, life = payment
    if free:
        return f"Asteroid space {space + 1}, free"
    extra = " and 1 more mass" if extra_mass else ""
    if space == 0:
        return f"Lifeform space: pay 1 {ONE_LIFEFORM[LIFEFORMS[life]]} from the planet{extra}"
    return f"Mass space: pay {3 if extra_mass else 2} mass"
