"""Play-test (twelfth session): a new player read the log at 1024x640 without the rulebook. The
Traffic Bonus, a token "placed" and a gain of several sources said nothing of why; an action's
line came after its cost and its consequences. Each line now says what happened and why, a gain
names each of its sources, and an action's line leads its details."""

from __future__ import annotations

from game.core.protocol import Event
from game.core.words import LogEntry
from game.cosmos import commands as C
from game.cosmos import events as E
from game.cosmos import model as M
from game.cosmos.content import builtin_content
from game.cosmos.game import COSMOS
from game.cosmos.words import describe
from tests.games.cosmos.positions import bare, planet, play, system, turn

CONTENT = builtin_content()
NAMES = ["You", "Computer"]
YOU, OTHER = 0, 1


def log(events: list[Event]) -> list[str]:
    """The log's lines for the events of one command, as the person in seat 0 reads them."""
    return [line.text for line in COSMOS.describe_log([LogEntry(1, YOU, e) for e in events], NAMES, YOU)]


def test_the_traffic_bonus_says_what_it_gave_and_why() -> None:
    assert describe(E.Gained(YOU, "energy", 2, "traffic"), NAMES, YOU, CONTENT).text == \
        "You gain 2 energy for a short move"
    line = describe(E.Paid(OTHER, "entropy", 1, "traffic"), NAMES, YOU, CONTENT).text
    assert line == "Computer pays 1 entropy for moving 3 steps onto another Scientist"  # was "for the Traffic Bonus"
    for event in (E.Gained(YOU, "mass", 1, "traffic"), E.Lifeforms(YOU, 0, 0, 1, 1, "traffic"),
                  E.Passed(YOU, "action", "evolve", 0, -1, None), E.Passed(YOU, "action", "create_life", 0, -1, None)):
        words = describe(event, NAMES, YOU, CONTENT)
        assert words is not None and "Traffic Bonus" not in words.text, words


def test_a_move_says_the_token_is_left_there_and_when_it_counts_farther() -> None:
    """It said "placing the planet token (traffic distance 1)"."""
    alone = describe(E.Moved(YOU, 3, 4, 1, 2, 1), NAMES, YOU, CONTENT)
    assert alone is not None and alone.text == "You move 1 step to Create Life, leaving your life token there"
    crowded = describe(E.Moved(OTHER, 1, 4, 2, 3, 3), NAMES, YOU, CONTENT)
    assert crowded is not None and crowded.text == \
        "Computer moves 2 steps to Create Life, leaving their wild token there (another Scientist is there: " \
        "counts as 3 steps)"
    outer = describe(E.Moved(YOU, 1, 3, 1, -1, 1), NAMES, YOU, CONTENT, ("",) * 3 + ("soup",))
    assert outer is not None and outer.text == "You move 1 step to Primordial Soup"


def test_lifeforms_from_a_card_and_the_traffic_bonus_name_both_sources() -> None:
    """Orange moves 2 to Create Life (1 lifeform of bonus) and plays plant card L30 (2 plants):
    the line said "You gain 3 plants (life card L30)"."""
    s = bare(2)
    o = s.players[YOU]
    system(s, YOU, "IIC")
    planet(s, YOU, 0, 0, 23, life=(2, 0, 0), asteroids=("heat", ""))
    o.hand, o.energy, o.pos = [30, 1], 1, 1
    turn(s, YOU)
    play(s, C.Move(YOU, 2, 2))
    events = play(s, C.PlayLife(YOU, 30, 0, 0, 1, "heat"))
    gains = [(e.delta, e.source) for e in events if isinstance(e, E.Lifeforms) and e.delta > 0]
    assert gains == [(2, "life:30"), (1, "traffic")]  # each share by its source
    assert "You gain 3 plants (2 from life card L30, 1 for a short move)" in log(events)
    assert describe(E.Lifeforms(YOU, 0, 0, 1, 2, "life:30"), NAMES, YOU, CONTENT).text == \
        "You gain 2 plants (life card L30)"  # one source alone: as before


def test_an_actions_line_leads_its_cost_and_its_effect() -> None:
    """Aggregate Planet read "You pay 3 mass...", "You gain 1 energy from planet P25", "Planet P30
    is turned up", and only then "You aggregate planet P25"."""
    s = bare(2)
    p = s.players[YOU]
    si = system(s, YOU, "IA")
    pid = next(pl.id for pl in CONTENT.planets.values() if not pl.starting and pl.effect and
               all(what in ("energy", "mass", "entropy", "vp") for e in pl.effect for what, _ in e.gain) and
               not any(e.action or e.advance or e.cards or e.activate for e in pl.effect))
    s.planet_piles[0].top = pid
    p.mass = 10
    turn(s, YOU, M.Acting(YOU, "aggregate", 0))
    lines = log(play(s, C.Aggregate(YOU, 0, si, 1)))
    head = f"You aggregate planet P{pid} ({CONTENT.planets[pid].type}) into system 1"
    assert lines[0] == head, lines
    assert lines[1] == f"You pay {CONTENT.planets[pid].cost} mass for the Aggregate Planet action"
    assert any(f"from planet P{pid}" in line for line in lines[2:])
    assert p.systems[si].planets[1] is not None and lines.count(head) == 1  # placed, and said once

    s = bare(2)
    system(s, YOU, "IB")
    s.players[YOU].energy = 3
    turn(s, YOU, M.Acting(YOU, "evolve", 0))
    assert log(play(s, C.Evolve(YOU, 0, "IIB")))[:2] == ["You evolve IB into IIB in system 1",
                                                         "You pay 2 energy for the Evolve a Star action"]


def test_a_move_leads_the_tokens_it_brings_back() -> None:
    s = bare(2)
    o = s.players[YOU]
    system(s, YOU, "IA")
    o.pos, o.entropy = 2 * 5 + 1, 1
    o.tokens[0] = 0
    s.players[OTHER].pos = 2
    turn(s, YOU)
    lines = log(play(s, C.Move(YOU, 2, 1)))
    assert lines[0].startswith("You move 2 steps to Aggregate Planet"), lines
    assert lines[1] == "You retrieve the star token"
