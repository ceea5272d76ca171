"""Rally events → a timeline the table view plays back (ships gliding and turning, lasers and
waves flying, cards flipping up, hits, battles and wrecks, the entropy needle moving).

`build_timeline(before, events)` reads only the view the seat had before the
events and the (already redacted) events themselves, and lays them out one
after another in seconds; token moves at the start of a round run together.
`Timeline` answers "where is everything at time t" in hex coordinates (floats,
so a ship between two hexes is exact under the linear hex→pixel map); the view
turns them into pixels, so a resize during an animation is harmless.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.hexgrid import Hex, direction_angle
from game.core.protocol import Event
from game.rally.commands import (
    Battle,
    CardIgnored,
    CardPlayed,
    Collected,
    EntropyChanged,
    ExchangeDone,
    LaserHit,
    PortalClaimed,
    RoundStarted,
    ShipBuilt,
    ShipDestroyed,
    ShipMoved,
    ShipPlaced,
    ShipTurned,
    TilePlaced,
    TitaniumBanked,
    TokenFired,
    TokenMoved,
    WavePush,
)
from scenes.kit.playback import Segment, along, shortest_turn, smoothstep

FHex = tuple[float, float]
STEP_S, TURN_S, CARD_S, TOKEN_S, HIT_S, BOOM_S, LABEL_S = 0.24, 0.3, 0.5, 0.32, 0.4, 0.85, 1.1
ROUND_S = 0.55
CARD_BEAT_S = 1.0
"""The least a card takes from being turned up to the next one (its move, shots and labels
included): at the default speed a round can be followed card by card (it was 0.4 s a card)."""
STOP_GAP_S = 1.2
"""Stops closer than this are one: a battle and the wreck it makes are one pause, not two."""


@dataclass(frozen=True)
class Stop:
    """A moment the playback pauses by itself (a battle, a ship lost, titanium banked) so its
    outcome can be read: `events` are what it spells out (several when they come together)."""

    t: float
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Turn:
    """A ship's card from the moment it is turned up to the next card: the ship acting now."""

    t0: float
    t1: float
    ship: int
    card: str
    skipped: bool = False


@dataclass
class ShipTrack:
    """One ship through the timeline: start, moves and turns, cargo changes, birth and loss."""

    ship: int
    owner: int
    hex: FHex
    angle: float
    energy: int
    titanium: int
    program: int = 0
    born: float = -1.0
    gone: float | None = None
    segments: list[Segment] = field(default_factory=list)
    cargo: list[tuple[float, int, int]] = field(default_factory=list)
    played: list[float] = field(default_factory=list)
    """Times a card of its program is turned up (the face-down count drops)."""

    def end(self) -> tuple[FHex, float]:
        if self.segments:
            s = self.segments[-1]
            return s.to, s.a1
        return self.hex, self.angle

    def at(self, t: float) -> tuple[FHex, float, int, int, bool]:
        """Position, angle, energy, titanium and whether it is on the map at `t`."""
        pos, angle = along(self.segments, t, self.hex, self.angle, smoothstep)
        energy, titanium = self.energy, self.titanium
        for tc, e, ti in self.cargo:
            if t >= tc:
                energy, titanium = e, ti
        alive = t >= self.born and (self.gone is None or t < self.gone)
        return pos, angle, energy, titanium, alive

    def program_at(self, t: float) -> int:
        return max(0, self.program - sum(1 for tp in self.played if t >= tp))


@dataclass
class TokenTrack:
    kind: str
    owner: int | None
    angle: float
    born: float
    segments: list[Segment] = field(default_factory=list)
    gone: float | None = None

    def now(self) -> FHex:
        return self.segments[-1].to if self.segments else (0.0, 0.0)

    def at(self, t: float) -> tuple[FHex, float] | None:
        """Position and opacity (fading out as it leaves), or None when not on the map."""
        if t < self.born or (self.gone is not None and t >= self.gone):
            return None
        pos, _ = along(self.segments, t, self.segments[0].frm if self.segments else (0.0, 0.0))
        alpha = 1.0
        if self.gone is not None and self.gone - t < TOKEN_S:
            alpha = max(0.0, (self.gone - t) / TOKEN_S)
        return pos, alpha


@dataclass(frozen=True)
class Effect:
    """Something shown for a while at a hex: a burst, a floating label, a card turned up."""

    t: float
    duration: float
    kind: str
    """burst, boom, label, card, banner"""
    hex: FHex
    text: str = ""
    colour: tuple[int, int, int] = (255, 255, 255)
    card: str = ""
    skipped: bool = False
    owner: int | None = None
    ship: int = -1
    """The ship that plays the card (card effects)."""


@dataclass
class Timeline:
    duration: float = 0.0
    ships: dict[int, ShipTrack] = field(default_factory=dict)
    tokens: list[TokenTrack] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    entropy: list[tuple[float, int, int]] = field(default_factory=list)
    """(time, before, after) of each entropy change."""
    entropy_start: int = 0
    tiles: dict[tuple[int, int], float] = field(default_factory=dict)
    """Tiles that arrive during the timeline: hex -> the time they land."""
    tile_changes: dict[tuple[int, int], float] = field(default_factory=dict)
    """Tiles a landing changes (cargo collected, portal claimed): hex -> when it is shown."""
    played: list[tuple[float, int, int]] = field(default_factory=list)
    """(time, ship, card) of cards turned up, so the dock shows them only from then."""
    event_times: list[float] = field(default_factory=list)
    """When each event (in the order given) starts being shown, so its log line can wait for it."""
    banked: list[tuple[float, int, int]] = field(default_factory=list)
    """(time, player, points after) of titanium sent home, so the score rises with its label."""
    stops: list[Stop] = field(default_factory=list)
    """Where the playback pauses by itself so the outcome can be read (battles, wrecks, banking)."""
    turns: list[Turn] = field(default_factory=list)
    """Who acts when: each card from being turned up to the next one."""

    def acting_at(self, t: float) -> Turn | None:
        """The card being played out at `t` (None between cards, or before the first)."""
        return next((tn for tn in self.turns if tn.t0 <= t < tn.t1), None)

    def next_beat(self, t: float) -> float:
        """Where a Step from `t` stops: the next card turned up or the next stop, else the end."""
        later = [tn.t0 for tn in self.turns if tn.t0 > t + 1e-6] + [s.t for s in self.stops if s.t > t + 1e-6]
        return min(later, default=self.duration)

    @property
    def round_play(self) -> bool:
        return bool(self.ships) or bool(self.tokens)

    def card_targets(self, ef: Effect) -> list[FHex]:
        """What a played card's pop-up must not cover: the ship where it plays the card, every
        hex it moves or turns on while the card shows, and where a token it fires then goes."""
        out: list[FHex] = [ef.hex]
        end = ef.t + ef.duration
        track = self.ships.get(ef.ship)
        if track is not None:
            for seg in track.segments:
                if seg.t1 > ef.t and seg.t0 < end:
                    out += [seg.frm, seg.to]
        for tok in self.tokens:
            if ef.t <= tok.born < end and tok.segments and tok.segments[0].frm in out:
                out += [seg.to for seg in tok.segments]
        return list(dict.fromkeys(out))

    def action_at(self, t: float) -> list[FHex]:
        """The hexes where something happens at `t` (for the camera to follow the acting ship):
        a card being turned up with the hexes it sends its ship or token to, ships moving or
        turning, tokens flying, hits, wrecks and labels."""
        out: list[FHex] = []
        for ef in self.effects:
            if ef.kind == "card" and ef.t - 0.15 <= t < ef.t + CARD_S:
                out += self.card_targets(ef)
            elif ef.kind in ("burst", "boom", "label") and ef.t <= t < ef.t + ef.duration:
                out.append(ef.hex)
        for track in self.ships.values():
            for seg in track.segments:
                if seg.t0 - 0.1 <= t < seg.t1:
                    out += [seg.frm, seg.to]
        for tok in self.tokens:
            for seg in tok.segments:
                if seg.t0 >= 0 and seg.t0 - 0.1 <= t < seg.t1:
                    out += [seg.frm, seg.to]
        return list(dict.fromkeys(out))

    def entropy_reached(self, t: float) -> int:
        """Entropy once every change that has started by `t` is done (what portals work at)."""
        value = self.entropy_start
        for tc, _, after in self.entropy:
            if t >= tc:
                value = after
        return value

    def entropy_at(self, t: float) -> float:
        value = float(self.entropy_start)
        for tc, before, after in self.entropy:
            if t >= tc + 0.4:
                value = after
            elif t >= tc:
                value = before + (after - before) * (t - tc) / 0.4
        return value


def _fh(h: Sequence[int]) -> FHex:
    return (float(h[0]), float(h[1]))


def build_timeline(before: Mapping[str, Any], events: Sequence[Event]) -> Timeline:
    """Lay the events out in time (see the module docstring)."""
    tl = Timeline(entropy_start=int(before.get("entropy", 0)))
    for s in before.get("ships", []):
        tl.ships[int(s["id"])] = ShipTrack(int(s["id"]), int(s["owner"]), _fh(s["hex"]),
                                           direction_angle(int(s["direction"])), int(s["energy"]),
                                           int(s["titanium"]), int(s.get("program_count", 0)))
    for tok in before.get("tokens", []):
        h = _fh(tok["hex"])
        owner = tok.get("owner")
        tl.tokens.append(TokenTrack(str(tok["kind"]), None if owner is None else int(owner),
                                    direction_angle(int(tok["direction"])), -1.0, [Segment(-1, -1, h, h, 0, 0)]))
    t = 0.0
    parallel_end = 0.0

    def cargo(track: ShipTrack, at: float, energy: int | None = None, titanium: int | None = None) -> None:
        _, _, e, ti, _ = track.at(at)
        track.cargo.append((at, e if energy is None else energy, ti if titanium is None else titanium))

    def label(at: float, h: FHex, text: str, colour: tuple[int, int, int]) -> None:
        tl.effects.append(Effect(at, LABEL_S, "label", h, text, colour))

    def stop(at: float, *ev: Event) -> None:
        evs: tuple[Event, ...] = ev
        if tl.stops and at - tl.stops[-1].t < STOP_GAP_S:  # one pause, at the later one
            evs = tl.stops.pop().events + evs
        tl.stops.append(Stop(at, evs))

    def end_turn(at: float) -> float:
        """Close the card being played out: it lasts at least `CARD_BEAT_S`."""
        if not tl.turns or tl.turns[-1].t1 >= 0:
            return at
        last = tl.turns.pop()
        end = max(at, last.t0 + CARD_BEAT_S)
        tl.turns.append(Turn(last.t0, end, last.ship, last.card, last.skipped))
        return end

    pushed: WavePush | None = None
    """The wave push just laid out, when it takes the ship off the map (its loss says so)."""
    for i, ev in enumerate(events):
        if not isinstance(ev, TokenMoved):
            t = max(t, parallel_end)
        if isinstance(ev, (CardPlayed, CardIgnored, RoundStarted, TilePlaced, ShipBuilt, ShipPlaced)):
            t = end_turn(t)
        if isinstance(ev, (CardPlayed, CardIgnored)) and int(ev.ship) in tl.ships:
            tl.turns.append(Turn(t, -1.0, ev.ship, ev.kind, isinstance(ev, CardIgnored)))
        tl.event_times.append(t)
        track = tl.ships.get(int(getattr(ev, "ship", -1)))
        if isinstance(ev, RoundStarted):
            tl.effects.append(Effect(t, ROUND_S + 0.5, "banner", (0.0, 0.0), f"Chaos round {ev.round}"))
            t += ROUND_S
        elif isinstance(ev, TokenMoved):
            tok = next((k for k in tl.tokens if k.kind == ev.kind and k.gone is None and k.now() == _fh(ev.frm)), None)
            if tok is None:
                continue
            frm = _fh(ev.frm)
            if ev.to is None:
                hx = Hex(int(frm[0]), int(frm[1]))
                ahead = hx.neighbour(round(tok.angle / 60) % 6)
                tok.segments.append(Segment(t, t + TOKEN_S, frm, (float(ahead.q), float(ahead.r)), 0, 0))
                tok.gone = t + TOKEN_S
            else:
                tok.segments.append(Segment(t, t + TOKEN_S, frm, _fh(ev.to), 0, 0))
            parallel_end = max(parallel_end, t + TOKEN_S + 0.05)
        elif isinstance(ev, CardPlayed) and track is not None:
            pos, _, _, _, _ = track.at(t)
            tl.effects.append(Effect(t, CARD_S + 0.9, "card", pos, card=ev.kind, owner=track.owner, ship=ev.ship))
            track.played.append(t)
            tl.played.append((t, ev.ship, ev.card))
            cargo(track, t + CARD_S * 0.5, energy=track.at(t)[2] - ev.paid)
            t += CARD_S
        elif isinstance(ev, CardIgnored) and track is not None:
            pos, _, _, _, _ = track.at(t)
            tl.effects.append(Effect(t, CARD_S + 1.0, "card", pos, card=ev.kind, skipped=True, owner=track.owner,
                                     ship=ev.ship))
            track.played.append(t)
            tl.played.append((t, ev.ship, ev.card))
            why = "no energy" if ev.reason == "energy" else "no room"
            label(t + 0.2, pos, f"Skipped: {why}", (255, 150, 120))
            t += CARD_S + 0.5
        elif isinstance(ev, EntropyChanged):
            tl.entropy.append((t, ev.before, ev.after))
        elif isinstance(ev, ShipMoved) and track is not None:
            pos, angle = track.end()
            for h in ev.path:
                nxt = _fh(h)
                track.segments.append(Segment(t, t + STEP_S, pos, nxt, angle, angle))
                pos = nxt
                t += STEP_S
        elif isinstance(ev, ShipTurned) and track is not None:
            pos, angle = track.end()
            to = shortest_turn(angle, direction_angle(ev.to))
            track.segments.append(Segment(t, t + TURN_S, pos, pos, angle, to))
            t += TURN_S
        elif isinstance(ev, TokenFired):
            src = tl.ships.get(ev.ship)
            start = src.end()[0] if src is not None else (0.0, 0.0)
            owner = src.owner if src is not None else None
            angle = direction_angle(ev.direction)
            if ev.hex is None:
                hx = Hex(int(start[0]), int(start[1])).neighbour(ev.direction)
                end: FHex = (float(hx.q), float(hx.r))
                tok = TokenTrack(ev.kind, owner, angle, t, [Segment(t, t + TOKEN_S, start, end, 0, 0)], t + TOKEN_S)
            else:
                tok = TokenTrack(ev.kind, owner, angle, t, [Segment(t, t + TOKEN_S, start, _fh(ev.hex), 0, 0)])
            tl.tokens.append(tok)
            t += TOKEN_S
        elif isinstance(ev, LaserHit) and track is not None:
            h = _fh(ev.hex)
            for tok in tl.tokens:
                if tok.kind == "laser" and tok.gone is None and tok.now() == h:
                    tok.gone = t + 0.05
                    break
            tl.effects.append(Effect(t, HIT_S, "burst", h))
            label(t, h, "Laser hit \u22122", (255, 170, 120))
            cargo(track, t, energy=ev.energy)
            t += HIT_S
        elif isinstance(ev, WavePush) and track is not None:
            frm = _fh(ev.frm)
            for tok in tl.tokens:
                if tok.kind == "wave" and tok.gone is None and tok.now() == frm:
                    tok.gone = t + 0.05
                    break
            pos, angle = track.end()
            track.segments.append(Segment(t, t + TOKEN_S, pos, _fh(ev.to), angle, angle))
            off = pushed_off(ev, events[i + 1] if i + 1 < len(events) else None)
            pushed = ev if off else None
            # on the table as well as in the log: a wave that takes a ship off the map (play-test)
            label(t, frm, "Pushed off the map!" if off else "Pushed!", (255, 150, 120) if off else (180, 200, 255))
            t += TOKEN_S
        elif isinstance(ev, ShipDestroyed) and track is not None:
            h = _fh(ev.hex)
            pos, angle = track.end()
            if ev.reason == "off_map" and pos != h:
                track.segments.append(Segment(t, t + STEP_S, pos, h, angle, angle))
                t += STEP_S
            tl.effects.append(Effect(t, BOOM_S, "boom", h))
            label(t + 0.1, h, "Destroyed!", (255, 110, 90))
            if pushed is not None and pushed_off(pushed, ev):
                stop(t + 0.5, pushed, ev)  # the pause spells out the wave, not only the loss
            else:
                stop(t + 0.5, ev)
            pushed = None
            track.gone = t + 0.25
            t += BOOM_S
        elif isinstance(ev, Battle):
            h = _fh(ev.hex)
            tl.effects.append(Effect(t, BOOM_S, "burst", h))
            label(t, h, "Battle!", (255, 200, 120))
            stop(t + 0.5, ev)
            for sid, after in zip(ev.ships, ev.after):
                other = tl.ships.get(sid)
                if other is not None:
                    cargo(other, t + 0.3, energy=after)
            t += BOOM_S
        elif isinstance(ev, PortalClaimed):
            tl.tile_changes.setdefault((ev.hex[0], ev.hex[1]), t)
            label(t, _fh(ev.hex), "Portal claimed", (200, 170, 255))
            t += 0.35
        elif isinstance(ev, Collected) and track is not None:
            tl.tile_changes.setdefault((ev.hex[0], ev.hex[1]), t)
            _, _, e, ti, _ = track.at(t)
            if ev.kind == "energy":
                cargo(track, t, energy=e + ev.amount)
            else:
                cargo(track, t, titanium=ti + ev.amount)
            label(t, _fh(ev.hex), f"+{ev.amount} {ev.kind}", (255, 230, 150) if ev.kind == "energy" else (210, 230, 255))
            t += 0.4
        elif isinstance(ev, TitaniumBanked) and track is not None:
            pos = track.end()[0]
            cargo(track, t, titanium=0)
            label(t, pos, f"+{ev.amount} point{'' if ev.amount == 1 else 's'}", (236, 204, 132))
            tl.banked.append((t, ev.player, ev.points))
            if ev.amount > 0:  # (a portal card played with no titanium aboard is no key moment)
                stop(t + 0.4, ev)
            t += 0.55
        elif isinstance(ev, ExchangeDone):
            for sid, e, ti in zip(ev.ships, ev.energy, ev.titanium):
                other = tl.ships.get(sid)
                if other is not None:
                    cargo(other, t, energy=e, titanium=ti)
            t += 0.3
        elif isinstance(ev, (ShipBuilt, ShipPlaced)):
            tl.ships[ev.ship] = ShipTrack(ev.ship, ev.player, _fh(ev.hex), direction_angle(ev.direction), 0, 0,
                                          born=t)
            label(t, _fh(ev.hex), "New ship", (236, 204, 132))
            t += 0.4
        elif isinstance(ev, TilePlaced):
            tl.tiles[(ev.hex[0], ev.hex[1])] = t + 0.35
            t += 0.4
    t = end_turn(max(t, parallel_end))
    tl.duration = max(t, parallel_end, max((e.t + e.duration for e in tl.effects), default=0.0) - 0.4)
    return tl


def pushed_off(push: Event, after: Event | None) -> bool:
    """`push` is a wave's push that takes its ship off the map: the engine's next event is that
    ship lost off the map (`chaos.wave_push`)."""
    return isinstance(push, WavePush) and isinstance(after, ShipDestroyed) and after.ship == push.ship \
        and after.reason == "off_map"


def tiles_shown(before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]], tl: Timeline,
                t: float) -> list[Mapping[str, Any]]:
    """The tiles as they look `t` seconds into the playback: a tile whose cargo is collected or
    portal claimed later in it still shows what it had before (the view is already the end of the
    round, and a titanium tile emptied before the ship gets there spoils the round), and a portal
    works or not by the entropy reached so far."""
    earlier = {(int(x["hex"][0]), int(x["hex"][1])): x for x in before}
    reached = tl.entropy_reached(t)
    out: list[Mapping[str, Any]] = []
    for tile in after:
        h = (int(tile["hex"][0]), int(tile["hex"][1]))
        shown = tile
        change = tl.tile_changes.get(h)
        if change is not None and t < change and h in earlier:
            shown = earlier[h]
        threshold = shown.get("threshold")
        if shown.get("kind") == "portal" and threshold is not None and "active" in shown:
            active = reached <= int(threshold)
            if bool(shown["active"]) != active:
                shown = {**shown, "active": active}
        out.append(shown)
    return out


def cargo_at(view: Mapping[str, Any], tl: Timeline, t: float) -> dict[str, Any]:
    """`view` (the round's start) with each ship's energy and titanium as they are `t` seconds
    into the playback, so the dock's rows count down with the pills on the map."""
    ships = []
    for s in view.get("ships", []):
        track = tl.ships.get(int(s["id"]))
        if track is not None:
            _, _, energy, titanium, _ = track.at(t)
            # a ship that lost a battle ends below nothing: it is gone, its pill says 0
            s = {**s, "energy": max(0, energy), "titanium": titanium}
        ships.append(s)
    return {**view, "ships": ships}


def seats_at(before: Mapping[str, Any], after: Mapping[str, Any], tl: Timeline, t: float) -> dict[str, Any]:
    """`after` (the view at the round's end) with each player's points, ships and whether they
    are still in the race as they are `t` seconds into the playback: the player panels must not
    say 'Out of the race' (or show the points of a later Titanium Portal) before the battle or
    the banking that causes it has been shown."""
    points = [int(p) for p in before.get("points", after.get("points", []))]
    for tb, player, total in tl.banked:
        if t >= tb and player < len(points):
            points[player] = total
    ships = [{"id": track.ship, "owner": track.owner, "energy": energy, "titanium": titanium}
             for track in tl.ships.values() for _, _, energy, titanium, on_map in [track.at(t)] if on_map]
    owners = {s["owner"] for s in ships}
    was = list(before.get("alive", after.get("alive", [])))
    alive = [bool(now) or (k < len(was) and bool(was[k]) and k in owners)
             for k, now in enumerate(after.get("alive", []))]
    return {**after, "points": points, "ships": ships, "alive": alive}
