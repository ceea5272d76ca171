"""How long an Entropy Rally game takes at the real table: what the machine shows (animations,
computers' turns, hand-offs) measured, what a person adds estimated from counted gestures.

Not a timed test: a measurement script. It opens the real `TableScene` headless (dummy SDL,
1280x720, default settings: animation speed "normal") and steps it frame by frame with a
simulated clock of `--fps` frames a second, so the result does not depend on how busy the
machine is. Seat 0 is a simulated person: when the table accepts their input, the `normal` AI
chooses for them, and the command is played once the model's seconds for its gestures
(HUMAN_SECONDS) have passed on the simulated clock, so the computers think in the background
meanwhile exactly as they would. The other seats are `normal` computers (thinking in-process:
their real thinking time is timed apart). With `--hot-seat` every seat is such a person and
each hand-off screen costs HUMAN_SECONDS["handoff"].

Every simulated frame is put in one bucket, by what the table does at its start:
  anim:<phase>  a blocking animation runs (phase = of the command whose events it plays:
                chaos, expansion, setup_tiles, setup_ships, deal, distribute, planning)
  ai            a computer must act and the banner says "thinking" (the table shows each
                computer move at least AI_MIN_SECONDS; in-process thinking takes no
                simulated time, so real thinking is timed apart, below)
  person        the simulated person is deciding (the model's seconds for their gestures)
  handoff       the person reads a hand-off screen (hot-seat)
  idle          none of these (a chance step: one frame each)
(prefixed "watch:" once no person at the table has a ship left: they only watch)
and in the era of the last command played (set-up is era 0). Decisions are counted per seat
and era from the commands; cards and tiles from the events. Run:

    .venv/bin/python tools/rally_minutes.py --players 2 3 4 --games 3 --json out.json

and read the summary it prints (the raw per-game, per-era records go to the JSON file). The
machine's part is measured; the person's part is HUMAN_SECONDS, an assumption explained in
docs/rules/rally.md ("Minutes of play"). `--think` and `--card` override two of its numbers.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse
import json
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.agents import make_agent
from game.core.match import Match
from game.core.protocol import CHANCE, Command
from game.core.registry import get_game
from game.rally.commands import (DistributeEnergy, Exchange, FinishPlanning, NoExchange, OrderShips, PlaceBuiltShip,
                                 PlaceShip, PlaceTile, ProgramCard, SetProgram)
from game.rally.state import RallyState
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: the project root for tools.*
from tools.table_clock import mean, percentile, rss_mb, step_frame, time_requests  # noqa: E402

HUMAN_SECONDS = {
    "think_ship": 30.0,
    "card": 3.5,
    "tile": 5.0,
    "ship_place": 8.0,
    "split": 6.0,
    "order": 3.0,
    "build": 4.0,
    "exchange": 6.0,
    "handoff": 5.0,
}
"""The person's side of the model (seconds per gesture), an assumption, not measured with people;
why these numbers: docs/rules/rally.md, "Minutes of play". think_ship: reading the map and
choosing one ship's program, per ship and era; card: one card dragged into a program row;
tile: one tile dragged to a hex (set-up and the starting player's expansion); ship_place: a
ship placed and turned at set-up; split: the energy panel; order: which own ship plays next;
build: where a built ship goes; exchange: the cargo panel; handoff: passing the screen and
'I'm ready' (hot-seat only)."""


@dataclass
class EraRecord:
    """What one era cost: simulated seconds per bucket, and what happened in it."""

    seconds: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    cards_played: int = 0
    cards_ignored: int = 0
    rounds: int = 0
    tiles: int = 0
    decisions: dict[int, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    ai_real: float = 0.0
    """Real seconds the computers thought in the foreground (a person waits for them)."""
    ai_background: float = 0.0
    """Real seconds computers thought while a person planned (hidden behind the person)."""
    ai_longest: float = 0.0
    frame_ms_max: float = 0.0
    frame_worst: str = ""
    frame_ms: list[float] = field(default_factory=list)
    """Milliseconds of each drawn frame, without the in-process computers' thinking."""
    rss_mb: float = 0.0
    log_lines: int = 0
    person_alive: bool = True


ONE_GESTURE: dict[type, str] = {
    PlaceTile: "tile", PlaceShip: "ship_place", DistributeEnergy: "split", ProgramCard: "card",
    OrderShips: "order", PlaceBuiltShip: "build", Exchange: "exchange", NoExchange: "exchange",
}
"""Commands that take one gesture of the named kind."""


def gesture_counts(cmd: Command) -> Counter[str]:
    """The gestures a person makes to issue `cmd` at the table."""
    out: Counter[str] = Counter()
    if isinstance(cmd, SetProgram):
        out["think_ship"] += len(cmd.programs)
        out["card"] += sum(len(cards) for _, cards in cmd.programs)
    elif type(cmd) in ONE_GESTURE:
        out[ONE_GESTURE[type(cmd)]] += 1
    return out


def plan_gestures(plan: tuple[Command, ...], ships: int) -> Counter[str]:
    """The gestures a person makes to play a plan (the AI's answer, step by step): each step's,
    and in planning (the plan finishes it) a think per own ship, as a whole program was counted."""
    out: Counter[str] = Counter()
    for cmd in plan:
        out.update(gesture_counts(cmd))
    if any(isinstance(cmd, FinishPlanning) for cmd in plan):
        out["think_ship"] += ships
    return out


def person_seconds(gestures: Counter[str]) -> float:
    """The model's seconds for a person to make these gestures (HUMAN_SECONDS)."""
    return sum(HUMAN_SECONDS[kind] * count for kind, count in gestures.items())


def rally_state(match: Match) -> RallyState:
    state = match.state
    assert isinstance(state, RallyState)
    return state


def play_one(players: int, seed: int, fps: float, hot_seat: bool, draw_every: int,
             size: tuple[int, int] = (1280, 720), max_minutes: float = 240.0) -> dict[str, Any]:
    """One whole game at the table; returns its per-era records as plain data."""
    import pygame

    from scenes.app import create_context
    from scenes.handoff import HandoffScene
    from scenes.settings_store import Settings
    from scenes.table import TableScene

    seats = ["human"] * players if hot_seat else ["human"] + ["normal"] * (players - 1)
    match = Match(get_game("rally"), {}, seed, seats)
    ctx = create_context(Settings(), size=size)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    people = {s: make_agent("normal", "rally", seed * 31 + s) for s in range(players) if match.is_human(s)}

    eras: dict[int, EraRecord] = defaultdict(EraRecord)
    tags: list[tuple[int, str]] = []  # per command: the era and phase it was played in
    handoffs = 0
    background = [False]
    thinking = [0.0]  # seconds the in-process computers thought during the current frame

    def spent_thinking(spent: float) -> None:
        record = eras[tags[-1][0] if tags else 0]
        if background[0]:
            record.ai_background += spent
        else:
            record.ai_real += spent
        record.ai_longest = max(record.ai_longest, spent)
        thinking[0] += spent

    time_requests(scene.ai.worker, spent_thinking)

    def last_kind() -> tuple[int, str]:
        return tags[-1] if tags else (0, "start")

    frame = 1.0 / fps
    frames = 0
    sim = 0.0
    started = time.perf_counter()
    busy_until = -1.0
    """The simulated person is busy (deciding, or reading a hand-off screen) until then."""
    act: Any = None
    act_kind = ""
    while not match.state.is_over() or not scene.game_over_opened:
        if sim > max_minutes * 60:
            raise RuntimeError(f"game {seed} ({players} players) did not end in {max_minutes} simulated minutes")
        ctx.stack.apply_pending()
        top = ctx.stack.scenes[-1]
        # --- the person: decide when the table lets them, act once the model's time is up -------
        if act is not None and sim >= busy_until - 1e-9:
            act()
            act = None
            ctx.stack.apply_pending()
            top = ctx.stack.scenes[-1]
        if act is None and isinstance(top, HandoffScene):
            handoffs += 1
            eras[last_kind()[0]].decisions[-1]["handoff"] += 1
            act, act_kind, busy_until = top.ready, "handoff", sim + HUMAN_SECONDS["handoff"]
        elif act is None:
            person = scene.acting_human()
            if person is not None and not scene.animator.busy and not scene.covered and not match.state.is_over():
                state = rally_state(match)
                plan = people[person].plan(state.clone(), person)
                era_then, phase_then = state.era, state.phase
                busy_until = sim + person_seconds(plan_gestures(plan, len(state.ships_of(person))))

                def play(plan: tuple[Command, ...] = plan, era_then: int = era_then, phase_then: str = phase_then,
                         person: int = person) -> None:
                    for cmd in plan:  # the whole plan at once, as the person's gestures end
                        if person not in match.to_act():
                            break
                        n = len(match.commands)
                        assert scene.play(cmd), f"the table refused the person's {cmd}: {scene.status_text}"
                        tags.extend([(era_then, phase_then)] * (len(match.commands) - n))

                act, act_kind = play, "person"
        # --- classify this frame by what the table does at its start -------------------------
        state = rally_state(match)
        watching = "watch:" if scene.watching and scene.humans else ""
        if act is not None:
            bucket = act_kind
        elif scene.covered:
            bucket = "covered"
        elif scene.animator.busy:
            bucket = watching + "anim:" + last_kind()[1]
        elif scene.ai_to_act() is not None:
            bucket = watching + "ai"
        else:
            bucket = watching + "idle"
        era_now = last_kind()[0]
        background[0] = any(match.is_human(s) for s in match.to_act() if s != CHANCE)
        # while only the person is busy and nothing moves, time may pass in longer frames
        quiet = act is not None and not scene.animator.tweens and not scene.ai.busy
        dt = max(frame, min(0.25, busy_until - sim)) if quiet else frame
        n = len(match.commands)
        t0 = time.perf_counter()
        thinking[0] = 0.0
        drawn = frames % draw_every == 0
        step_frame(ctx, dt, draw=drawn)
        spent_ms = (time.perf_counter() - t0 - thinking[0]) * 1000  # the real app thinks in another process
        frames += 1
        sim += dt
        tags.extend((state.era, state.phase) for _ in match.commands[n:])
        record = eras[era_now]
        if not record.seconds:  # the era's first frame: is a person still in the race?
            record.person_alive = any(rally_state(match).alive[s] for s in range(players) if match.is_human(s))
        record.seconds[bucket] += dt
        if drawn:
            record.frame_ms.append(round(spent_ms, 1))
            if spent_ms > record.frame_ms_max:
                record.frame_ms_max, record.frame_worst = spent_ms, bucket
        record.rss_mb = rss_mb()
        record.log_lines = len(match.log)
    # --- what happened, per era, from the commands and events ----------------------------------
    for i, cmd in enumerate(match.commands):
        era, _ = tags[i]
        if cmd.seat != CHANCE:
            eras[era].decisions[cmd.seat].update(gesture_counts(cmd))
    for entry in match.log:
        era = tags[entry.ply][0] if entry.ply < len(tags) else tags[-1][0]
        tag = entry.event.TAG
        if tag == "card_played":
            eras[era].cards_played += 1
        elif tag == "card_ignored":
            eras[era].cards_ignored += 1
        elif tag == "round_started":
            eras[era].rounds += 1
        elif tag == "tile_placed":
            eras[era].tiles += 1
    final = rally_state(match)
    ctx.stack.apply_pending()
    while ctx.stack.scenes:
        ctx.stack._pop()
    pygame.quit()
    return {
        "players": players, "seed": seed, "hot_seat": hot_seat, "eras_played": final.era,
        "over_kind": final.over_kind, "points": list(final.points), "frames": frames,
        "real_seconds": round(time.perf_counter() - started, 1), "handoffs": handoffs,
        "sim_minutes": round(sim / 60, 2),
        "eras": {str(e): era_dict(r) for e, r in sorted(eras.items())},
    }


def era_dict(r: EraRecord) -> dict[str, Any]:
    return {
        "seconds": {k: round(v, 3) for k, v in sorted(r.seconds.items())},
        "cards_played": r.cards_played, "cards_ignored": r.cards_ignored, "rounds": r.rounds, "tiles": r.tiles,
        "decisions": {str(s): dict(c) for s, c in sorted(r.decisions.items())},
        "ai_real": round(r.ai_real, 3), "ai_background": round(r.ai_background, 3),
        "ai_longest": round(r.ai_longest, 3), "frame_ms_max": round(r.frame_ms_max, 1),
        "frame_ms_p99": percentile(r.frame_ms, 0.99), "frame_ms_median": percentile(r.frame_ms, 0.5),
        "frame_worst": r.frame_worst, "rss_mb": round(r.rss_mb, 1), "log_lines": r.log_lines,
        "person_alive": r.person_alive,
    }


# --- summary ------------------------------------------------------------------------------------

PERSON = ("person", "handoff")


def split(era: dict[str, Any]) -> tuple[float, float]:
    """(machine seconds, person seconds) of one era: the person's modelled decisions and hand-off
    screens against everything else the table spends (animations, computers' turns, idle frames);
    foreground computer thinking (simulated as instant) is added to the machine's part."""
    secs = era["seconds"]
    person = sum(secs.get(k, 0.0) for k in PERSON)
    return sum(secs.values()) - person + era["ai_real"], person


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Per player count: means over the eras a person was still in the race (era 0, set-up,
    apart), and per game the minutes until the person was out or the game ended."""
    out: dict[str, Any] = {}
    for players in sorted({g["players"] for g in games}):
        mine = [g for g in games if g["players"] == players]
        racing = [e for g in mine for k, e in g["eras"].items() if k != "0" and e["person_alive"]]
        watching = [e for g in mine for k, e in g["eras"].items() if k != "0" and not e["person_alive"]]
        setups = [g["eras"]["0"] for g in mine if "0" in g["eras"]]
        n = max(1, len(racing))
        buckets: Counter[str] = Counter()
        for e in racing:
            buckets.update(e["seconds"])
        seat_gestures: Counter[str] = Counter()
        seat_eras = 0
        for e in racing:
            for seat, d in e["decisions"].items():
                if seat != "-1":
                    seat_gestures.update(d)
                    seat_eras += 1
        chaos = buckets.get("anim:chaos", 0.0)
        cards = sum(e["cards_played"] + e["cards_ignored"] for e in racing)
        tile_anim = buckets.get("anim:expansion", 0.0)
        other_anim = sum(v for k, v in buckets.items() if k.startswith("anim:")) - chaos - tile_anim
        in_race = [sum(split(e)[0] + split(e)[1] for k, e in g["eras"].items() if k == "0" or e["person_alive"])
                   for g in mine]
        out[str(players)] = {
            "games": len(mine),
            "eras_mean": round(mean([g["eras_played"] for g in mine]), 2),
            "eras_in_race_mean": round(len(racing) / len(mine), 2),
            "endings": dict(Counter(g["over_kind"] for g in mine)),
            "per_era_in_race": {
                "eras": len(racing),
                "total_s": round(mean([sum(split(e)) for e in racing]), 1),
                "machine_s": round(mean([split(e)[0] for e in racing]), 1),
                "person_s": round(mean([split(e)[1] for e in racing]), 1),
                "chaos_anim_s": round(chaos / n, 1),
                "chaos_anim_s_per_card": round(chaos / max(1, cards), 2),
                "chaos_anim_s_per_round": round(chaos / max(1, sum(e["rounds"] for e in racing)), 2),
                "cards_played": round(cards / n, 1),
                "rounds": round(sum(e["rounds"] for e in racing) / n, 1),
                "tiles": round(sum(e["tiles"] for e in racing) / n, 1),
                "tile_anim_s": round(tile_anim / n, 1),
                "other_anim_s": round(other_anim / n, 1),
                "ai_shown_s": round(buckets.get("ai", 0.0) / n, 1),
                "ai_real_foreground_s": round(sum(e["ai_real"] for e in racing) / n, 2),
                "ai_real_background_s": round(sum(e["ai_background"] for e in racing) / n, 2),
                "ai_longest_s": round(max([e["ai_longest"] for e in racing], default=0.0), 2),
                "idle_s": round(buckets.get("idle", 0.0) / n, 2),
                "handoff_screens": round(sum(e["decisions"].get("-1", {}).get("handoff", 0) for e in racing) / n, 1),
                "gestures_per_seat": {k: round(v / max(1, seat_eras), 2) for k, v in sorted(seat_gestures.items())},
            },
            "per_era_watching": {
                "eras": len(watching),
                "total_s": round(mean([sum(split(e)) for e in watching]), 1),
            },
            "setup": {
                "machine_s": round(mean([split(e)[0] for e in setups]), 1),
                "person_s": round(mean([split(e)[1] for e in setups]), 1),
                "seconds": {k: round(v / max(1, len(setups)), 1)
                            for k, v in sorted(sum((Counter(e["seconds"]) for e in setups), Counter()).items())},
            },
            "minutes_per_game": {
                "while_a_person_races": round(mean(in_race) / 60, 1),
                "whole_game_simulated": round(mean([g["sim_minutes"] for g in mine]), 1),
            },
            "frame_ms_max": max(e["frame_ms_max"] for g in mine for e in g["eras"].values()),
            "frame_ms_p99_worst_era": max(e["frame_ms_p99"] for g in mine for e in g["eras"].values()),
            "frame_ms_median": percentile([e["frame_ms_median"] for g in mine for e in g["eras"].values()], 0.5),
            "rss_mb_per_game_end": [round(list(g["eras"].values())[-1]["rss_mb"]) for g in mine],
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fps", type=float, default=60.0)
    parser.add_argument("--draw-every", type=int, default=6, help="draw one frame in N (1 = every frame)")
    parser.add_argument("--hot-seat", action="store_true", help="every seat a person (hand-offs counted)")
    parser.add_argument("--think", type=float, default=None, help="seconds per ship and era of planning thought")
    parser.add_argument("--card", type=float, default=None, help="seconds per card dragged into a program")
    parser.add_argument("--json", type=Path, default=None, help="write every game's records here")
    args = parser.parse_args(argv)
    if args.think is not None:
        HUMAN_SECONDS["think_ship"] = args.think
    if args.card is not None:
        HUMAN_SECONDS["card"] = args.card
    home = tempfile.mkdtemp(prefix="rally-minutes-")
    os.environ.setdefault("ENTROPY_TABLETOP_HOME", home)
    games = []
    for players in args.players:
        for g in range(args.games):
            record = play_one(players, args.seed * 100 + g, args.fps, args.hot_seat, args.draw_every)
            games.append(record)
            print(f"{players} players, seed {record['seed']}: {record['eras_played']} eras, "
                  f"{record['over_kind']}, {record['frames']} frames in {record['real_seconds']} s",
                  file=sys.stderr, flush=True)
            if args.json is not None:
                args.json.write_text(json.dumps({"games": games, "summary": summarise(games),
                                                 "human_seconds": HUMAN_SECONDS}, indent=1))
    print(json.dumps(summarise(games), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
