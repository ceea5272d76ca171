"""Order & Chaos views: plain, open data that is a copy, never the state itself."""

from __future__ import annotations

import copy
import json

from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.order_chaos.commands import Place, Slide
from game.order_chaos.state import OrderChaosState

OC = get_game("order-chaos")


def _after_place_and_slide() -> OrderChaosState:
    s = OC.new({}, 4)
    s.apply(s.sample_chance())
    s.apply(Place(1, (3, 3)))
    s.apply(Slide(0, (3, 3), (3, 0)))
    return s


def test_bug_view_last_move_is_not_aliased_to_state() -> None:
    """Bug: view()["last"] was the state's own dict, so a screen that edited
    the view (e.g. to animate the last move) silently changed the state."""
    s = _after_place_and_slide()
    before = copy.deepcopy(s.view(0))
    v = s.view(0)
    v["last"]["src"][0] = 6
    v["last"]["type"] = "pass"
    assert s.view(0) == before


def test_mutating_any_part_of_a_view_leaves_the_state_alone() -> None:
    s = _after_place_and_slide()
    before_view, before_notation = copy.deepcopy(s.view(1)), s.notation()
    v = s.view(1)
    v["board"][3][0] = None
    v["bag"][0] = 99
    v["odds"].clear()
    v["half_scores"][0] = 1234
    v["roles"]["order"] = 1
    v["to_act"].append(0)
    assert s.view(1) == before_view
    assert s.notation() == before_notation


def test_view_shows_the_open_facts() -> None:
    s = _after_place_and_slide()
    v = s.view(0)
    json.dumps(v)  # plain data
    colour = s.at((3, 0))
    assert colour is not None and v["board"][3][0] == colour
    assert v["board"][3][3] is None
    assert v["bag_total"] == 48 == sum(v["bag"])
    assert v["to_act"] == [CHANCE]
    assert v["roles"] == {"order": 0, "chaos": 1}
    assert v["last"] == {"type": "slide", "src": [3, 3], "dst": [3, 0]}
    # Nothing is hidden in this game: both seats see the same facts.
    v1 = s.view(1)
    assert {k: x for k, x in v.items() if k != "seat"} == {k: x for k, x in v1.items() if k != "seat"}
