"""The turn in words and pieces: what each pending decision is called, which pieces of the board
it is made with, the banner's sentence and the step's buttons. Read from the seat's view alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.protocol import Target
from game.cosmos import public
from game.cosmos.content import LIFEFORMS
from game.cosmos.game import CONTENT
from scenes.views.base import TAKE_BACK, Action
from scenes.views.cosmos import text as T
from scenes.views.cosmos.art import ROLES

ZONES_OF_ACTION = {"evolve": ("star",), "aggregate": ("planet_pile",), "create_life": ("card", "discard"),
                   "set_biome": ("biome_pile",), "catch_asteroid": ("asteroid", "catch"),
                   "catch_free": ("asteroid", "catch"),
                   "activate_stars": ("system",), "upgrade": ("focus",), "take_life": ("life_pile",),
                   "fulfil_biome": ("slot",), "soup": ()}
"""The board's pieces an action is played with (its drags and clicks; "discard" and "catch" are
the chooser's buttons after a drop with several legal ways)."""
ZONES_OF_FRAME = {"move": ("scientist", "space"), "retrieve": ("system",), "activate_stars": ("system", "exchange"),
                  "activate_star": ("system",), "advance": ("advance",), "place": ("slot",), "take": ("life_pile",),
                  "mission": ("mission",), "biome_reward": ()}
"""The same for the other decisions (the Action step's own come from its action)."""
DONE_WORDS = {"action": ("End Action step", "Finish the Action step (after any entropy exchanges)"),
              "mission": ("End turn", "Finish the turn without fulfilling a mission"),
              "retrieve": ("Skip rewards", "Take nothing for the retrieved tokens"),
              "biome_reward": ("Decline", "Do not pay 1 entropy for the Biome's reward"),
              "activate_stars": ("Stop activating", "Activate no more stars"),
              "activate_star": ("Skip", "Activate no star"),
              "granted_action": ("Skip", "Do not resolve the granted action"),
              "advance": ("Stop", "Forfeit the lifeform advancements left"),
              "place": ("Leave the rest", "Do not place the lifeforms left"),
              "take": ("Stop", "Take no more life cards")}


def frame_words(code: str) -> str:
    """A pending decision of the queue in words ("Action: Aggregate Planet")."""
    kind, _, rest = code.partition("(")
    args = [a.strip() for a in rest.rstrip(")").split(",")]
    if kind == "action":
        done = " (resolved: exchange or end)" if len(args) > 3 and args[3] == "True" else ""
        return f"Action: {T.ACTION_NAMES.get(args[1], args[1])}{done}"
    if kind == "retrieve":
        return f"Retrieved tokens: {args[1]} reward{'s' * (args[1] != '1')}"
    if kind == "granted_action":
        return f"Granted: {T.ACTION_NAMES.get(args[1], args[1])}"
    if kind in ("advance", "take", "activate_star"):  # a verb first: "1 life card" read as a thing held
        verb, what = {"advance": ("Make", "advancement"), "take": ("Take", "life card"),
                      "activate_star": ("Use", "star activation")}[kind]
        return f"{verb} {args[1]} {what}{'s' * (args[1] != '1')}"
    if kind == "place":
        life = LIFEFORMS[int(args[1])] if args[1].isdigit() and int(args[1]) < len(LIFEFORMS) else "lifeform"
        one = {"bacteria": "bacterium", "plant": "plant", "animal": "animal"}.get(life, life)
        many = {"plant": "plants", "animal": "animals", "lifeform": "lifeforms"}.get(life, life)
        return f"Place {args[-1]} {one if args[-1] == '1' else many}"
    names = {"move": "Movement", "biome_reward": "Scarce Biome reward", "activate_stars": "Activate Stars",
             "mission": "Mission step", "land": "Planet landing", "close": "End of turn"}
    return names.get(kind, kind)


def frame_args(code: str) -> list[str]:
    """A pending decision's arguments as written in its code ("advance(0, 2)" -> ["0", "2"])."""
    return _args(code)


def _args(code: str) -> list[str]:
    return [a.strip() for a in code.partition("(")[2].rstrip(")").split(",")]


def live_zones(view: dict[str, Any]) -> tuple[str, ...]:
    """The zones the decision under way is made with: the table asks the engine only about
    those pieces (a move frame asks dozens of questions otherwise)."""
    kind, _ = public.frame_kind(view)
    if kind in ("action", "granted_action"):
        action = _args(str(view["frames"][-1]))[1]
        return ZONES_OF_ACTION.get(action, ()) + (("exchange",) if kind == "action" else ())
    return ZONES_OF_FRAME.get(kind, ())


def live_action(view: dict[str, Any]) -> str:
    """The action being resolved now (an effect's granted one first), '' outside an action."""
    kind, _ = public.frame_kind(view)
    if kind == "granted_action":
        return _args(str(view["frames"][-1]))[1]
    found = public.action_frame(view)
    return found[0] if found else ""


def step_actions(view: dict[str, Any], seat: int) -> list[Action]:
    """The buttons of `seat`'s decision under way: Cancel action (in the Action step), the
    rewards' own answers (1 entropy, Pay 1 entropy), Primordial Soup, and the step's end worded
    for what it ends; never one pre-selected."""
    kind, acting = public.frame_kind(view)
    if acting != seat or kind in ("move", ""):
        return []
    out: list[Action] = []
    found = public.action_frame(view)
    if found is not None and T.STEP_OF_FRAME.get(kind) == "Action":
        out.append(Action("Cancel action", TAKE_BACK, "Take the whole Action step back, to choose again "
                          "(until a card is turned up)"))
    if kind == "action" and found is not None and found[0] == "soup" and not found[1]:
        out.append(Action("Primordial Soup", Target("soup"), "Generator +1, 1 mass and 1 energy"))
    if kind == "retrieve":
        out.append(Action("1 entropy", Target("entropy"), "Take 1 entropy for a retrieved token "
                          "(or click one of your stars to activate it)"))
    if kind == "biome_reward":
        out.append(Action("Pay 1 entropy", Target("accept"), "Pay 1 entropy for the scarce Biome's reward"))
    label, tip = DONE_WORDS.get(kind, ("Done", "Finish this step"))
    out.append(Action(label, Target("done"), tip))
    return out


def banner(view: dict[str, Any], seat_names: Sequence[str], human: bool) -> tuple[str, int]:
    """The turn banner's sentence and whose colour it takes (-1: nobody's): who acts, the step,
    what to do and how; for a computer, what it is doing."""
    kind, seat = public.frame_kind(view)
    if not kind:
        return "The game is over", -1
    name = seat_names[seat] if seat < len(seat_names) else ROLES[seat]
    step = T.STEP_OF_FRAME.get(kind, "Action")
    if not human:
        return f"{name} ({ROLES[seat]}) plays: {frame_words(str(view['frames'][-1]))}", seat
    if kind in ("action", "granted_action"):
        found = public.action_frame(view)
        action = found[0] if found else ""
        if kind == "granted_action":
            action = _args(str(view["frames"][-1]))[1]
        if found and found[1] and kind == "action":
            what = "done; exchange entropy, or end the step"  # (the line starts "Action:")
        else:
            what = f"{T.ACTION_NAMES.get(action, action)}: {T.ACTION_HOWTO.get(action, 'choose')}"
    elif kind == "biome_reward":
        what = biome_offer(view)
    elif kind == "place":
        what = f"{frame_words(str(view['frames'][-1]))}: click one of your planets"
    elif kind == "retrieve" and not public.any_star_to_activate(view, seat):
        what = "Retrieved token: no star can be activated now (too little entropy); take 1 entropy"
    else:
        what = T.FRAME_WORDS.get(kind, "choose")
    return f"{name} ({ROLES[seat]}), {step}: {what}", seat


def biome_offer(view: dict[str, Any]) -> str:
    """The scarce Biome's offer in words: which Biome, on which planet, for what."""
    seat, si, k = (int(x) for x in _args(str(view["frames"][-1]))[:3])
    slot = view["players"][seat]["systems"][si]["planets"][k]
    biome = CONTENT.biomes[int(slot["biome"])]
    reward = biome.improved if slot["fulfilled"] else biome.reward
    return f"Scarce Biome B{biome.id} on P{slot['planet']}: pay 1 entropy for {T.effect_words(reward)}?"
