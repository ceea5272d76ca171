"""The Worlds Collide `Game`: set-up, gesture-to-command bridge, refusal reasons, notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Mapping

from game.core.protocol import (
    AUTO,
    CHANCE,
    Command,
    Event,
    Game,
    GameInfo,
    OptionSpec,
    Refusal,
    Seat,
    State,
    Target,
    by_itself,
)
from game.core.rng import Rng
from game.core.words import Line, LogEntry
from game.worlds_collide import rules, words
from game.worlds_collide.cards import (
    ACTION_NAMES,
    ADVARANAU,
    CENE_C,
    CHARACTER_NAMES,
    EXPOSE,
    JESSUP,
    KINTRIEL,
    MARY,
    N_CARDS,
    RONIN,
    SHIFT,
    TELEKINESIS,
    UNLEASH,
    card_long_name,
    card_name,
    parse_action,
    parse_card,
)
from game.worlds_collide.commands import (
    CODEC,
    ChooseAction,
    DealCharacter,
    Decline,
    Done,
    Draw,
    Keep,
    PickAction,
    PickCharacter,
    PickDiscard,
    PickHold,
    PickNexus,
    Resolve,
    Reveal,
    TakeRevealed,
)
from game.worlds_collide.frames import Acting, DealingCharacter, Keeping, MaryTaking, PickingCharacter, TakingMore
from game.worlds_collide.state import REVEALED, WorldsCollideState

INFO = GameInfo(
    id="worlds-collide",
    title="Worlds Collide",
    min_players=2,
    max_players=4,
    roles=CHARACTER_NAMES,
    has_chance=True,
    hidden_info=True,
    reveal_noun="a hidden card",
    kind="card game",
    blurb="Entropy: Worlds Collide. Choose Actions in secret, take Shards from the Nexus and lock your "
          "Character's four into your Reality first.",
    options=(
        OptionSpec("characters", "Characters", "random", ("random", "chosen"),
                   "Deal the Characters at random, or let each player pick one in seat order."),
    ),
)

S = WorldsCollideState


class WorldsCollideGame(Game):
    info = INFO
    codec = CODEC

    def new(self, config: Mapping[str, Any], seed: int, players: int | None = None) -> WorldsCollideState:
        full = self.validate_config(config)
        n = 2 if players is None else players
        if not INFO.min_players <= n <= INFO.max_players:
            raise ValueError("Worlds Collide is for 2 to 4 players")
        state = WorldsCollideState(n, Rng(seed))
        if full["characters"] == "chosen":
            state.stack.extend(PickingCharacter(seat) for seat in reversed(range(n)))
        else:
            state.stack.append(DealingCharacter())
        return state

    # --- refusals ------------------------------------------------------------------------
    def not_your_turn(self, state: State, seat: Seat) -> str:
        assert isinstance(state, S)
        actors = state.to_act()
        if by_itself(actors):
            return "Wait: cards are being dealt or revealed."
        if not state.stack and 0 <= seat < state.n and state.choices[seat]:
            return "You have chosen your Action; wait for the others to choose theirs."
        pending = rules.describe_pending(state)
        if pending and "seat" in pending:
            return f"It is {state.name(pending['seat'])}'s decision now."
        return "It is not your turn."

    def explain_illegal(self, state: State, command: Command) -> str:
        assert isinstance(state, S)
        seat = command.seat
        top = state.stack[-1] if state.stack else None
        if isinstance(command, ChooseAction):
            if top is not None:
                return "Actions are chosen at the start of a round, not while one is being resolved."
            if command.action not in ACTION_NAMES:
                return "There is no such Action."
            return (f"{ACTION_NAMES[command.action]} is not in your hand: it was played and comes back only "
                    "with Reset or when your hand is empty.")
        if top is None:
            return "Choose an Action from your hand first."
        if isinstance(top, PickingCharacter):
            return "That Character is already taken." if isinstance(command, PickCharacter) else \
                "Pick a Character first."
        if isinstance(top, Keeping):
            return "Your Hold keeps only one Shard: choose which Shard in your Hold to keep."
        if isinstance(top, MaryTaking):
            return "Take one of the Shards your ability revealed."
        if isinstance(top, TakingMore):
            if isinstance(command, PickDiscard):
                return "That Shard is not in the Discard."
            return "Take another Shard from the Discard, or press Done."
        if not isinstance(top, Acting):
            return "Wait for the deal or the reveal."
        action = top.action
        name = ACTION_NAMES[action]
        if action == UNLEASH:
            return self._ability_refusal(state, seat, command)
        if isinstance(command, PickNexus):
            if action not in (EXPOSE, TELEKINESIS):
                return f"{name} does not aim at the Nexus."
            return "The Nexus and the Discard are both empty."
        if isinstance(command, PickHold):
            if action == EXPOSE:
                if not 0 <= command.owner < state.n:
                    return "There is no such player."
                if not state.holds[command.owner]:
                    return "That Hold is empty: there is nothing to reveal."
                return "The Shard in that Hold is already revealed."
            if action == TELEKINESIS:
                if command.owner == seat:
                    return "Telekinesis takes from an opponent's Hold, not your own."
                return "That Hold is empty: there is nothing to take."
            return f"{name} does not aim at a Hold."
        if isinstance(command, PickDiscard):
            if action != TELEKINESIS:
                return f"{name} does not take from the Discard."
            return "That Shard is not in the Discard."
        if isinstance(command, Resolve):
            return f"{name} needs a target: choose where it applies."
        return f"That is not a choice for {name}."

    def _ability_refusal(self, state: S, seat: Seat, command: Command) -> str:
        ch = rules.acting_ability(state, seat)
        if ch in (ADVARANAU, RONIN):
            if isinstance(command, PickAction):
                if command.owner != seat:
                    return "Choose an Action from your own hand."
                if command.action == UNLEASH:
                    return "Unleash cannot choose Unleash."
                return "That Action is not in your hand."
            return "Choose an Action from your hand, or decline."
        if ch == JESSUP:
            if isinstance(command, PickAction):
                if command.action == UNLEASH and command.owner == seat:
                    return "Jessup cannot resolve his own Unleash (it would only be his ability again)."
                return "That Action is not played: Jessup resolves only Actions on the table."
            return "Choose a played Action on the table, or decline."
        if ch == CENE_C:
            return "Choose a Shard in the Discard, or decline." if not isinstance(command, PickDiscard) \
                else "That Shard is not in the Discard."
        if ch == KINTRIEL:
            if isinstance(command, PickHold):
                return "Kintriel's ability needs an opponent's Hold with a Shard in it."
            return "Choose an opponent's Hold, or decline."
        if ch == MARY:
            return "Press Resolve to reveal the top Shards of the Nexus, or decline."
        return "That is not a choice for this ability."

    # --- gestures ---------------------------------------------------------------------------
    def _command_for(self, state: S, seat: Seat, t: Target) -> Command | None:
        """The legal command a click on `t` (or a drop on it) means now, if any."""
        legal = state.candidates(seat)
        ident = t.ident
        want: Command | None = None
        try:
            if t.zone == "button":
                if ident == "resolve":
                    want = Resolve(seat)
                elif ident == "decline":
                    want = Decline(seat)
                elif ident == "done":
                    want = Done(seat)
                elif ident and ident.startswith("keep:"):
                    want = Keep(seat, _card(ident[5:]))
                elif ident and ident.startswith("take:"):
                    want = TakeRevealed(seat, _card(ident[5:]))
                elif ident and ident.startswith("choose:"):
                    want = ChooseAction(seat, int(ident[7:]))  # the view's "Lock in" of a picked card
            elif t.zone == "nexus":
                want = PickNexus(seat)
            elif t.zone == "discard" and ident is not None:
                want = PickDiscard(seat, _card(ident))
            elif t.zone == "hold" and ident is not None:
                owner, _, card = ident.partition(":")
                top = state.stack[-1] if state.stack else None
                if isinstance(top, Keeping) and card:
                    want = Keep(seat, _card(card))
                else:
                    want = PickHold(seat, int(owner))
            elif t.zone == "revealed" and ident is not None:
                want = TakeRevealed(seat, _card(ident))
            elif t.zone == "anchor":
                want = Resolve(seat)
            elif t.zone == "character" and ident is not None:
                want = PickCharacter(seat, int(ident))
            elif t.zone == "played" and ident is not None:
                owner, _, action = ident.partition(":")
                want = PickAction(seat, int(owner), int(action))
        except ValueError:
            return None
        return want if want in legal else None

    def find_command(self, state: State, seat: Seat, source: Target, target: Target | None) -> Command | Refusal:
        assert isinstance(state, S)
        if state.is_over():
            return Refusal("The game is over.")
        if seat not in state.to_act():
            return Refusal(self.not_your_turn(state, seat))
        top = state.stack[-1] if state.stack else None
        if source.zone == "hand":
            try:
                action = int(source.ident or "")
            except ValueError:
                return Refusal("That is not an Action card.")
            if top is None:
                if target is not None and target.zone != "play-slot":
                    return Refusal("Drop the Action on your play slot to choose it.")
                cmd: Command = ChooseAction(seat, action)
            else:
                cmd = PickAction(seat, seat, action)
            return cmd if cmd in state.candidates(seat) else Refusal(self.explain_illegal(state, cmd))
        point = target if target is not None else source
        found = self._command_for(state, seat, point)
        if found is not None:
            return found
        if top is None:
            return Refusal("Choose an Action: drag one from your hand to the play slot.")
        guess = self._command_for_any(state, seat, point)
        return Refusal(self.explain_illegal(state, guess) if guess is not None else
                       "That is not a choice now.")

    def _command_for_any(self, state: S, seat: Seat, t: Target) -> Command | None:
        """The command a gesture would mean if it were legal (for the refusal text)."""
        try:
            if t.zone == "nexus":
                return PickNexus(seat)
            if t.zone == "discard" and t.ident is not None:
                return PickDiscard(seat, _card(t.ident))
            if t.zone == "hold" and t.ident is not None:
                return PickHold(seat, int(t.ident.partition(":")[0]))
            if t.zone == "played" and t.ident is not None:
                owner, _, action = t.ident.partition(":")
                return PickAction(seat, int(owner), int(action))
            if t.zone == "button" and t.ident == "resolve":
                return Resolve(seat)
        except ValueError:
            return None
        return None

    def targets_for(self, state: State, seat: Seat, source: Target) -> list[Target]:
        """Where a drag from `source` may be dropped (or, for the acting card, what may be clicked)."""
        assert isinstance(state, S)
        if seat not in state.to_act():
            return []
        top = state.stack[-1] if state.stack else None
        if source.zone == "hand":
            if top is None:
                try:
                    ok = ChooseAction(seat, int(source.ident or "")) in state.candidates(seat)
                except ValueError:
                    ok = False
                return [Target("play-slot")] if ok else []
            return []
        return [t for t in (command_target(state, c) for c in state.candidates(seat)) if t is not None]

    # --- events and notation ---------------------------------------------------------------------
    def describe_log(self, entries: Sequence[LogEntry], names: Sequence[str], viewer: Seat) -> list[Line]:
        """See `game.worlds_collide.words`: players by Character, secrets from redacted copies."""
        return words.describe_log(entries, names, viewer)

    def describe(self, event: Event, names: Sequence[str], viewer: Seat) -> str | None:
        """One event with each seat called by `names` (give the Characters' names)."""
        return words.describe(event, names, viewer)

    def upgrade_command(self, raw: Any, state: State, version: int) -> Any:
        """Version 1 saves made the reveal a chance step with one outcome: now AUTO's."""
        if version < 2 and isinstance(raw, dict) and raw.get("type") == "reveal":
            return {**raw, "seat": AUTO}
        return raw

    def parse_command(self, seat: Seat, text: str, state: State) -> Command:
        """`choose shift` / `choose 6`, `resolve`, `decline`, `done`, `nexus`, `discard M2`,
        `hold 2` (seat number 1-based), `pick 3:expose` (owner 1-based) or `pick expose`,
        `take M2`, `keep W`, `character Mary`; chance: `draw M2`, `deal Mary`, `reveal`."""
        words = text.strip().split(maxsplit=1)
        if not words:
            raise ValueError("empty command")
        verb, arg = words[0].lower(), (words[1] if len(words) > 1 else "")
        simple = {"resolve": Resolve, "decline": Decline, "done": Done, "nexus": PickNexus}
        if verb in simple:
            return simple[verb](seat)
        if verb == "reveal":
            return Reveal(AUTO)
        if verb == "draw":
            return Draw(CHANCE, parse_card(arg))
        if verb == "deal":
            return DealCharacter(CHANCE, _character(arg))
        if verb == "character":
            return PickCharacter(seat, _character(arg))
        if verb == "choose":
            return ChooseAction(seat, parse_action(arg))
        if verb == "discard":
            return PickDiscard(seat, parse_card(arg))
        if verb == "hold":
            return PickHold(seat, int(arg) - 1)
        if verb == "take":
            return TakeRevealed(seat, parse_card(arg))
        if verb == "keep":
            return Keep(seat, parse_card(arg))
        if verb == "pick":
            owner_s, _, action_s = arg.rpartition(":")
            owner = int(owner_s) - 1 if owner_s else seat
            return PickAction(seat, owner, parse_action(action_s))
        raise ValueError(f"not a Worlds Collide command: {text!r}")


def command_target(state: S, cmd: Command) -> Target | None:
    """The Target a screen highlights for a legal command (None: a plain button)."""
    if isinstance(cmd, PickNexus):
        return Target("nexus")
    if isinstance(cmd, PickDiscard):
        return Target("discard", ident=card_name(cmd.card))
    if isinstance(cmd, PickHold):
        return Target("hold", ident=str(cmd.owner))
    if isinstance(cmd, PickAction):
        if cmd.owner == cmd.seat and state.hands[cmd.seat] >> cmd.action & 1:
            return Target("hand", ident=str(cmd.action))
        return Target("played", ident=f"{cmd.owner}:{cmd.action}")
    if isinstance(cmd, TakeRevealed):
        return Target("revealed", ident=card_name(cmd.card))
    if isinstance(cmd, Keep):
        return Target("button", ident=f"keep:{card_name(cmd.card)}")
    if isinstance(cmd, PickCharacter):
        return Target("character", ident=str(cmd.character))
    if isinstance(cmd, Resolve):
        top = state.stack[-1] if state.stack else None
        if isinstance(top, Acting) and top.action == SHIFT:
            return Target("anchor")
        return Target("button", ident="resolve")
    if isinstance(cmd, Decline):
        return Target("button", ident="decline")
    if isinstance(cmd, Done):
        return Target("button", ident="done")
    return None


def _card(text: str) -> int:
    """A card from its name (`M2`, `W`) or its number."""
    text = text.strip()
    if text.isdigit():
        card = int(text)
        if 0 <= card < N_CARDS:
            return card
        raise ValueError(f"no card {card}")
    return parse_card(text)


def _character(text: str) -> int:
    t = text.strip().lower()
    for i, name in enumerate(CHARACTER_NAMES):
        if name.lower() == t or name.lower().replace(" ", "") == t or (t.isdigit() and int(t) == i):
            return i
    raise ValueError(f"not a Character: {text!r}")


WORLDS_COLLIDE = WorldsCollideGame()
__all__ = ["WORLDS_COLLIDE", "WorldsCollideGame", "INFO", "command_target", "card_long_name", "REVEALED"]
