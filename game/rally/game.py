"""The Entropy Rally `Game`: new games, the referee, gestures to commands, notation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.hexgrid import DIRECTION_NAMES, Hex
from game.core.protocol import (
    AUTO,
    CHANCE,
    Command,
    Game,
    GameInfo,
    Refusal,
    Seat,
    State,
    Target,
    by_itself,
)
from game.core.rng import Rng
from game.core.words import Line, LogEntry
from game.rally import referee, rules, words
from game.rally.cards import MAX_PLAYERS, MIN_PLAYERS, N_CARDS, RULES_FINGERPRINT, bag_counts, card_info
from game.rally.commands import (
    CODEC,
    ChaosRound,
    ChooseStarter,
    DealCards,
    DistributeEnergy,
    DrawTile,
    Exchange,
    FinishPlanning,
    MoveCard,
    NoExchange,
    OrderShips,
    PlaceBuiltShip,
    PlaceShip,
    PlaceTile,
    ProgramCard,
    SetProgram,
    UnprogramCard,
)
from game.rally.ending import OVER_KINDS
from game.rally.state import RallyState

INFO = GameInfo(
    id="rally",
    title="Entropy Rally",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    roles=(),
    has_chance=True,
    hidden_info=True,
    reveal_noun="a new tile or card",
    rules=RULES_FINGERPRINT,
    kind="space race",
    blurb="Entropy Rally. Build a map of hex tiles, program your ships in secret, and bank titanium "
          "through portals before entropy reaches zero.",
)

S = RallyState


class RallyGame(Game):
    info = INFO
    codec = CODEC

    def new(self, config: Mapping[str, Any], seed: int, players: int | None = None) -> RallyState:
        self.validate_config(config)
        n = MIN_PLAYERS if players is None else players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"Entropy Rally is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        return RallyState(n, Rng(seed), bag_counts(), list(range(N_CARDS)))

    # --- the referee -------------------------------------------------------------------------
    def why_illegal(self, state: State, command: Command) -> str | None:
        """Checked by rule, not by membership: any program slot, split or exchange is fine."""
        assert isinstance(state, S)
        return referee.why_illegal(state, command)

    def not_your_turn(self, state: State, seat: Seat) -> str:
        assert isinstance(state, S)
        actors = state.to_act()
        if by_itself(actors):
            return "Wait: the next tile, the deal or the next chaos round comes first."
        if state.phase == "planning" and 0 <= seat < state.n:
            if not state.alive[seat]:
                return "You have no ships left: your points are final."
            if state.done[seat]:
                return "You have finished planning; wait for the others."
        if 0 <= seat < state.n and not state.alive[seat]:
            return "You have no ships left: your points are final."
        if len(actors) == 1:
            return f"It is Player {actors[0] + 1}'s turn."
        return "It is not your turn."

    def upgrade_command(self, raw: Any, state: State, version: int) -> Any:
        """Version 1 saves wrote the deal without its cards (`apply` drew them): they are the
        ones the state's RNG draws at that point, drawn here on a copy of it (the replay's own
        draw keeps the RNG in step). Their chaos rounds were chance steps: now AUTO's."""
        if version < 2 and isinstance(raw, dict) and raw.get("type") == "deal_cards" and "hands" not in raw \
                and isinstance(state, S) and state.phase == "deal":
            return rules.sample_deal(state, state.rng.copy()).to_json()
        if version < 2 and isinstance(raw, dict) and raw.get("type") == "chaos_round":
            return {**raw, "seat": AUTO}  # a chance step with one outcome then
        return raw

    def playtest_stats(self, state: State) -> dict[str, float]:
        """Eras played, how the game ended (`end:decided` 1 or 0 for each ending, so
        the arena's mean is the share of games), and the engine's counters: cards
        played (`move1`...), cards ignored (`ignored:move1`...), entropy by source
        (`entropy:cards`...), players who lost their last ship in era N (`out:eraN`)
        and how (`out:by_battle`, `out:by_laser`, `out:by_off_map`)."""
        assert isinstance(state, S)
        out: dict[str, float] = {"eras": float(state.era)}
        out.update({f"end:{kind}": float(state.over_kind == kind) for kind in OVER_KINDS})
        out.update({k: float(v) for k, v in state.stats.items()})
        return out

    # --- gestures ---------------------------------------------------------------------------------
    def find_command(self, state: State, seat: Seat, source: Target, target: Target | None) -> Command | Refusal:
        """Tile → hex, new ship → hex (direction from `target.ident`, else the
        longest run of tiles ahead), hand card → ship or program slot
        (`ship:index`), program card → hand or another slot, clicks on a ship
        (which plays next) or on buttons (`finish`, `keep`, `give:a,b`, `swap:e,e/t,t`)."""
        assert isinstance(state, S)
        if state.is_over():
            return Refusal("The game is over.")
        if seat not in state.to_act():
            return Refusal(self.not_your_turn(state, seat))
        try:
            cmd = self._gesture(state, seat, source, target)
        except ValueError:
            return Refusal("That does not make sense here.")
        if isinstance(cmd, Refusal):
            return cmd
        reason = referee.why_illegal(state, cmd)
        return cmd if reason is None else Refusal(reason)

    def _gesture(self, state: S, seat: Seat, source: Target, target: Target | None) -> Command | Refusal:
        z = source.zone
        if target is None and z == "tile":
            return Refusal("Drag the tile onto one of the highlighted hexes.")
        if target is None and z in ("hand", "program"):
            return Refusal("Drag the card onto a slot in one of your ships' program rows.")
        if z == "button" or target is None:
            return self._click(state, seat, source)
        if target.zone == "hex" and target.cell is not None and z not in ("hand", "program"):
            h = target.cell
            if z == "tile":
                return PlaceTile(seat, h)
            if z == "ship" and state.phase == "setup_ships":
                d = int(target.ident) if target.ident else best_direction(state, Hex(*h))
                return PlaceShip(seat, h, d)
            if z == "ship" and state.building() is not None:
                return PlaceBuiltShip(seat, h)
            return Refusal("Drag the drawn tile or your new ship onto a hex.")
        if z == "hand":
            card = int(source.ident or "")
            if target.zone == "ship":
                sid = int(target.ident or "")
                ship = state.ships.get(sid)
                return ProgramCard(seat, sid, card, len(ship.program) if ship else 0)
            if target.zone == "program":
                sid, index = _slot(target.ident)
                return ProgramCard(seat, sid, card, index)
            return Refusal("Drop the card on one of your ships' program rows.")
        if z == "program":
            sid, index = _slot(source.ident)
            if target.zone == "hand":
                return UnprogramCard(seat, sid, index)
            if target.zone == "program":
                to_ship, to_index = _slot(target.ident)
                return MoveCard(seat, sid, index, to_ship, to_index)
            if target.zone == "ship":
                to = int(target.ident or "")
                dest = state.ships.get(to)
                room = (len(dest.program) - (1 if to == sid else 0)) if dest else 0
                return MoveCard(seat, sid, index, to, room)
            return Refusal("Drop the card back in your hand or on another program slot.")
        return Refusal("That cannot be moved there.")

    def _click(self, state: S, seat: Seat, t: Target) -> Command | Refusal:
        ident = t.ident or ""
        if t.zone == "ship":
            return OrderShips(seat, int(ident))
        if t.zone == "button":
            if ident == "finish":
                return FinishPlanning(seat)
            if ident == "keep":
                return NoExchange(seat)
            if ident.startswith("give:"):
                return DistributeEnergy(seat, _ints(ident[5:]))
            if ident.startswith("swap:"):
                e, _, ti = ident[5:].partition("/")
                return Exchange(seat, _ints(e), _ints(ti))
        return Refusal("Nothing happens on a click there.")

    def targets_for(self, state: State, seat: Seat, source: Target) -> list[Target]:
        """Where a drag from `source` may land (hexes, ships, program slots, the hand)."""
        assert isinstance(state, S)
        if seat not in state.to_act():
            return []
        if source.zone in ("tile", "ship") and not (source.zone == "ship" and state.phase == "chaos"
                                                     and state.building() is None):
            return [Target("hex", (h.q, h.r)) for h in rules.legal_hexes_for(state, seat)]
        if state.phase != "planning" or source.zone not in ("hand", "program"):
            return []
        out: list[Target] = []
        moving = _slot(source.ident)[0] if source.zone == "program" else None
        for ship in state.ships_of(seat):
            slots = len(ship.program) + (0 if moving == ship.id else 1)
            out.append(Target("ship", ident=str(ship.id)))
            out.extend(Target("program", ident=f"{ship.id}:{i}") for i in range(slots))
        if source.zone == "program":
            out.append(Target("hand"))
        return out

    # --- events and notation ---------------------------------------------------------------------------
    def describe_log(self, entries: Sequence[LogEntry], names: Sequence[str], viewer: Seat) -> list[Line]:
        """See `game.rally.words`: ships and hexes are named by what the log has shown so far."""
        return words.describe_log(entries, names, viewer)

    def parse_command(self, seat: Seat, text: str, state: State) -> Command:
        """`tile 1,0`, `ship 1,0 2`, `give 30,20`, `prog SHIP CARD INDEX`, `unprog SHIP INDEX`,
        `mv SHIP INDEX TO_SHIP TO_INDEX`, `set 3:12,40;5:`, `done`, `order SHIP`, `build 1,0`,
        `swap 10,20/1,0`, `keep`; chance: `starter N` (1-based), `draw TYPE`, `deal`, `round`."""
        words = text.strip().split()
        if not words:
            raise ValueError("empty command")
        verb, args = words[0].lower(), words[1:]
        if verb == "starter":
            return ChooseStarter(CHANCE, int(args[0]) - 1)
        if verb == "draw":
            return DrawTile(CHANCE, int(args[0]))
        if verb == "deal":  # deal 3,17,40/8,2,9 (each player's cards, seat by seat; - for none)
            return DealCards(CHANCE, tuple(tuple(int(c) for c in hand.split(",")) if hand != "-" else ()
                                           for hand in args[0].split("/")))
        if verb == "round":
            return ChaosRound(AUTO)
        if verb == "tile":
            return PlaceTile(seat, _hex(args[0]))
        if verb == "ship":
            d = args[1] if len(args) > 1 else "0"
            return PlaceShip(seat, _hex(args[0]), DIRECTION_NAMES.index(d.upper()) if not d.isdigit() else int(d))
        if verb == "give":
            return DistributeEnergy(seat, _ints(args[0]))
        if verb == "prog":
            return ProgramCard(seat, int(args[0]), int(args[1]), int(args[2]))
        if verb == "unprog":
            return UnprogramCard(seat, int(args[0]), int(args[1]))
        if verb == "mv":
            return MoveCard(seat, *(int(a) for a in args[:4]))
        if verb == "set":
            progs = []
            for part in " ".join(args).split(";"):
                if part.strip():
                    sid, _, cards = part.partition(":")
                    progs.append((int(sid), _ints(cards)))
            return SetProgram(seat, tuple(progs))
        if verb == "done":
            return FinishPlanning(seat)
        if verb == "order":
            return OrderShips(seat, int(args[0]))
        if verb == "build":
            return PlaceBuiltShip(seat, _hex(args[0]))
        if verb == "swap":
            e, _, ti = args[0].partition("/")
            return Exchange(seat, _ints(e), _ints(ti))
        if verb == "keep":
            return NoExchange(seat)
        raise ValueError(f"not a Rally command: {text!r}")


def best_direction(state: S, h: Hex) -> int:
    """The direction with the most tiles straight ahead (a sensible default facing)."""
    def run(d: int) -> int:
        k, cur = 0, h.neighbour(d)
        while cur in state.tiles:
            k, cur = k + 1, cur.neighbour(d)
        return k
    return max(range(6), key=lambda d: (run(d), -d))


def program_cost(cards: list[int] | tuple[int, ...]) -> int:
    """Energy a whole program needs (for the planning screen's totals and warnings)."""
    return sum(card_info(c).cost for c in cards)


def _slot(ident: str | None) -> tuple[int, int]:
    sid, _, index = (ident or "").partition(":")
    return int(sid), int(index)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(",") if x.strip())


def _hex(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


RALLY = RallyGame()
__all__ = ["INFO", "RALLY", "RallyGame", "best_direction", "program_cost"]
