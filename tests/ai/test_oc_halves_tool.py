"""The ninth session's experiment options of `tools/oc_order_halves.py` (issue 18): a late budget
and a modelled greedy Chaos. Kept so the figures in `docs/rules/order-chaos.md` can be rerun."""

from __future__ import annotations

from game.ai.agents import GreedyAgent, MCTSAgent
from game.core.protocol import Command, Seat, State
from game.order_chaos.ai import OrderChaosKnowledge
from game.order_chaos.commands import Place
from game.order_chaos.state import PLACE, OrderChaosState
from tests.ai.test_agents import random_position
from tools.oc_order_halves import ChaosModelKnowledge, LateAgent, level_agent


class _Named(GreedyAgent):
    """A greedy agent that records that it was asked."""

    def __init__(self) -> None:
        super().__init__(OrderChaosKnowledge(), 1)
        self.asked = 0

    def choose(self, state: State, seat: Seat) -> Command:
        self.asked += 1
        return super().choose(state, seat)


def _chaos_to_place() -> OrderChaosState:
    for plies in range(20, 30):
        state = random_position(5, plies)
        if state.phase == PLACE:
            return state
    raise AssertionError("no Chaos decision found")


def test_the_modelled_chaos_offers_the_tree_only_the_greedy_chaos_best_places() -> None:
    state = _chaos_to_place()
    seat = state.to_act()[0]
    everything = OrderChaosKnowledge().scored_commands(state, seat)
    modelled = ChaosModelKnowledge(0.7, 1).scored_commands(state, seat)
    assert len(everything) > 1 and len(modelled) == 1
    best = max(v for v, _ in everything)  # the greedy Chaos's own one-ply scores (potential 0.5)
    greedy_places = {c for v, c in everything if v >= best - 1e-9}
    assert isinstance(modelled[0][1], Place) and modelled[0][1] in greedy_places
    assert len(ChaosModelKnowledge(0.5, 3).scored_commands(state, seat)) == 3


def test_the_late_agent_answers_with_the_late_search_once_few_cells_are_empty() -> None:
    early, late = _Named(), _Named()
    opening, endgame = random_position(3, 10), random_position(3, 120)
    agent = LateAgent(early, late, endgame.board.count(None))
    assert opening.board.count(None) > endgame.board.count(None) > 0
    for state in (opening, endgame):
        agent.choose(state, state.to_act()[0])
    assert early.asked == 1 and late.asked == 1
    built = level_agent("normal", 0.5, 1, late=(12, {"iterations": 4400}))
    assert isinstance(built, LateAgent) and isinstance(built.late, MCTSAgent)
    assert isinstance(built.early, MCTSAgent)
    assert built.late.search.budget.iterations == 4400 and built.early.search.budget.iterations == 550


def test_a_half_reports_each_roles_cpu_when_asked() -> None:
    """Tenth session: the tool counts each role's CPU for the half (a codecup half may use 30 s)."""
    from tools.oc_order_halves import play_half

    cpu: dict[str, float] = {}
    final, at_32, _ = play_half(GreedyAgent(OrderChaosKnowledge(), 1), GreedyAgent(OrderChaosKnowledge(), 2), 3, cpu)
    assert set(cpu) == {"order", "chaos"} and min(cpu.values()) >= 0.0
    assert final >= at_32 >= 0


def test_model_chaos_sets_orders_model_from_the_position_before_each_search() -> None:
    """`--model-chaos` (tenth round): the Order agent turns its knowledge's model on or off from
    the position it is asked in, as the levels do."""
    from game.order_chaos.ai import chaos_seems_greedy
    from tests.ai.test_oc_chaos_model import _play
    from tools.oc_order_halves import ModelAgent

    agent = level_agent("normal", 0.5, 1, iterations=5, model_chaos=True)
    assert isinstance(agent, ModelAgent)
    seen = []
    for chaos in ("greedy", "random", "greedy"):
        state = _play(chaos, 2, 6)
        agent.choose(state, state.order_seat())
        seen.append(agent.knowledge.greedy_chaos)
        assert agent.knowledge.greedy_chaos == chaos_seems_greedy(state)
    assert seen == [True, False, True]


def test_planner_plays_orders_moves_while_chaos_plays_greedy_and_the_search_otherwise() -> None:
    """`--planner FIELD=VALUE` (fifteenth session): the exact look-ahead answers while the model
    holds, the level's search when it does not; its fields parse as `PlannerBudget`'s."""
    from game.order_chaos.planner import PlannerBudget
    from tests.ai.test_oc_chaos_model import _play
    from tools.oc_order_halves import ModelAgent, planner_budget

    assert planner_budget(None) is None and planner_budget(["-"]) == PlannerBudget()
    budget = planner_budget(["deep_moves=0", "max_seconds=2"])
    assert budget == PlannerBudget(deep_moves=0, max_seconds=2.0)
    agent = level_agent("normal", 0.5, 1, iterations=5, planner=budget)
    assert isinstance(agent, ModelAgent) and agent.planner is not None
    search = _Named()
    agent.agent = search
    greedy_state, other_state = _play("greedy", 2, 6), _play("random", 2, 6)
    for state in (greedy_state, other_state):
        assert agent.choose(state, state.order_seat()) in state.candidates(state.order_seat())
    assert search.asked == 1 and agent.planner.stats.root_moves > 0


def test_the_cpu_stretch_tool_times_the_same_work_each_run() -> None:
    """`tools/oc_cpu_stretch.py` (fifteenth session): the positions it times are fixed, so two runs do
    the same work and only the seconds may differ."""
    from tools.oc_cpu_stretch import EMPTIES, positions, stretch

    first, again = positions(), positions()
    assert first == again and [board.count(None) for board, _ in first] == list(EMPTIES)
    cpu, wall = stretch(1)
    assert cpu > 0 and wall > 0


def test_planner_lines_give_the_planner_the_fitted_weights_and_leave_the_search_its_numbers() -> None:
    """`--planner-lines` (sixteenth session): the planner values lines by the fitted weights, the game's
    or a file's, while the level's search keeps its own evaluator numbers."""
    import json
    import tempfile
    from pathlib import Path

    from game.order_chaos.line_fit import LineWeights, fitted_weights
    from game.order_chaos.planner import PlannerBudget
    from tools.oc_order_halves import ModelAgent, planner_lines

    assert planner_lines(None) is None and planner_lines("shipped") == fitted_weights()
    other = LineWeights.like_params(0.5, 1.0, 1.0)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "w.json"
        path.write_text(other.to_json(), encoding="utf-8")
        assert planner_lines(str(path)) == other
        path.write_text(json.dumps({"version": 1}), encoding="utf-8")
        try:
            planner_lines(str(path))
        except ValueError as error:
            assert "size" in str(error) or "features" in str(error)
        else:
            raise AssertionError("a broken weights file was taken")
    agent = level_agent("normal", 0.5, 1, iterations=5, planner=PlannerBudget(), planner_lines=fitted_weights())
    assert isinstance(agent, ModelAgent) and agent.planner is not None
    assert agent.planner.params.lines == fitted_weights() and agent.knowledge.params.lines is None


def test_planner_evidence_makes_the_tool_wait_for_as_many_greedy_places_as_the_levels() -> None:
    """`--planner-evidence` (sixteenth session): with 2, as the levels (`PLANNER_EVIDENCE`), the first
    decision after one greedy place is the search's; with the default 1, the planner's."""
    from game.order_chaos.agents import PLANNER_EVIDENCE
    from game.order_chaos.planner import PlannerBudget
    from tests.ai.test_oc_chaos_model import _play
    from tools.oc_order_halves import ModelAgent

    state = _play("greedy", 1, 1)
    assert len(state.places) == 1
    for evidence, search_asked in ((1, 0), (PLANNER_EVIDENCE, 1)):
        agent = level_agent("normal", 0.5, 1, iterations=5, planner=PlannerBudget(deep_moves=0),
                            planner_evidence=evidence)
        assert isinstance(agent, ModelAgent)
        search = _Named()
        agent.agent = search
        assert agent.choose(state, state.order_seat()) in state.candidates(state.order_seat())
        assert search.asked == search_asked
