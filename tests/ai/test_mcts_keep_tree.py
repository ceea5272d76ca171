"""MCTS's optional kept tree (`SearchBudget.keep_tree`): the next decision starts from the node the
played moves and the chance draw lead to, with its statistics, and from a fresh tree otherwise."""

from __future__ import annotations

import dataclasses

from game.ai.knowledge import get_knowledge
from game.ai.mcts import MCTS, SearchBudget
from game.core.protocol import CHANCE
from tests.ai.test_agents import random_position

KEEP = SearchBudget(iterations=300, rollout_depth=1, keep_tree=True)


def test_the_next_decision_starts_from_the_node_the_played_moves_and_draw_lead_to() -> None:
    state = random_position(3, 32)
    seat = state.to_act()[0]
    search = MCTS(get_knowledge("order-chaos"), KEEP, 7)
    move = search.choose(state, seat)
    assert search._kept is not None
    after_move = search._kept.root.children[move]
    assert after_move.actor == CHANCE
    draw, after_draw = max(after_move.children.items(), key=lambda kv: kv[1].visits)
    reply, node = max(after_draw.children.items(), key=lambda kv: kv[1].visits)
    assert node.actor == seat and node.visits > 0
    for cmd in (move, draw, reply):
        state.apply(cmd)
    before = node.visits
    assert search.choose(state, seat) in state.candidates(seat)
    assert search.kept_visits == before
    assert search.stats.iterations == KEEP.iterations  # the level's iterations come on top
    assert node.visits == before + KEEP.iterations


def test_a_position_the_tree_never_reached_or_a_budget_without_it_starts_afresh() -> None:
    state = random_position(3, 32)
    seat = state.to_act()[0]
    search = MCTS(get_knowledge("order-chaos"), KEEP, 7)
    search.choose(state, seat)
    other = random_position(5, 32)  # another game altogether
    assert other.to_act() == [seat]
    search.choose(other, seat)
    assert search.kept_visits == 0
    plain = MCTS(get_knowledge("order-chaos"), dataclasses.replace(KEEP, keep_tree=False), 7)
    move = plain.choose(state, seat)
    state.apply(move)
    assert plain._kept is None and plain.kept_visits == 0


def test_a_kept_tree_replays_the_same_moves_for_a_seed() -> None:
    def game(seed: int) -> list[object]:
        state = random_position(3, 20)
        search = MCTS(get_knowledge("order-chaos"), dataclasses.replace(KEEP, iterations=80), seed)
        played: list[object] = []
        for _ in range(12):
            actors = state.to_act()
            if actors == [CHANCE]:
                cmd = state.sample_chance()
            else:
                cmd = search.choose(state, actors[0])
                played.append(cmd)
            state.apply(cmd)
        return played

    assert game(4) == game(4)
