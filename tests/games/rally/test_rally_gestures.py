"""The Rally Game's bridge to the screen: gestures, targets, refusals, notation, event redaction."""

from __future__ import annotations

from rally_helpers import do, make, round_, ship, start_chaos, take_cards, tile_type

from game.core.hexgrid import Hex
from game.core.protocol import CHANCE, Refusal, Target
from game.rally.cards import KIND_BY_NAME
from game.rally.commands import (
    CardsDealt,
    ChooseStarter,
    DealCards,
    DistributeEnergy,
    DrawTile,
    Exchange,
    FinishPlanning,
    MoveCard,
    NoExchange,
    OrderShips,
    PlaceShip,
    PlaceTile,
    ProgramCard,
    SetProgram,
    UnprogramCard,
)
from game.rally.game import RALLY, best_direction, program_cost


def test_drag_drawn_tile_onto_a_hex() -> None:
    s = RALLY.new({}, 1, 2)
    do(s, ChooseStarter(CHANCE, 0))
    do(s, DrawTile(CHANCE, tile_type("space")))
    assert RALLY.targets_for(s, 0, Target("tile")) == [Target("hex", (0, 0))]
    assert RALLY.find_command(s, 0, Target("tile"), Target("hex", (0, 0))) == PlaceTile(0, (0, 0))
    bad = RALLY.find_command(s, 0, Target("tile"), Target("hex", (2, 2)))
    assert isinstance(bad, Refusal) and bad.reason == "The first tile goes in the centre."
    dropped_nowhere = RALLY.find_command(s, 0, Target("tile"), None)
    assert isinstance(dropped_nowhere, Refusal) and "highlighted hexes" in dropped_nowhere.reason
    other = RALLY.find_command(s, 1, Target("tile"), Target("hex", (0, 0)))
    assert isinstance(other, Refusal) and other.reason == "It is Player 1's turn."


def test_drag_ship_onto_a_hex_at_setup_faces_the_longest_run_of_tiles() -> None:
    s = make(line=6)
    s.phase, s.queue, s.turn = "setup_ships", [0, 1], 0
    cmd = RALLY.find_command(s, 0, Target("ship"), Target("hex", (0, 0)))
    assert cmd == PlaceShip(0, (0, 0), 0) and best_direction(s, Hex(5, 0)) == 3
    assert RALLY.find_command(s, 0, Target("ship"), Target("hex", (2, 0), ident="4")) == PlaceShip(0, (2, 0), 4)
    assert Target("hex", (3, 0)) in RALLY.targets_for(s, 0, Target("ship"))


def test_drag_cards_between_hand_and_program_rows() -> None:
    s = make(line=8)
    ship(s, 0, 0, 0)
    ship(s, 1, 5, 0)
    s.hands[0] = take_cards(s, "move1", "laser")
    s.done = [False, False]
    a, b = s.hands[0]
    cmd = RALLY.find_command(s, 0, Target("hand", ident=str(a)), Target("ship", ident="1"))
    assert cmd == ProgramCard(0, 1, a, 0)
    do(s, cmd)  # type: ignore[arg-type]
    cmd = RALLY.find_command(s, 0, Target("hand", ident=str(b)), Target("program", ident="1:0"))
    assert cmd == ProgramCard(0, 1, b, 0)
    do(s, cmd)  # type: ignore[arg-type]
    assert RALLY.find_command(s, 0, Target("program", ident="1:0"), Target("program", ident="1:1")) == \
        MoveCard(0, 1, 0, 1, 1)
    assert RALLY.find_command(s, 0, Target("program", ident="1:1"), Target("hand")) == UnprogramCard(0, 1, 1)
    targets = RALLY.targets_for(s, 0, Target("hand", ident=str(a)))
    assert Target("program", ident="1:2") in targets and Target("ship", ident="1") in targets
    assert Target("program", ident="2:0") not in targets
    refusal = RALLY.find_command(s, 0, Target("hand", ident=str(a)), Target("ship", ident="2"))
    assert isinstance(refusal, Refusal)
    assert RALLY.find_command(s, 0, Target("button", ident="finish"), None) == FinishPlanning(0)
    assert program_cost(s.ships[1].program) > 0


def test_a_card_dropped_on_an_empty_hex_is_refused_in_words_about_cards() -> None:
    """Played in a real window: a hand card let go over the map (not on a ship) was refused with
    'Drag the drawn tile or your new ship onto a hex', which names pieces the player does not hold."""
    s = make(line=8)
    ship(s, 0, 0, 0)
    s.hands[0] = take_cards(s, "move1", "laser")
    s.done = [False, False]
    a, b = s.hands[0]
    from_hand = RALLY.find_command(s, 0, Target("hand", ident=str(a)), Target("hex", (3, 0)))
    assert isinstance(from_hand, Refusal) and from_hand.reason == "Drop the card on one of your ships' program rows."
    do(s, ProgramCard(0, 1, b, 0))
    from_row = RALLY.find_command(s, 0, Target("program", ident="1:0"), Target("hex", (3, 0)))
    assert isinstance(from_row, Refusal) and "card" in from_row.reason and "tile" not in from_row.reason


def test_buttons_for_distribution_and_exchange_and_clicks_to_order_ships() -> None:
    s = make(line=12)
    ship(s, 0, 0, 0, energy=0)
    ship(s, 0, 4, 0, energy=0)
    ship(s, 1, 8, 0)
    s.phase = "deal"
    do(s, s.sample_chance())
    assert RALLY.find_command(s, 0, Target("button", ident="give:20,30"), None) == DistributeEnergy(0, (20, 30))
    bad = RALLY.find_command(s, 0, Target("button", ident="give:20,20"), None)
    assert isinstance(bad, Refusal) and "exactly 50" in bad.reason
    s2 = make(line=6)
    ship(s2, 0, 0, 0, energy=10, program=("move1",))
    ship(s2, 0, 1, 0, energy=4)
    start_chaos(s2)
    round_(s2)
    assert RALLY.find_command(s2, 0, Target("button", ident="keep"), None) == NoExchange(0)
    total = 10 - KIND_BY_NAME["move1"].cost + 4
    assert RALLY.find_command(s2, 0, Target("button", ident=f"swap:0,{total}/0,0"), None) == \
        Exchange(0, (0, total), (0, 0))
    s3 = make(line=12)
    ship(s3, 0, 0, 0, program=("move1",))
    ship(s3, 0, 4, 0, program=("move1",))
    ship(s3, 1, 8, 0)
    start_chaos(s3)
    round_(s3)
    assert RALLY.find_command(s3, 0, Target("ship", ident="2"), None) == OrderShips(0, 2)


def test_parse_command_reads_the_notation_of_describe() -> None:
    s = make()
    cmds = [PlaceTile(0, (1, -2)), PlaceShip(1, (0, 0), 4), DistributeEnergy(0, (10, 40)), ProgramCard(0, 3, 17, 1),
            UnprogramCard(0, 3, 0), MoveCard(0, 3, 0, 5, 2), FinishPlanning(0), OrderShips(1, 4),
            SetProgram(0, ((3, (1, 2)), (5, ()))), Exchange(0, (1, 2), (3, 4)), NoExchange(0),
            DrawTile(CHANCE, 3), DealCards(CHANCE, ((3, 17, 40), (), (8,))), ChooseStarter(CHANCE, 1)]
    for cmd in cmds:
        text = cmd.describe().replace("draw " + cmd.describe()[5:], "draw 3") if isinstance(cmd, DrawTile) else \
            cmd.describe()
        if isinstance(cmd, PlaceShip):
            text = "ship 0,0 4"
        assert RALLY.parse_command(cmd.seat, text, s) == cmd, text


def test_dealt_cards_are_shown_only_to_their_owner() -> None:
    s = make(line=12)
    ship(s, 0, 0, 0)
    ship(s, 1, 8, 0)
    s.phase = "deal"
    events = do(s, s.sample_chance())
    dealt = [e for e in events if isinstance(e, CardsDealt)]
    mine = next(e for e in dealt if e.player == 0)
    assert RALLY.redact_event(mine, 0) == mine
    shown = RALLY.redact_event(mine, 1)
    assert isinstance(shown, CardsDealt) and shown.cards == () and shown.count == 5


def test_program_changes_are_hidden_from_other_seats() -> None:
    s = make(line=8)
    ship(s, 0, 0, 0)
    ship(s, 1, 5, 0)
    s.hands[0] = take_cards(s, "move1")
    s.done = [False, False]
    events = do(s, ProgramCard(0, 1, s.hands[0][0], 0))
    assert RALLY.redact_event(events[0], 0) == events[0] and RALLY.redact_event(events[0], 1) is None


def test_why_illegal_names_the_rule() -> None:
    s = make(line=4)
    s.phase = "planning"
    assert RALLY.why_illegal(s, PlaceTile(0, (0, 1))) == "There is no tile to place now."
    assert RALLY.why_illegal(s, OrderShips(0, 1)) == "Ships play their cards in the chaos phase."
    assert RALLY.why_illegal(s, DistributeEnergy(0, (1,))) == "Energy is shared out only after production."


def test_view_totals_program_costs_and_flags_cards_the_ship_cannot_pay() -> None:
    s = make(line=8)
    energy = KIND_BY_NAME["move3"].cost + KIND_BY_NAME["right60"].cost  # not enough for Move 2 as well
    ship(s, 0, 0, 0, energy=energy, program=("move3", "move2", "right60"))
    ship(s, 1, 5, 0, program=("move1",))
    mine, theirs = s.view(0), s.view(1)
    costs = KIND_BY_NAME["move3"].cost + KIND_BY_NAME["move2"].cost + KIND_BY_NAME["right60"].cost
    assert mine["program_costs"] == {"1": costs}
    assert mine["program_unpaid"] == {"1": [1]}  # Move 2 would be ignored; the turn after it is still paid
    assert "1" not in theirs["program_costs"] and "1" not in theirs["program_unpaid"]
