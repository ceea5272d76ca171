"""The Worlds Collide table: every player's area, the Nexus, the Discard, the Anchor and the round's plays.

Reads only the plain `view()` dict of the seat the table shows (never hidden
state): the viewer's area is at the bottom (Character, Hold, Reality, played
Actions, hand), opponents' areas along the top, and the centre holds the
Nexus, the Discard (click to browse it), the Anchor's home, one play slot per
player (this round's Actions: backs while chosen in secret, flipped together
at the reveal) and the round plaque.

Gestures become Targets for `Game.find_command`: hand cards
`Target("hand", "3")` dropped on `Target("play-slot")`, `nexus`,
`discard:<card>`, `hold:<seat>` (`hold:<seat>:<card>` to keep), `played:<seat>:<action>`,
`revealed:<card>`, `anchor`, `character:<i>`; buttons through `actions()`.
The card being resolved (`Target("acting")`) can be dragged onto its target.
Geometry is rebuilt once per position; a static layer (felt, panels, cards)
is rendered once per position and blitted; the hand, highlights and
animations are drawn live.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.core.match import LogEntry
from game.core.protocol import Command, Event, Seat, Target, redact
from game.core.text import join_names
from game.core.words import ALERT, HEADLINE, SEAT, Line
from game.worlds_collide.cards import (
    ACTION_NAMES,
    ADVARANAU,
    CENE_C,
    CHARACTER_NAMES,
    MARY_REVEALS,
    RESET,
    RONIN,
    SHIFT,
    TELEKINESIS,
    UNLEASH,
    WILD,
    card_name,
    parse_card,
)
from game.worlds_collide.commands import (
    ActionChosen,
    ActionResolving,
    ActionsReturned,
    ActionsRevealed,
    AnchorTaken,
    AnchorUsed,
    CharacterAssigned,
    ChooseAction,
    Clash,
    Decline,
    Done,
    GameWon,
    Keep,
    NexusReshuffled,
    PickAction,
    PickCharacter,
    PickDiscard,
    PickHold,
    PickNexus,
    Resolve,
    RoundStarted,
    ShardDiscarded,
    ShardLocked,
    ShardRevealed,
    ShardTaken,
    TakeRevealed,
)
from game.worlds_collide.words import Names, brief, brief_aside, win_reason
from scenes.kit import palette
from scenes.kit.hand import fan_left, fan_step, fan_width
from scenes.kit.hold import ContinueHold
from scenes.animation import (
    Animator,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    lerp_point,
)
from scenes.sprites.card import card_shadow, flip_frame, glow_frame, slot_outline
from scenes.sprites.felt import felt_surface
from scenes.sprites.icons import icon
from scenes.sprites.text import panel
from scenes.views.base import (
    Action,
    Announcement,
    Colour,
    brief_by_command,
    GameView,
    Overlay,
    Point,
    ViewDict,
)
from scenes.views.worlds_collide.art import (
    CardArt,
    action_tip,
    anchor_tip,
    character_tip,
    colour_of,
    shard_tip,
)
from scenes.views.worlds_collide.result import draw_players, result_width
from scenes.kit.palette import BRASS, TEXT_DIM as DIM

CLASH_RED: Colour = (236, 84, 72)
TARGET_GLOW: Colour = (240, 248, 255)
"""Where a click or a drop acts: an icy white far from every Character's colour (the app's green
highlight was Jessup's and close to Cene C's; every hue is some Character's)."""
OK_GREEN: Colour = (120, 220, 160)
MOVE_S, FLIP_S, CLASH_S, STEP_S = 0.42, 0.6, 1.3, 0.75
REVEAL_MOVE_S = 0.38
COUNTDOWN_S = 4.0
"""With "Pause on key moments" off, a reveal, a clash or a round's end stays this long (counted down)."""
REVEAL_HOLD_S = 1.6
"""Mary's revealed Shards stay on show this long before a computer (or another player) takes one."""
ASPECT = 0.7
ZOOM_HEIGHT = 0.5
"""The card under the pointer is shown this tall (a share of the table's height), every word readable."""
TALLEST = 1.0
"""The table's places are laid out in at most this height per unit of width (centred in a taller
play area, the felt filling the rest): every area sizes its cards by its height, and in a play area
much taller than wide (a narrow, tall window) the card rows ran out of width and asked for cards
of negative size."""
PLAY_SLOT = Target("play-slot")
ACTING = Target("acting")
ANCHOR = Target("anchor")
BACK = ("back",)
Face = tuple[Any, ...]


@dataclass
class Item:
    """One card (or empty place) on the table: where, what face, what it means, what it says."""

    rect: pygame.Rect
    face: Face | None
    target: Target | None = None
    tip: str = ""
    key: tuple[Any, ...] = ()
    dim: bool = False
    live: bool = False
    """Drawn every frame (the hand), not in the static layer."""
    stamp: str = ""
    stamp_colour: Colour = BRASS
    label: str = ""
    unseen: bool = False
    """Some other player has never seen this face (the Keep overlay marks it with a crossed eye)."""


@dataclass
class Geometry:
    items: list[Item] = field(default_factory=list)
    modal: list[Item] = field(default_factory=list)
    modal_title: str = ""
    modal_title_lines: list[str] = field(default_factory=list)
    """The title as drawn: one line at `modal_title_size` where it fits the view, else wrapped."""
    modal_title_size: int = 0
    modal_rect: pygame.Rect | None = None
    revealed: dict[int, pygame.Rect] = field(default_factory=dict)
    """Where each of Mary's revealed Shards lies in the overlay (card -> rect)."""
    panels: list[tuple[pygame.Rect, Colour, bool]] = field(default_factory=list)
    labels: list[tuple[str, int, Colour, str, str, tuple[int, int]]] = field(default_factory=list)
    tips: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    places: dict[tuple[Any, ...], pygame.Rect] = field(default_factory=dict)
    anchor_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    anchor_home: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    discard_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


@lru_cache(maxsize=32)
def _panel(size: tuple[int, int], edge: Colour, fill: Colour = (22, 25, 38), alpha: int = 200,
           radius: int = 14) -> pygame.Surface:
    """Area panels, cached per size and edge colour (their soft shadow is a blur)."""
    return panel(size, radius, alpha, fill, edge)


def _card_of(ident: str | None) -> int:
    """The card a `discard:<name>` target names (-1: none)."""
    try:
        return parse_card(ident or "")
    except ValueError:
        return -1


def anchor_breaker(clash: Clash, after: Sequence[Event]) -> int | None:
    """The seat whose Anchor broke `clash`, from the events that followed it (None: nobody's)."""
    return next((e.seat for e in after
                 if isinstance(e, AnchorUsed) and e.action == clash.action and e.seat in clash.seats), None)


def clash_banner(ev: Clash, anchored: int | None, names: Sequence[str]) -> tuple[str, str]:
    """The Clash banner's title and one subtitle that already says what the Anchor does:
    its holder (`anchored`, when it breaks this Clash) returns it and resolves, the others do not."""
    def name(s: int) -> str:
        return names[s] if 0 <= s < len(names) else f"Player {s + 1}"

    title = f"Clash: {ACTION_NAMES[ev.action]}"
    if anchored is None:
        return title, f"{join_names([name(s) for s in ev.seats])} played the same Action: none of them resolves"
    rest = [name(s) for s in ev.seats if s != anchored]
    return title, (f"{name(anchored)} returns the Anchor and resolves it; "
                   f"{join_names(rest)}'s does not resolve" if len(rest) == 1 else
                   f"{name(anchored)} returns the Anchor and resolves it; {join_names(rest)} do not")


PICKED_STAMP = (0.85, 0.09)
"""The scale and height (`_stamp`) of the stamp on an Action picked but not locked in: smaller,
and on the card's top edge, over its owner band, not over its rule line (play-test: it covered
"the Nexus, keep 1." on Fracture at 1280x720)."""


def _status_text(status: str) -> tuple[str, Colour]:
    return {"clashed": ("CLASH", CLASH_RED), "anchor": ("ANCHOR", BRASS), "resolved": ("DONE", OK_GREEN),
            "declined": ("DECLINED", DIM), "resolving": ("NOW", BRASS)}.get(status, ("", DIM))


class WorldsCollideView(GameView):
    """See the module docstring."""

    def __init__(self, ctx: Any, game: Any, text: Any) -> None:
        super().__init__(ctx, game, text)
        self.art = CardArt(text.font)
        self.geo = Geometry()
        self.browser_open = False
        self._static: pygame.Surface | None = None
        self.stamps_drawn: dict[Any, pygame.Rect] = {}
        """The stamps on the cards as last drawn, by item key, on the canvas (for tests of their place)."""
        self._static_key: Any = None
        self._clickable: list[Target] = []
        self._last_revealed: dict[int, pygame.Rect] = {}
        """Mary's overlay places, kept after it closes so the taken and discarded Shards leave from there."""
        self.fs = 14
        self._watching = False
        """Played events are being animated (set in `animate`, cleared in `draw` once they are over):
        on a shared screen the whole table watches them."""
        self._log_private = True
        """Whether the last `log_lines` included the viewer's own secrets."""
        self._watched = False
        """The whole table watched played events on this shared screen (a reveal, a resolution,
        the round's end) since its seat last took it."""
        self._pointer: tuple[int, int] | None = None
        self._round_plays: list[tuple[int, Face, str]] = []
        """The round just ended: its plays (arena slot, face, how it went), drawn while its end is
        held, each at its slot's place in the layout of the moment (`held_plays`)."""
        self._animating = False
        """Played events are still animating (the reveal's flips, a clash): the banner names what
        happens, and asks ("press Resolve") only once the cards it talks about are face up."""
        self._staged: tuple[int, int] | None = None
        """(seat, Action): the secret choice picked but not locked in yet (select, then Lock in);
        it sits face up in the seat's play slot and can be taken back until then."""
        """Where the pointer was last seen over the table (for the zoomed card)."""

    # --- geometry ----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.fs = max(12, int(self._places_rect().height * 0.024))
        self._build()

    def _places_rect(self) -> pygame.Rect:
        """Where the places go: the play area, no taller than TALLEST x its width (centred)."""
        out = pygame.Rect(self.rect)
        out.height = min(out.height, int(out.width * TALLEST))
        out.centery = self.rect.centery
        return out

    def set_view(self, view: ViewDict) -> None:
        self.view = view
        if self._staged is not None and not self._may_stage(self._staged[1]):
            self._staged = None
        pending = view.get("pending") or {}
        if self.browser_open and not (pending.get("kind") == "cene-more" and pending.get("seat") == view.get("seat")):
            self.browser_open = False
        self._build()

    @property
    def me(self) -> int:
        return int(self.view.get("seat", 0))

    @property
    def shared_screen(self) -> bool:
        """Several people play at this screen (hot-seat)."""
        return sum(self.seat_humans) > 1

    def private_shown(self) -> bool:
        """Whether the viewer's own secrets (hand faces, shrouded Hold faces, face-down choice)
        are drawn face up. On a shared screen only while the viewer's person must act now and
        no played events are being animated: reveals, resolutions and computers' moves are watched by the whole
        table, so the seat on screen is then drawn as the others see it. The engine's view is
        untouched; this only decides what is drawn and hit-tested."""
        if not self.shared_screen:
            return True
        if self.public_screen or self._watching or self._watched or not self.is_human(self.me):
            return False  # (after a watched moment, until the hand-off: not even for one frame)
        return self.me in (self.view.get("to_act") or [])

    def handoff_again(self) -> bool:
        """After a moment everyone watched (the reveal, a resolution, the round's end: its Hold
        was drawn face down then), the seat on screen is handed the screen again before it acts,
        so its Hold, a Keep choice or its hand do not turn face up while the others still look."""
        return self._watched

    def private_decision(self, view: ViewDict) -> bool:
        """Picking a Character and resolving Reset or Shift need nothing only that seat may see:
        on a shared screen they are played without "I'm ready" (the seat's Hold and hand stay
        drawn as the others see them). Everything else (the secret choice, a Keep, targets
        chosen knowing one's own Hold) is handed over first."""
        pending = view.get("pending") or {}
        if view.get("phase") == "choose":
            return True
        if pending.get("kind") == "pick-character":
            return False
        return not (pending.get("kind") == "act" and pending.get("action") in (RESET, SHIFT)
                    and pending.get("acts_as") is None)

    def _continues_in_private(self, before: ViewDict) -> bool:
        """The person handed the screen in private played a step of their own (or a draw for their
        own action came) and acts again at once: nobody else looks at the screen, so the step is
        not a moment the table watched (a reveal, with no seat of its own, still is), and
        no 'Back to ...' card follows it (play-test: Fracture and Telekinesis each put one in the
        middle of one person's action)."""
        me = self.me

        def mine(view: ViewDict) -> bool:  # the seat decides, or a draw for its action is under way
            return me in (view.get("to_act") or []) or (view.get("pending") or {}).get("seat") == me

        # a round's end is watched by the whole table whoever acted last (play-test: Mary's own
        # action ended round 1, and "Round 1 is over" showed her Hold and hand to everyone)
        same_round = before.get("round") == self.view.get("round")
        return (self.is_human(me) and not self.public_screen and not self._watched and not self._watching
                and same_round and mine(before) and mine(self.view))

    def screen_taken(self) -> None:
        self._watched = False
        self._staged = None  # (a new person at the screen picks their own)
        self._build()

    # --- select, then Lock in -------------------------------------------------------------
    def _may_stage(self, action: int) -> bool:
        """The viewer may now pick `action` as their secret choice (not locked in yet)."""
        v = self.view
        players = v.get("players") or []
        if v.get("phase") != "choose" or not players or self._staged_seat_changed():
            return False
        me = players[self.me]
        return not me["chosen"] and action in (me.get("hand") or []) and self.me in (v.get("to_act") or [])

    def _staged_seat_changed(self) -> bool:
        return self._staged is not None and self._staged[0] != self.me

    def staged(self) -> int | None:
        """The Action picked but not locked in (drawn in the play slot while private_shown)."""
        if self._staged is None or self._staged[0] != self.me or not self.private_shown():
            return None
        return self._staged[1]

    def input_hint(self, seat: Seat) -> str | None:
        """Choosing the secret Action: a click or a drop picks, Lock in chooses."""
        if self.view.get("phase") == "choose" and seat == self.me and self.private_shown() \
                and not (self.view.get("players") or [{}])[self.me].get("chosen", True):
            return "Drag or click a card to pick it, then Lock in"
        return None

    def stage(self, command: Command) -> bool:
        """A secret choice is picked first (it goes face up into the play slot, can be taken back
        or swapped) and made only with "Lock in"."""
        if not isinstance(command, ChooseAction) or command.seat != self.me or not self.private_shown():
            return False
        self._staged = (self.me, command.action)
        self._build()
        return True

    def log_stale(self) -> bool:
        """The log was written for the other side of `private_shown` (a watched moment began or ended)."""
        return self._log_private != self.private_shown()

    def _name(self, seat: int) -> str:
        p = self.view["players"][seat]
        who = self.seat_names[seat] if seat < len(self.seat_names) else f"Player {seat + 1}"
        return f"{p['name']} ({who})" if p.get("character") is not None else who

    def _build(self) -> None:
        v = self.view
        self._static_key = None
        if not v or not self.rect.width or "players" not in v:
            self.geo = Geometry()
            return
        g = Geometry()
        R = self._places_rect()
        W, H = R.size
        n = len(v["players"])
        me = self.me
        m = max(8, int(H * 0.014))
        opp_h = int(H * 0.29)
        me_h = int(H * 0.44)  # (the hand's cards big enough to read their rule line)
        mid = pygame.Rect(R.x, R.y + opp_h, W, H - opp_h - me_h)
        # opponents along the top
        opps = [(me + i) % n for i in range(1, n)]
        k = max(1, len(opps))
        pw = min(int((W - (k + 1) * m) / k), int(W * 0.62))
        total = k * pw + (k - 1) * m
        x = R.x + (W - total) // 2
        for seat in opps:
            self._area(g, seat, pygame.Rect(x, R.y + m, pw, opp_h - m - 2), mine=False)
            x += pw + m
        self._area(g, me, pygame.Rect(R.x + m, R.bottom - me_h, W - 2 * m, me_h - m), mine=True)
        self._centre(g, mid, m)
        self._anchor_item(g)
        self._modal(g)
        if g.revealed:
            self._last_revealed = dict(g.revealed)
        self.geo = g
        self._warm(g)

    def _warm(self, g: Geometry) -> None:
        """Build the faces, shadows and glows the table's places can need once per size, not mid-animation."""
        chars = tuple(p.get("character") for p in self.view["players"])
        if chars != getattr(self, "_warm_chars", None):
            self._warm_chars = chars
            self._warmed: set[tuple[str, int, int]] = set()
        protos = [(("shard",) if it.face[0] == "shard" or it.key[:1] in (("hold",), ("reality",), ("discard",),
                                                                    ("nexus",)) else it.face[:1], it.rect)
                  for it in g.items if it.face and it.face[0] != "anchor"]
        protos += [(("action",), r) for k, r in g.places.items() if k[0] in ("played-size", "arena", "hand")]
        protos += [(("shard",), r) for k, r in g.places.items() if k[0] in ("hold", "reality")]
        for rect, col, _active in g.panels:
            _panel(rect.size, col)
            _panel(rect.size, (96, 82, 58))
        for (kind, *_), rect in protos:
            w, h = rect.size
            if (kind, w, h) in self._warmed:
                continue
            self._warmed.add((kind, w, h))
            card_shadow(w, h)
            for colour in (TARGET_GLOW, BRASS, CLASH_RED, palette.HINT):
                glow_frame(w, h, colour, 3)
            glow_frame(w, h, TARGET_GLOW, 2)
            self.art.face(BACK, w, h)
            if kind == "shard":
                for c in range(WILD + 1):
                    self.art.face(("shard", c), w, h)
            elif kind == "action":
                for ch in set(chars):
                    for a in range(1, 7):
                        self.art.face(("action", a, ch if ch is not None else -1), w, h)

    def _area(self, g: Geometry, seat: int, P: pygame.Rect, mine: bool) -> None:
        v = self.view
        p = v["players"][seat]
        ch = p.get("character")
        col = colour_of(ch)
        fs = self.fs
        active = seat in v.get("to_act", []) or (v.get("pending") or {}).get("seat") == seat
        g.panels.append((P, col, active))
        pad = max(6, int(P.height * 0.04))
        hh = int(fs * 1.55)
        name = self._name(seat)
        g.labels.append((name, fs, (255, 244, 222), "bold", "midleft", (P.x + pad + 4, P.y + pad + hh // 2)))
        if ch is not None:
            trait = f"{len(p['reality'])} of 4 locked"
            g.labels.append((trait, fs - 2, DIM, "regular", "midright", (P.right - pad - 4, P.y + pad + hh // 2)))
        g.tips.append((pygame.Rect(P.x, P.y, P.width, hh + pad),
                       f"{name}: {len(p['reality'])} Shards locked in Reality, {p['hand_count']} Actions in hand."))
        body_y = P.y + pad + hh + 2
        body_h = P.bottom - pad - body_y
        gap = max(4, int(P.width * 0.008))
        if mine:
            h1 = int(body_h * 0.36)
        else:
            h1 = int(body_h * 0.6)
        cw = int(h1 * ASPECT)
        rw = int(cw * 0.86)
        need = lambda c: 2 * c + 4 * int(c * 0.86) + 6 * gap + (int(P.width * 0.34) if mine else 0)  # noqa: E731
        avail = P.width - 2 * pad
        if need(cw) > avail:
            cw = int(cw * (avail / need(cw)))
            rw = int(cw * 0.86)
        h1 = int(cw / ASPECT)
        rh = int(rw / ASPECT)
        x = P.x + pad + 4
        y = body_y
        # Character
        crect = pygame.Rect(x, y, cw, h1)
        if ch is not None:
            g.items.append(Item(crect, ("char", ch), tip=character_tip(ch), key=("char", seat)))
        else:
            g.items.append(Item(crect, None, tip="Not dealt yet.", key=("char", seat), label="?"))
        g.places[("char", seat)] = crect
        g.places[("anchor", seat)] = pygame.Rect(crect.right - int(cw * 0.38), crect.y - int(cw * 0.1),
                                                 int(cw * 0.5), int(cw * 0.5))
        x = crect.right + gap * 2
        # Hold (one slot, fanned when it overflows before a keep)
        hrect = pygame.Rect(x, y, cw, h1)
        g.places[("hold", seat)] = hrect
        hold = p["hold"]
        hold_target = Target("hold", ident=str(seat))
        g.labels.append(("HOLD", max(9, fs - 4), DIM, "bold", "midtop", (hrect.centerx, hrect.bottom + 2)))
        if not hold:
            g.items.append(Item(hrect, None, hold_target, "The Hold: empty. A Hold keeps one Shard.",
                                key=("hold", seat, 0)))
        public = mine and not self.private_shown()
        for i, entry in enumerate(hold):
            r = hrect.move(int(i * cw * 0.32), int(i * h1 * 0.06))
            card = entry["card"] if not (public and not entry["revealed"]) else None
            face: Face = ("shard", card) if card is not None else BACK
            stamp = ""
            if card is not None and not entry["revealed"]:
                stamp = "SHROUDED"
            tip = shard_tip(card) if card is not None else (
                "A shrouded Shard: face down while the whole table watches." if public
                else "A shrouded Shard: its face is hidden from you.")
            if entry["revealed"]:
                tip += "\nRevealed: everyone sees it."
            elif card is not None:
                others = [self.view["players"][o]["name"] for o in range(len(self.view["players"]))
                          if o != self.me and o not in entry.get("seen_by", [])]
                tip += "\nShrouded: " + ("hidden from " + ", ".join(others) if others else "everyone has seen it") + "."
            g.items.append(Item(r, face, hold_target, tip, key=("hold", seat, i), stamp=stamp, stamp_colour=DIM))
        x = hrect.right + int(len(hold[1:]) * cw * 0.32) + gap * 3
        # Reality: four slots
        reality = p["reality"]
        for i in range(4):
            r = pygame.Rect(x + i * (rw + gap), y + (h1 - rh), rw, rh)
            g.places[("reality", seat, i)] = r
            if i < len(reality):
                g.items.append(Item(r, ("shard", reality[i]), tip=shard_tip(reality[i]) + "\nLocked in Reality.",
                                    key=("reality", seat, i)))
            else:
                g.items.append(Item(r, None, tip="Reality: an empty slot. Lock all four of your Character's "
                                                 "Shards here to win.", key=("reality", seat, i)))
        g.labels.append(("REALITY", max(9, fs - 4), DIM, "bold", "midtop",
                         (x + 2 * (rw + gap) - gap // 2, y + h1 + 2)))
        after_reality = x + 4 * (rw + gap)
        # played Actions and the hand
        played = p["played"]
        if mine:
            pr_h = h1  # (as tall as the Reality row: their numbers and names readable)
            pr_w = int(pr_h * ASPECT)
            px0 = after_reality + gap * 3
            room = P.right - pad - px0
            step = fan_step(len(played), pr_w, room, pr_w + gap, 8) if played else 0
            g.places[("played-size", seat)] = pygame.Rect(px0, y, pr_w, pr_h)
            self._played_row(g, seat, ch, played, px0, y + (h1 - pr_h), pr_w, pr_h, step)
            if played:
                g.labels.append(("PLAYED", max(9, fs - 4), DIM, "bold", "midtop",
                                 (px0 + fan_width(len(played), pr_w, step) // 2, y + h1 + 2)))
            hy = y + h1 + int(fs * 1.3)
            hh2 = P.bottom - pad - hy
            hw = int(hh2 * ASPECT)
            hand = [a for a in (p["hand"] or []) if a != p.get("choice") and a != self.staged()]
            hstep = hw + gap * 2
            g.places[("hand", seat)] = pygame.Rect(P.centerx - hw // 2, hy, hw, hh2)
            if public:
                self._hand_backs(g, seat, len(hand), pygame.Rect(P.x, hy, P.width, hh2), hw, hstep)
                return
            hand_hint = self._hand_hint(seat)
            hx = fan_left(P.centerx, len(hand), hw, hstep)
            for i, a in enumerate(hand):
                r = pygame.Rect(hx + i * hstep, hy, hw, hh2)
                g.places[("hand", seat, a)] = r
                g.items.append(Item(r, ("action", a, ch if ch is not None else -1), Target("hand", ident=str(a)),
                                    action_tip(a) + hand_hint,
                                    key=("hand", seat, a), live=True))
        else:
            y2 = y + h1 + int(fs * 1.1)
            h2 = P.bottom - pad - y2
            w2 = int(h2 * ASPECT)
            x2 = P.x + pad + 4
            list_w = int(P.width * 0.5)
            lx = P.right - pad - 4 - list_w
            # the played row stays left of the list (squeezed in a narrow panel; each card zooms on hover)
            room = lx - x2 - int(fs * 3.2)
            step = w2 + gap  # side by side while they fit, each number whole; squeezed only past that
            if len(played) > 1:
                step = max(4, min(step, (room - w2) // (len(played) - 1)))
            g.places[("played-size", seat)] = pygame.Rect(x2, y2, w2, h2)
            if played:
                self._played_row(g, seat, ch, played, x2, y2, w2, h2, step)
                g.labels.append((f"played {len(played)}", max(9, fs - 4), DIM, "regular", "midleft",
                                 (x2 + fan_width(len(played), w2, step) + 6, y2 + h2 // 2)))
            # the hand: what is left of it is public (every Action not on the table), so it is
            # listed by name, readable at a glance; only this round's secret choice is unknown
            count = p["hand_count"]
            g.places[("hand", seat)] = pygame.Rect(P.right - pad - 4 - w2, y2, w2, h2)
            # (smaller in a narrow panel, beside the guide's note, where its lines ran below the panel)
            room = P.bottom - 2 - y2 - int(fs * 0.35)  # (the last line may take the panel's padding)
            for size in range(fs - 2, 8, -1):
                lines = self.can_still_play_lines(seat, list_w, size)
                line_h = int(size * 1.3)
                if line_h * len(lines) <= room:
                    break
            ly = y2 + max(int(fs * 0.35), (h2 - line_h * len(lines)) // 2)  # (below the REALITY label)
            ly = min(ly, P.bottom - 2 - line_h * len(lines))
            for k, line in enumerate(lines):
                g.labels.append((line, size, palette.TEXT, "bold", "topleft", (lx, ly + k * line_h)))
            g.places[("can-play", seat)] = pygame.Rect(lx, y2, list_w, h2)
            g.tips.append((pygame.Rect(lx, y2, list_w, h2),
                           f"{p['name']} holds {count} Actions: every Action not played yet"
                           + (" (one of them is this round's face-down choice)." if p.get("chosen") else ".")))

    def can_still_play(self, seat: int) -> list[int]:
        """The Actions `seat` may still play: all six but those on the table (public: played
        Actions stay face up until a Reset or an empty hand; this round's face-down choice is
        one of them)."""
        played = set(self.view["players"][seat]["played"])
        return [a for a in sorted(ACTION_NAMES) if a not in played]

    def can_still_play_lines(self, seat: int, width: int, size: int) -> list[str]:
        """`can_still_play` by number and name after "Can still play:", wrapped to `width`."""
        left = self.can_still_play(seat)
        if not left:
            return ["Can still play: nothing (all six played)"]
        lines: list[str] = []
        for i, entry in enumerate(f"{a} {ACTION_NAMES[a]}" for a in left):  # (never split a number from its name)
            entry = f"Can still play: {entry}" if i == 0 else entry
            trial = f"{lines[-1]}  ·  {entry}" if lines else entry
            if lines and self.text.render(trial, size, palette.TEXT, "bold").get_width() <= width:
                lines[-1] = trial
            else:
                lines.append(entry)
        return lines

    def _hand_backs(self, g: Geometry, seat: int, count: int, band: pygame.Rect, w: int, step: int) -> None:
        """The viewer's hand while the whole table watches (hot-seat): backs and the count, no faces,
        nothing to pick up."""
        step = max(6, int(step * 0.4))
        bx = fan_left(band.centerx, count, w, step)
        for i in range(count):
            g.items.append(Item(pygame.Rect(bx + i * step, band.y, w, band.height), BACK,
                                tip=f"Your hand: {count} Actions, face down while everyone at the table watches.",
                                key=("hand", seat, i)))
        g.labels.append((f"x{count}", self.fs - 1, palette.TEXT, "bold", "midleft",
                         (bx + fan_width(count, w, step) + 6, band.centery)))

    def _played_row(self, g: Geometry, seat: int, ch: int | None, played: list[int], x: int, y: int,
                    w: int, h: int, step: int) -> None:
        for i, a in enumerate(played):
            r = pygame.Rect(x + i * step, y, w, h)
            g.places[("played", seat, a)] = r
            g.items.append(Item(r, ("action", a, ch if ch is not None else -1), Target("played", ident=f"{seat}:{a}"),
                                action_tip(a) + "\nPlayed: on the table until Reset, or until the hand is empty.",
                                key=("played", seat, a)))

    def _centre(self, g: Geometry, mid: pygame.Rect, m: int) -> None:
        v = self.view
        fs = self.fs
        # the row's labels above it ("THIS ROUND") stay below the opponents' panels: in a short
        # area (beside the guide's note at 1024x640) a tenth of the row ran it into "Can still play"
        above = self.text.font(max(9, fs - 4), "bold").get_linesize() + 4
        top = mid.y + max(int(mid.height * 0.1), above)
        ch_h = min(int(mid.height * 0.64), mid.bottom - top - int(fs * 1.6))
        cw = int(ch_h * ASPECT)
        x = mid.x + m + 8
        # the Nexus
        nexus = pygame.Rect(x, top, cw, ch_h)
        g.places[("nexus",)] = nexus
        count = int(v.get("nexus_count", 0))
        for i in range(min(4, max(0, count - 1)), 0, -1):
            g.items.append(Item(nexus.move(i * 2, -i * 2), BACK, key=("nexus-depth", i)))
        g.items.append(Item(nexus, BACK if count else None, Target("nexus"),
                            f"The Nexus: {count} Shards face down, unordered. Fracture, Telekinesis and Expose "
                            "draw from it; the Discard is shuffled into a new Nexus when someone must take from it empty.",
                            key=("nexus",)))
        g.labels.append((f"NEXUS  {count}", fs - 1, BRASS, "bold", "midtop", (nexus.centerx, nexus.bottom + 6)))
        # the Discard: a face-up fan
        x = nexus.right + m * 3
        discard: list[int] = list(v.get("discard", []))
        fan_w = int(cw * 2.3)
        drect = pygame.Rect(x, top, fan_w, ch_h)
        g.discard_rect = drect
        g.places[("discard",)] = pygame.Rect(x, top, cw, ch_h)
        if not discard:
            g.items.append(Item(pygame.Rect(x, top, cw, ch_h), None, tip="The Discard: empty.", key=("discard",)))
        else:
            shown = discard[-8:]
            step = fan_step(len(shown), cw, fan_w, int(cw * 0.45)) if len(shown) > 1 else 0
            for i, card in enumerate(shown):
                r = pygame.Rect(x + i * step, top, cw, ch_h)
                g.places[("discard", card)] = r
                # (no target on a fanned strip: a pick from the Discard goes through the picker,
                # where every card is whole)
                g.items.append(Item(r, ("shard", card), None,
                                    shard_tip(card) + "\nIn the Discard (open). Click the Discard to see every "
                                    "card whole" + (" and take one." if self._picking_discard() else "."),
                                    key=("discard", card)))
        g.labels.append((f"DISCARD  {len(discard)}", fs - 1, BRASS, "bold", "midtop",
                         (x + min(fan_w, fan_width(min(8, len(discard)), cw, int(cw * 0.45))) // 2,
                          drect.bottom + 6)))
        x = drect.right + m * 3
        # the Anchor's home
        d = int(min(mid.height * 0.34, cw * 0.9))
        home = pygame.Rect(x, mid.centery - d // 2 - int(fs * 0.6), d, d)
        g.anchor_home = home
        g.places[("anchor-home",)] = home
        g.tips.append((home, anchor_tip() + "\nIt lies in the centre now." if v.get("anchor") is None else ""))
        g.labels.append(("ANCHOR", max(9, fs - 4), DIM, "bold", "midtop", (home.centerx, home.bottom + 4)))
        x = home.right + m * 3
        # the round plaque at the right
        plaque = pygame.Rect(0, 0, int(fs * 5.6), int(mid.height * 0.5))
        plaque.midright = (mid.right - m - 4, mid.centery)
        g.places[("plaque",)] = plaque
        g.tips.append((plaque, f"Round {v.get('round')} of at most {v.get('round_limit')}."))
        # the plays of this round: one slot per play
        plays = v.get("plays") or []
        entries: list[tuple[int, int | None, str]] = []  # seat, action (None: face down / not chosen), status
        if plays:
            entries = [(int(pl["seat"]), int(pl["action"]), str(pl["status"])) for pl in plays]
        else:
            for p in v["players"]:
                s = int(p["seat"])
                status = "chosen" if p["chosen"] else "choosing"
                entries.append((s, p.get("choice"), status))
        space = plaque.x - m * 2 - x
        sw = min(cw, int((space - (len(entries) - 1) * m * 2) / max(1, len(entries))))
        sh = int(sw / ASPECT)
        total = len(entries) * sw + (len(entries) - 1) * m * 2
        sx = x + max(0, (space - total) // 2)
        sy = top + (ch_h - sh) // 2
        g.labels.append(("THIS ROUND", max(9, fs - 4), DIM, "bold", "midbottom",
                         (sx + total // 2, top - 3)))
        phase = v.get("phase")
        for i, (seat, action, status) in enumerate(entries):
            r = pygame.Rect(sx + i * (sw + m * 2), sy, sw, sh)
            g.places[("arena", i)] = r
            if i < len(v["players"]):
                g.places[("arena-seat", seat)] = r
            p = v["players"][seat]
            ch = p.get("character")
            who = p["name"]
            g.labels.append((who, max(10, fs - 3), colour_of(ch) if ch is not None else DIM, "bold", "midtop",
                             (r.centerx, r.bottom + 4)))
            if plays:
                stamp, sc = _status_text(status)
                target = ACTING if status == "resolving" and (v.get("pending") or {}).get("seat") == seat \
                    and (v.get("pending") or {}).get("kind") == "act" and seat == self.me else \
                    Target("played", ident=f"{seat}:{action}")
                tip = action_tip(int(action or 1)) + f"\nPlayed by {who} this round: {status}."
                if status == "clashed":
                    tip += "\nClash: identical Actions cancel (the Anchor's holder resolves anyway)."
                g.items.append(Item(r, ("action", action, ch if ch is not None else -1), target, tip,
                                    key=("arena", i), stamp=stamp if status != "resolving" else "",
                                    stamp_colour=sc, dim=status in ("clashed", "declined")))
            elif status == "chosen":
                if seat == self.me and not self.private_shown():
                    action = None  # face down to the watching table, as the others see it
                face: Face = ("action", action, ch) if action is not None else BACK
                tip = (f"Your choice: {ACTION_NAMES[action]}. Everyone reveals at once." if action is not None
                       else f"{who} has chosen an Action, face down.")
                g.items.append(Item(r, face, None, tip, key=("arena", i)))
            elif seat == self.me and (staged := self.staged()) is not None:
                g.items.append(Item(r, ("action", staged, ch if ch is not None else -1), PLAY_SLOT,
                                    f"Your pick: {ACTION_NAMES[staged]}, not locked in. Click it to take it "
                                    "back (or pick another card); Lock in (Enter) to choose it in secret.",
                                    key=("arena", i), stamp="PICKED", stamp_colour=BRASS))
            else:
                is_slot = seat == self.me and phase == "choose"
                g.items.append(Item(r, None, PLAY_SLOT if is_slot else None,
                                    "Your play slot: drag an Action here (or click a card in your hand)."
                                    if is_slot else f"{who} is choosing an Action in secret.",
                                    key=("arena", i), label="Drop here" if is_slot else "..."))

    def _anchor_item(self, g: Geometry) -> None:
        holder = self.view.get("anchor")
        if holder is None:
            rect = g.anchor_home
        else:
            rect = g.places.get(("anchor", holder), g.anchor_home)
        g.anchor_rect = rect
        where = "in the centre" if holder is None else f"held by {self.view['players'][holder]['name']}"
        g.items.append(Item(rect, ("anchor",), ANCHOR, anchor_tip() + f"\nNow {where}.", key=("anchor",)))

    def _modal(self, g: Geometry) -> None:
        v = self.view
        pending = v.get("pending") or {}
        kind = pending.get("kind")
        cards: list[tuple[Face, Target | None, str, bool]] = []
        unseen: set[int] = set()
        title = ""
        if pending.get("seat") == self.me and kind == "keep" and self.private_shown():
            # (while the whole table watches, the shrouded candidates stay in the face-down Hold)
            title = "Your Hold keeps one Shard: click the one to keep (the rest go to the Discard)"
            for e in v["players"][self.me]["hold"]:
                c = e["card"]
                if c is None:
                    continue
                secret = self._secrecy(e)
                if secret:
                    unseen.add(len(cards))
                cards.append((("shard", c), Target("hold", ident=f"{self.me}:{card_name(c)}"),
                              shard_tip(c) + (f"\n{secret}" if secret else "") + "\nClick to keep this one.", False))
        elif pending.get("seat") == self.me and kind == "mary-take":
            title = "Mary: take one of the revealed Shards (the others go to the Discard)"
            for c in v.get("mary_revealed", []):
                cards.append((("shard", c), Target("revealed", ident=card_name(c)), shard_tip(c) + "\nClick to take it.",
                              False))
        elif v.get("mary_revealed") and (kind == "mary-take" or pending.get("purpose") == "mary"):
            # Mary revealing, or someone else's Mary choosing: the Shards are face up, everyone sees them
            revealed = list(v["mary_revealed"])
            who = self._name(int(pending["seat"]))
            title = (f"{who} revealed these Shards: one goes to her Hold, the rest to the Discard"
                     if kind == "mary-take" else f"{who} reveals three Shards from the Nexus")
            for c in revealed:
                cards.append((("shard", c), None, shard_tip(c) + "\nRevealed from the Nexus by Mary: everyone sees it.",
                              False))
            cards += [(("slot",), None, "", False)] * max(0, MARY_REVEALS - len(revealed))
        elif pending.get("seat") == self.me and kind == "pick-character":
            title = "Pick your Character"
            taken = {p.get("character") for p in v["players"]}
            for c in range(len(CHARACTER_NAMES)):
                cards.append((("char", c), Target("character", ident=str(c)), character_tip(c), c in taken))
        elif self.browser_open:
            disc = sorted(v.get("discard", []))
            title = f"The Discard: {len(disc)} Shards (open to all)" if disc else "The Discard is empty"
            if disc and self._picking_discard():
                title = "Take a Shard from the Discard: click the one you want"
            for c in disc:
                cards.append((("shard", c), Target("discard", ident=card_name(c)), shard_tip(c), False))
        if not title:
            return
        R = self.rect
        count = max(1, len(cards))
        per_row = min(count, 9 if count > 6 else 6)
        rows = (count + per_row - 1) // per_row
        gap = 16
        ch = int(min(R.height * (0.3 if rows == 1 else 0.22), (R.height * 0.62 - self.fs * 4) / rows - 10))
        cw = int(ch * ASPECT)
        if per_row * (cw + gap) > R.width * 0.86:
            cw = int(R.width * 0.86 / per_row) - gap
            ch = int(cw / ASPECT)
        most = R.width - 44  # (12 px of margin; the panel's frame reaches 10 px past the box on each side)
        size, lines = self._modal_title_fit(title, most - 60)
        title_w = max(self.text.render(line, size, BRASS, "bold").get_width() for line in lines)
        bw = min(max(per_row * (cw + gap) - gap + 80, title_w + 60), most)
        extra = self.text.font(size, "bold").get_linesize() * (len(lines) - 1)
        top = int(self.fs * 2.6) + extra + int(ch * 0.08)  # room for the title and for a card lifted under the mouse
        bh = top + rows * (ch + 10) + int(self.fs * 2.2)
        box = pygame.Rect(0, 0, bw, bh)
        box.center = R.center
        g.modal_rect = box
        g.modal_title = title
        g.modal_title_lines, g.modal_title_size = lines, size
        for i, (face, target, tip, dim) in enumerate(cards):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            x0 = box.centerx - (in_row * (cw + gap) - gap) // 2
            r = pygame.Rect(x0 + col * (cw + gap), box.y + top + row * (ch + 10), cw, ch)
            g.modal.append(Item(r, None if face == ("slot",) else face, None if dim else target,
                                tip + ("\nAlready taken." if dim else ""), key=("modal", i), dim=dim,
                                unseen=i in unseen))
            if face[0] == "shard" and (kind == "mary-take" or pending.get("purpose") == "mary"):
                g.revealed[int(face[1])] = r

    def _modal_title_fit(self, title: str, width: int) -> tuple[int, list[str]]:
        """The dialog's title in `width` pixels: one line at its size or up to two points
        smaller, else wrapped at the smaller size (beside the guide's note at 1024x640 the Keep
        title ran out of the view's area, the dialog sized to it)."""
        small = max(10, self.fs)
        for size in range(self.fs + 2, small - 1, -1):
            if self.text.render(title, size, BRASS, "bold").get_width() <= width:
                return size, [title]
        return small, self.text.wrap(title, small, width, "bold")

    def _picking_discard(self) -> bool:
        """The viewer must now (or may) take a Shard from the Discard: Telekinesis, Cene C's
        ability (her own or borrowed by Jessup), or Cene C's second take."""
        pending = self.view.get("pending") or {}
        if pending.get("seat") != self.me or not self.private_shown():
            return False
        if pending.get("kind") == "cene-more":
            return True
        if pending.get("kind") != "act":
            return False
        a = pending.get("action")
        return a == TELEKINESIS or (a == UNLEASH and self._acting_ability(self.me) == CENE_C)

    def _hand_hint(self, seat: int) -> str:
        """What a click on a card in the viewer's hand does now (a line for its tooltip)."""
        v = self.view
        pending = v.get("pending") or {}
        if v.get("phase") == "choose" and not v["players"][seat]["chosen"]:
            return "\nDrag it to your play slot, or click it, to choose it."
        if pending.get("kind") == "act" and pending.get("seat") == seat and pending.get("action") == UNLEASH:
            ch = self._acting_ability(seat)
            if ch == RONIN:
                return "\nClick it to play it too, face up, as your second Action this round."
            if ch == ADVARANAU:
                return "\nClick it to resolve it now; it stays in your hand."
        return ""

    def _secrecy(self, entry: dict[str, Any]) -> str:
        """For a Shard in the viewer's Hold: who has not seen its face ('' when everyone has)."""
        if entry.get("revealed"):
            return ""
        players = self.view["players"]
        blind = [o for o in range(len(players)) if o != self.me and o not in entry.get("seen_by", [])]
        if not blind:
            return ""
        if len(blind) == len(players) - 1:
            return "Only you have seen this."
        return f"Hidden from {join_names([players[o]['name'] for o in blind])}: only they have not seen it."

    # --- the table's questions ----------------------------------------------------------
    def keep_clear(self) -> list[pygame.Rect]:
        """What each seat can still play, this round's plays, the round, the person's hand and
        played row (the guide's note leaves them in sight)."""
        return [r for key, r in self.geo.places.items()
                if key[0] in ("can-play", "arena", "plaque", "played-size") or key[0] == "hand" and len(key) == 3]

    def role_of(self, seat: Seat) -> str:
        players = self.view.get("players") or []
        if 0 <= seat < len(players):
            ch = players[seat].get("character")
            return str(CHARACTER_NAMES[ch]) if ch is not None else ""
        return ""

    def status(self, seat_names: Sequence[str]) -> tuple[str, Colour]:
        v = self.view
        if not v:
            return "", BRASS
        phase = v.get("phase")
        pending = v.get("pending") or {}
        players = v["players"]
        if self.hold is not None:
            return self.hold.words, BRASS
        if phase == "over":
            return "The game is over", BRASS
        if phase == "setup":
            if pending.get("kind") == "pick-character":
                s = pending["seat"]
                return (("Pick your Character" if s == self.me else f"{seat_names[s]}: picking a Character"),
                        BRASS)
            return "Dealing Characters and Shards...", BRASS
        if phase == "choose":
            waiting = [players[s]["name"] for s in v.get("to_act", [])]
            mine = players[self.me]
            if not mine["chosen"] and self.me in v.get("to_act", []) and not self._watched:
                me_choosing = f"{mine['name']} ({seat_names[self.me]})" if self.me < len(seat_names) else mine["name"]
                if self.staged() is not None:
                    return f"{me_choosing} · Lock in {ACTION_NAMES[self.staged() or 0]}, or pick another card", \
                        colour_of(mine.get("character"))
                return f"{me_choosing} · round {v['round']}: choose an Action in secret", \
                    colour_of(mine.get("character"))
            return f"Waiting for {', '.join(waiting)} to choose...", DIM
        if phase == "reveal":
            return "Everyone reveals their Action...", BRASS
        kind = pending.get("kind")
        seat = pending.get("seat")
        if seat is None:
            return "Resolving...", BRASS
        who = players[seat]["name"]
        col = colour_of(players[seat].get("character"))
        # until the seat on screen is handed it back after a watched moment, the banner speaks to
        # the whole table (no "press Resolve" over a face-down hand and no buttons)
        mine_now = seat == self.me and not self._watched and not self._animating
        me = f"{who} ({seat_names[seat]})" if seat < len(seat_names) else who
        if kind == "act":
            a = int(pending["action"])
            name = ACTION_NAMES[a]
            if not mine_now:
                return f"{who} resolves {name}", col
            guide = {
                2: "Expose: click the Nexus or a Hold to reveal",
                3: "Fracture: press Resolve to take 2 Shards",
                4: "Telekinesis: take from the Nexus, the Discard or a Hold",
                5: "Reset: press Resolve to take your Actions back",
                6: "Shift: take the Anchor (click it or Resolve)",
            }
            if a == 1:
                borrowed = pending.get("acts_as")
                as_whom = f" as {CHARACTER_NAMES[int(borrowed)]}" if borrowed is not None else ""
                return f"{me} · Unleash{as_whom}: {self._ability_guide()}", col
            return f"{me} · {guide.get(a, f'Resolve {name}')}", col
        if kind == "keep":
            return (f"{me} · keep one Shard in your Hold" if mine_now else f"{who} chooses which Shard to keep"), col
        if kind == "mary-take":
            return (f"{me} · take one revealed Shard" if mine_now else f"{who} takes a revealed Shard"), col
        if kind == "cene-more":
            return (f"{me} · take another Shard from the Discard, or Done" if mine_now
                    else f"{who} may take another Shard"), col
        return f"{who} decides", col

    def _acting_ability(self, seat: int) -> int | None:
        """The Character whose ability `seat`'s pending Unleash acts as: borrowed (`acts_as`,
        Jessup resolving an opponent's Unleash) or the seat's own."""
        pending = self.view.get("pending") or {}
        if pending.get("seat") == seat and pending.get("acts_as") is not None:
            return int(pending["acts_as"])
        ch = self.view["players"][seat].get("character")
        return int(ch) if ch is not None else None

    def _ability_guide(self) -> str:
        ch = self._acting_ability(self.me)
        return {0: "choose an Action in your hand to resolve", 1: "take up to 2 Shards from the Discard",
                2: "choose a played Action to resolve", 3: "choose an opponent's Hold to discard from",
                4: "press Resolve to reveal 3 Shards", 5: "choose a second Action to play"}.get(
            ch if ch is not None else -1, "resolve it")

    def result_width(self, height: int) -> int:
        """Every player's Reality, Hold and hand, all revealed at the end (`result.draw_players`)."""
        return result_width(height, len(self.view["players"])) if self.view.get("all_revealed") else 0

    def draw_result(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_players(surface, rect, self.view, self.art, self.text, self.seat_names)

    def actions(self, seat: Seat) -> list[Action]:
        staged = self.staged()
        if staged is not None and seat == self.me:
            name = ACTION_NAMES[staged]
            return [Action(f"Lock in {name}", Target("button", ident=f"choose:{staged}"),
                           f"Choose {name} in secret: it cannot be taken back this round (Enter)", pygame.K_RETURN)]
        pending = self.view.get("pending") or {}
        if pending.get("seat") != seat:
            return []
        kind = pending.get("kind")
        if kind == "act":
            a = int(pending["action"])
            ch = self._acting_ability(seat)
            out = []
            if a in (3, 5, 6) or (a == 1 and ch == 4):
                out.append(Action(f"Resolve {ACTION_NAMES[a]}", Target("button", ident="resolve"),
                                  f"Carry out {ACTION_NAMES[a]} (R)", pygame.K_r))
            out.append(Action("Decline", Target("button", ident="decline"),
                              "Do not resolve it: it still counts as played (D)", pygame.K_d,
                              confirm=f"{ACTION_NAMES[a]} will not resolve this round, but it still counts "
                                      "as played: it stays on the table until a Reset or an empty hand."))
            return out
        if kind == "cene-more":
            return [Action("Done", Target("button", ident="done"), "Stop taking from the Discard (Enter)",
                           pygame.K_RETURN)]
        return []

    def _all_items(self) -> list[Item]:
        return self.geo.modal if self.geo.modal_rect is not None else self.geo.items

    def hit_test(self, pos: Point) -> Target | None:
        for item in reversed(self._all_items()):
            if item.target is not None and item.rect.collidepoint(pos):
                return item.target
        return None

    def sources(self, seat: Seat) -> list[Target]:
        v = self.view
        if seat != self.me or self.geo.modal_rect is not None:
            return []
        pending = v.get("pending")
        if pending is None and v.get("phase") == "choose":
            return [Target("hand", ident=str(a)) for a in v["players"][seat]["hand"] or []]
        if pending and pending.get("kind") == "act" and pending.get("seat") == seat:
            return [ACTING]
        return []

    def clicks(self, seat: Seat) -> list[Target]:
        """Everything a single click might mean (the table keeps the legal ones)."""
        if seat != self.me:
            return []
        out = [i.target for i in self._all_items() if i.target is not None and i.target not in (ACTING, PLAY_SLOT)]
        # the table caches this per view, so it must not depend on the hand being face down for the
        # moment (a hidden hand has no targets to hit anyway)
        me = self.view["players"][seat] if self.view.get("players") else {}
        out += [Target("hand", ident=str(a)) for a in me.get("hand") or [] if a != me.get("choice")]
        # (a pick from the Discard is made in its picker; listed here so the table's legal subset
        # says whether the Discard is a target now)
        out += [Target("discard", ident=card_name(c)) for c in sorted(set(self.view.get("discard") or []))]
        return list(dict.fromkeys(out))

    def view_click(self, pos: Point) -> bool:
        """Open or close the Discard browser (a view-only overlay); take back a picked card."""
        slot = self.geo.places.get(("arena-seat", self.me))
        if self.staged() is not None and self.geo.modal_rect is None and slot is not None and slot.collidepoint(pos):
            self._staged = None
            self._build()
            return True
        if self.browser_open:
            hit = self.hit_test(pos)
            if hit is not None and hit in self._clickable:
                return False
            self.browser_open = False
            self._build()
            return True
        if self.geo.modal_rect is None and self.geo.discard_rect.collidepoint(pos):
            if self.view.get("discard"):
                self.browser_open = True
                self._build()
                return True
        return False

    def anchor(self, target: Target) -> Point | None:
        for item in reversed(self._all_items()):
            if item.target == target:
                return (float(item.rect.centerx), float(item.rect.centery))
        if target.zone == "discard" and target.ident is not None and self.geo.modal_rect is None:
            for key, rect in self.geo.places.items():  # a fanned card: its strip on the table
                if key[0] == "discard" and len(key) == 2 and card_name(key[1]) == target.ident:
                    return (float(rect.centerx), float(rect.centery))
        return None

    def discard_is_target(self) -> bool:
        """A click on the Discard opens its picker to take a Shard (some pick from it is legal)."""
        return any(t.zone == "discard" for t in self._clickable)

    def command_targets(self, command: Command) -> tuple[Target, Target | None] | None:
        if isinstance(command, ChooseAction):
            return Target("hand", ident=str(command.action)), PLAY_SLOT
        if isinstance(command, PickNexus):
            return Target("nexus"), None
        if isinstance(command, PickDiscard):
            return Target("discard", ident=card_name(command.card)), None
        if isinstance(command, PickHold):
            return Target("hold", ident=str(command.owner)), None
        if isinstance(command, PickAction):
            if command.owner == command.seat and self.anchor(Target("hand", ident=str(command.action))):
                return Target("hand", ident=str(command.action)), None
            return Target("played", ident=f"{command.owner}:{command.action}"), None
        if isinstance(command, TakeRevealed):
            return Target("revealed", ident=card_name(command.card)), None
        if isinstance(command, Keep):
            return Target("hold", ident=f"{command.seat}:{card_name(command.card)}"), None
        if isinstance(command, PickCharacter):
            return Target("character", ident=str(command.character)), None
        if isinstance(command, Resolve):
            return Target("button", ident="resolve"), None
        if isinstance(command, (Decline, Done)):
            return Target("button", ident="decline" if isinstance(command, Decline) else "done"), None
        return None

    def tooltip(self, pos: Point) -> str | None:
        for item in reversed(self._all_items()):
            if item.rect.collidepoint(pos) and item.tip:
                return item.tip
        if self.geo.modal_rect is None:
            for rect, tip in reversed(self.geo.tips):
                if tip and rect.collidepoint(pos):
                    return tip
        return None

    # --- words ----------------------------------------------------------------------------
    def log_lines(self, entries: Sequence[LogEntry], seat_names: Sequence[str]) -> list[tuple[str, Colour]]:
        """The log as the viewer may read it (`game.worlds_collide.words`); while the whole table
        watches (`private_shown` is False) as a seat that knows nothing secret, so the viewer's
        Hold draws and secret choice do not stand in the log during the reveal the others are
        looking at."""
        self._log_private = self.private_shown()
        return super().log_lines(entries, seat_names)

    def log_viewer(self) -> Seat:
        return self.me if self._log_private else -1

    def brief_move(self, entries: Sequence[LogEntry]) -> str | None:
        """Each player's run of commands by its first, players by their Characters ("Ronin kept a
        Shard, Mary took the Anchor …"; `game.worlds_collide.words.brief`)."""
        players = self.view.get("players") or []
        name = Names({seat: p["character"] for seat, p in enumerate(players) if p.get("character") is not None},
                     self.seat_names)
        viewer = self.log_viewer()
        return brief_by_command(entries, lambda ev: brief(ev, name), lambda ev: redact(ev, viewer), runs=True,
                                aside=brief_aside)

    def tone_colour(self, line: Line) -> Colour:
        """A player's doings in their Character's colour; clashes red, headlines brass."""
        players = self.view.get("players") or []
        if line.tone == SEAT:
            seat = line.seat
            if 0 <= seat < len(players) and players[seat].get("character") is not None:
                return colour_of(players[seat]["character"])
            return DIM
        if line.tone == ALERT:
            return CLASH_RED
        if line.tone == HEADLINE:
            return BRASS
        return DIM

    def announcement(self, animator: Animator) -> Announcement | None:
        for tw in animator.tweens:
            if tw.kind == "wc-banner" and tw.started:
                return Announcement(tw.payload["title"], tw.payload.get("subtitle", ""), tw.payload.get("colour", BRASS))
        return None

    # --- events -> animations ---------------------------------------------------------------
    def animate(self, events: Sequence[Event], animator: Animator, before: ViewDict, origin: Point | None) -> None:
        g = self.geo
        me = self.me
        t = 0.0
        redacted = [e for e in (self.game.redact_event(ev, me) for ev in events) if e is not None]
        players = self.view.get("players") or []

        def centre(rect: pygame.Rect | None) -> Point | None:
            return (float(rect.centerx), float(rect.centery)) if rect is not None else None

        def place(where: str) -> pygame.Rect | None:
            if where == "nexus":
                return g.places.get(("nexus",))
            if where == "discard":
                return g.places.get(("discard",))
            if where.startswith("hold:"):
                return g.places.get(("hold", int(where[5:])))
            if where == "revealed":
                return g.places.get(("anchor-home",))
            return None

        def move(face: Face, start: Point | None, end_rect: pygame.Rect | None, hide: tuple[Any, ...],
                 delay: float, dur: float = MOVE_S, sound: str = "", blocking: bool = True) -> float:
            if start is None or end_rect is None:
                return 0.0
            animator.add(dur, "wc-move", ease_in_out_cubic, delay=delay, sound=sound, face=face, start=start,
                         end=centre(end_rect), size=end_rect.size, hide=hide, blocking=blocking)
            return dur

        locked_by_take: set[int] = set()
        for i, ev in enumerate(redacted):
            if isinstance(ev, ActionChosen):
                slot = g.places.get(("arena-seat", ev.seat))
                if ev.seat == me and ev.action:
                    hand_r = g.places.get(("hand", me))
                    start = origin or centre(before_place(before, me, ev.action, g)) or centre(hand_r)
                    ch = players[me].get("character")
                    # on a shared screen the choice goes into the slot face down, as the table sees it
                    chosen: Face = BACK if self.shared_screen else ("action", ev.action, ch if ch is not None else -1)
                    move(chosen, start, slot, ("arena", ev.seat), t, 0.3, "place")
                else:
                    # another seat chose (face down); while the viewer is still choosing, that must not
                    # hold up their hand for the length of the slide
                    choosing = me in (self.view.get("to_act") or []) and not players[me]["chosen"]
                    move(BACK, centre(g.places.get(("hand", ev.seat))), slot, ("arena", ev.seat), t, 0.35, "slide",
                         blocking=not choosing)
            elif isinstance(ev, ActionsRevealed):
                for s, a in enumerate(ev.actions):
                    r = g.places.get(("arena", s))
                    if r is None:
                        continue
                    ch = players[s].get("character") if s < len(players) else None
                    animator.add(FLIP_S, "wc-flip", ease_in_out_cubic, delay=t, rect=pygame.Rect(r),
                                 front=BACK, face=("action", a, ch if ch is not None else -1), hide=("arena", s),
                                 sound="draw" if s == 0 else "")
                t += FLIP_S + 0.25
            elif isinstance(ev, Clash):
                rects = [pygame.Rect(g.places[("arena", s)]) for s in ev.seats if ("arena", s) in g.places]
                animator.add(CLASH_S, "wc-clash", ease_out_back, delay=t, rects=rects, sound="refuse")
                anchored = anchor_breaker(ev, redacted[i + 1:])
                title, subtitle = clash_banner(ev, anchored, [p["name"] for p in players])
                animator.add(CLASH_S, "wc-banner", delay=t, title=title, subtitle=subtitle, colour=CLASH_RED)
                t += CLASH_S
            elif isinstance(ev, AnchorUsed):
                # (the Clash's banner already said it: one message, not a correction after it)
                animator.add(MOVE_S * 1.4, "wc-anchor", ease_in_out_cubic, delay=t, sound="slide",
                             start=centre(g.places.get(("anchor", ev.seat))), end=centre(g.anchor_home))
                t += MOVE_S * 1.4
            elif isinstance(ev, AnchorTaken):
                src = g.anchor_home if ev.source == "centre" else g.places.get(("anchor", ev.seat)) \
                    if ev.source == "self" else g.places.get(("anchor", int(ev.source[5:])))
                animator.add(MOVE_S * 1.4, "wc-anchor", ease_in_out_cubic, delay=t, sound="slide",
                             start=centre(src), end=centre(g.anchor_rect))
                t += MOVE_S * 1.4
            elif isinstance(ev, ActionResolving):
                r = g.places.get(("arena-seat", ev.seat))
                idx = next((k for k, pl in enumerate(self.view.get("plays") or [])
                            if pl["seat"] == ev.seat and pl["action"] == ev.action), None)
                if idx is not None:
                    r = g.places.get(("arena", idx), r)
                if r is not None:
                    animator.add(STEP_S, "wc-step", ease_out_cubic, delay=t, rect=pygame.Rect(r))
                    t += STEP_S
            elif isinstance(ev, ShardTaken):
                card = ev.card if ev.card >= 0 else None
                start = centre(place(ev.source))
                if ev.source == "discard":
                    start = centre(g.places.get(("discard",)))
                elif ev.source == "revealed":
                    start = centre(self._last_revealed.get(ev.card)) or start
                end_rect = g.places.get(("hold", ev.seat))
                hide: tuple[Any, ...] = ("hold", ev.seat, max(0, len(players[ev.seat]["hold"]) - 1))
                nxt = redacted[i + 1] if i + 1 < len(redacted) else None
                if isinstance(nxt, ShardLocked) and nxt.card == ev.card and nxt.seat == ev.seat:
                    k = players[ev.seat]["reality"].index(nxt.card) if nxt.card in players[ev.seat]["reality"] else 0
                    end_rect = g.places.get(("reality", ev.seat, k))
                    hide = ("reality", ev.seat, k)
                    locked_by_take.add(nxt.card)
                    sound = "place"
                else:
                    sound = "draw"
                # a shrouded Shard only its taker knows flies face down while the whole table watches
                known = card is not None and (ev.revealed or not self.shared_screen)
                face: Face = ("shard", card) if known and card is not None else BACK
                t += move(face, start, end_rect, hide, t, MOVE_S, sound)
            elif isinstance(ev, ShardLocked):
                if ev.card in locked_by_take:
                    continue
                reality = players[ev.seat]["reality"]
                k = reality.index(ev.card) if ev.card in reality else 0
                t += move(("shard", ev.card), centre(g.places.get(("hold", ev.seat))),
                          g.places.get(("reality", ev.seat, k)), ("reality", ev.seat, k), t, MOVE_S, "place")
            elif isinstance(ev, ShardRevealed) and ev.where == "nexus" and ev.card in g.revealed:
                t = self._reveal_to_overlay(ev.card, animator, t)
                if not any(isinstance(e, ShardRevealed) for e in redacted[i + 1:]):
                    t += FLIP_S
                    pending = self.view.get("pending") or {}
                    if pending.get("kind") == "mary-take" and pending.get("seat") != me:
                        # time to read before she takes one: a pause to read, not an animation, so the
                        # animation speed setting does not shorten it
                        animator.add(REVEAL_HOLD_S, "wc-wait", delay=animator.scaled(t), scale=False)
                        t += REVEAL_HOLD_S
            elif isinstance(ev, ShardRevealed):
                r = place(ev.where)
                if r is not None:
                    animator.add(FLIP_S, "wc-flip", ease_in_out_cubic, delay=t, rect=pygame.Rect(r), front=BACK,
                                 face=("shard", ev.card), hide=("none",), sound="draw")
                    t += FLIP_S
            elif isinstance(ev, ShardDiscarded) and ev.where == "revealed" and ev.card in self._last_revealed:
                # the rest of Mary's Shards wait where the overlay showed them, then go to the Discard
                r = g.places.get(("discard", ev.card))
                if r is not None:
                    animator.add(MOVE_S * 0.9, "wc-move", ease_in_out_cubic, delay=t, sound="slide",
                                 face=("shard", ev.card), start=centre(self._last_revealed[ev.card]), end=centre(r),
                                 size=r.size, hide=("discard", ev.card), pre=True)
                    t += MOVE_S * 0.9
            elif isinstance(ev, ShardDiscarded):
                t += move(("shard", ev.card), centre(place(ev.where)), g.places.get(("discard", ev.card)),
                          ("discard", ev.card), t, MOVE_S * 0.9, "slide")
            elif isinstance(ev, NexusReshuffled):
                for k in range(5):
                    move(BACK, centre(g.discard_rect), g.places.get(("nexus",)), ("none",), t + k * 0.06, 0.4)
                t += 0.7
            elif isinstance(ev, ActionsReturned):
                ch = players[ev.seat].get("character")
                for k, a in enumerate(ev.actions):
                    src = before_played(before, ev.seat, a, g) or g.places.get(("arena-seat", ev.seat))
                    own = ev.seat == me and self.private_shown()
                    end = g.places.get(("hand", ev.seat, a)) if own else g.places.get(("hand", ev.seat))
                    move(("action", a, ch if ch is not None else -1) if own else BACK,
                         centre(src), end, ("hand", ev.seat, a), t + k * 0.05, MOVE_S, "slide" if k == 0 else "")
                t += MOVE_S + 0.05 * len(ev.actions)
            elif isinstance(ev, CharacterAssigned):
                r = g.places.get(("char", ev.seat))
                if r is not None:
                    animator.add(FLIP_S, "wc-flip", ease_in_out_cubic, delay=t, rect=pygame.Rect(r), front=BACK,
                                 face=("char", ev.character), hide=("char", ev.seat), sound="draw")
                    t += FLIP_S * 0.6
            elif isinstance(ev, RoundStarted):
                animator.add(1.1, "wc-banner", delay=t + 0.9, blocking=False, title=f"Round {ev.round}",
                             subtitle="Choose an Action in secret", colour=BRASS)
            elif isinstance(ev, GameWon):
                winners = join_names([players[w]["name"] for w in ev.winners if w < len(players)])
                animator.add(1.8, "wc-banner", delay=t, scale=False, sound="gameover",
                             title=f"{winners} win{'s' if len(ev.winners) == 1 else ''}!", subtitle=win_reason(ev, [p["name"] for p in players]))
        self._round_plays = []
        self._hold_round(redacted, animator, before, t)
        self._hold_to_read(redacted, before)
        self._static_key = None
        if animator.busy:
            self._animating = True  # (the banner's prompt waits until the cards it names are face up)
        if self.shared_screen and animator.busy and not self._continues_in_private(before):
            self._watched = True
            if not self._watching:
                self._watching = True  # the table watches from the first frame (and hit-tests agree)
                self._build()

    def _hold_to_read(self, events: Sequence[Event], before: ViewDict) -> None:
        """After a reveal, a clash or a round's end the table waits for Continue (or, with the
        "Pause on key moments" setting off, a short countdown) when the game would otherwise
        move on under the reader's eyes: on a shared screen (a hand-off would cover it) or
        when the next to act is not the person at the screen. A person about to act on it
        reads it while choosing, so nothing waits then."""
        players = self.view.get("players") or []
        names = [p["name"] for p in players]
        words = ""
        round_over = bool(before.get("plays")) and not self.view.get("plays")
        for i, ev in enumerate(events):
            if isinstance(ev, Clash):
                anchored = anchor_breaker(ev, events[i + 1:])
                title, subtitle = clash_banner(ev, anchored, names)
                words = f"{title}: {subtitle}" if subtitle else title
            elif isinstance(ev, ActionsRevealed) and not words:
                words = "Revealed: " + ", ".join(f"{names[s]} {ACTION_NAMES[a]}" for s, a in enumerate(ev.actions)
                                                 if s < len(names))
        if not words and round_over and self.view.get("phase") != "over":
            words = f"Round {int(self.view.get('round', 1)) - 1} is over: look at the table before going on"
        people = any(self.is_human(s) for s in range(len(players)))
        to_act = self.view.get("to_act") or []
        viewer_next = self.me in to_act and self.is_human(self.me)
        if not words or not people or self.spectating() or (viewer_next and not self.shared_screen):
            return
        wait_for_press = bool(getattr(getattr(self.ctx, "settings", None), "key_moment_stops", True))
        self.hold = ContinueHold(words, 0.0 if wait_for_press else COUNTDOWN_S)

    def _reveal_to_overlay(self, card: int, animator: Animator, t: float) -> float:
        """Mary's reveal: the Shard leaves the Nexus face down, lands in the overlay and flips face up.
        Returns when the next one may start (they overlap, one after another)."""
        g = self.geo
        slot = g.revealed[card]
        key = next((it.key for it in g.modal if it.rect == slot), ("none",))
        nexus = g.places.get(("nexus",))
        start = (float(nexus.centerx), float(nexus.centery)) if nexus is not None else None
        if start is not None:
            animator.add(REVEAL_MOVE_S, "wc-move", ease_in_out_cubic, delay=t, sound="draw", face=BACK,
                         start=start, end=(float(slot.centerx), float(slot.centery)), size=slot.size, hide=key)
        animator.add(FLIP_S * 0.75, "wc-flip", ease_in_out_cubic, delay=t + REVEAL_MOVE_S, rect=pygame.Rect(slot),
                     front=BACK, face=("shard", card), hide=key, pre=False)
        return t + REVEAL_MOVE_S

    def _hold_round(self, events: Sequence[Event], animator: Animator, before: ViewDict, t: float) -> None:
        """When a round ends within these events, keep its revealed plays on show a moment
        (the new view has already cleared them), so everyone can read the outcome."""
        if self.view.get("plays"):
            return
        players = self.view.get("players") or []
        entries: list[tuple[int, int, str]] = []
        revealed = next((e for e in events if isinstance(e, ActionsRevealed)), None)
        if revealed is not None:
            clashed = {s for e in events if isinstance(e, Clash) for s in e.seats}
            anchored = {e.seat for e in events if isinstance(e, AnchorUsed)}
            entries = [(s, a, "anchor" if s in anchored else "clashed" if s in clashed else "resolved")
                       for s, a in enumerate(revealed.actions)]
            start = FLIP_S
        elif before.get("plays"):
            entries = [(int(p["seat"]), int(p["action"]), "resolved" if p["status"] == "resolving" else str(p["status"]))
                       for p in before["plays"]]
            start = 0.0
        else:
            return
        slots: list[tuple[int, Face, str]] = []
        for i, (seat, action, status) in enumerate(entries):
            if ("arena", i) not in self.geo.places or seat >= len(players):
                continue
            ch = players[seat].get("character")
            slots.append((i, ("action", action, ch if ch is not None else -1), status))
        if slots:
            self._round_plays = slots  # (kept on the table while the round's end is held to be read)
            animator.add(max(0.2, t - start) + 1.0, "wc-arena", delay=start, entries=self.held_plays())

    def held_plays(self) -> list[tuple[pygame.Rect, Face, str]]:
        """The round just ended's plays where their arena slots are now (a resize while its end is
        held moves them with the table: they once stayed at the old pixels, over the round counter)."""
        out = []
        for i, face, status in self._round_plays:
            rect = self.geo.places.get(("arena", i))
            if rect is not None:
                out.append((pygame.Rect(rect), face, status))
        return out

    def snap_back(self, source: Target, from_pos: Point, animator: Animator) -> None:
        for item in self.geo.items:
            if item.target == source and item.face is not None:
                animator.add(0.22, "wc-move", ease_out_cubic, face=item.face, start=from_pos,
                             end=(float(item.rect.centerx), float(item.rect.centery)), size=item.rect.size,
                             hide=item.key)
                return

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, overlay: Overlay, animator: Animator) -> None:
        if not self.geo.items:
            return
        if self._animating and not animator.busy:
            self._animating = False
        if self._watching and not animator.busy:
            self._watching = False  # the played-out moment is over: the acting person sees their cards
            self._build()
        self._clickable = list(getattr(overlay, "clickable", []))
        hidden: set[tuple[Any, ...]] = set()
        anchor_moving = False
        for tw in animator.tweens:
            h = tw.payload.get("hide")
            if h is not None:
                hidden.add(tuple(h))
            if tw.kind == "wc-anchor":
                anchor_moving = True
        if anchor_moving:
            hidden.add(("anchor",))
        if overlay.held is not None and overlay.drag_pos is not None:
            for item in self.geo.items:
                if item.target == overlay.held:
                    hidden.add(item.key)
        key = (id(self.view), self.rect.size, self.rect.topleft, frozenset(hidden), surface.get_size(),
               self.browser_open, id(self.geo))
        if key != self._static_key or self._static is None:
            self._static = self._render_static(hidden, surface.get_size())
            self._static_key = key
        surface.blit(self._static, self.rect.topleft)
        self._draw_live(surface, overlay, animator, hidden)

    def _blit_card(self, surface: pygame.Surface, face: Face | None, rect: pygame.Rect, dim: bool = False,
                   shadow: bool = True, lift: float = 0.0) -> None:
        if face is None:
            surface.blit(slot_outline(rect.width, rect.height), rect)
            return
        if face[0] == "anchor":
            img = self.art.anchor_token(rect.width)
        else:
            img = self.art.face(face, rect.width, rect.height)
        if shadow:
            sh = card_shadow(rect.width, rect.height)
            off = int(3 + 8 * lift)
            surface.blit(sh, (rect.x - 6 + off // 2, rect.y - 6 + off))
        surface.blit(img, rect.move(0, -int(lift * rect.height * 0.08)))
        if dim:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (10, 10, 20, 130), veil.get_rect(), border_radius=max(4, int(rect.width * 0.08)))
            surface.blit(veil, rect)

    def _stamp(self, surface: pygame.Surface, text: str, colour: Colour, rect: pygame.Rect, scale: float = 1.0,
               height: float = 0.8) -> pygame.Rect:
        """`text` stamped slantwise across `rect`, centred `height` of the way down it; returns
        the rect drawn."""
        size = max(9, int(rect.width * 0.17 * scale))
        img = self.text.render(text, size, colour, "display")
        pad = max(3, size // 4)
        box = pygame.Surface((img.get_width() + pad * 2, img.get_height() + pad), pygame.SRCALPHA)
        pygame.draw.rect(box, (16, 14, 22, 215), box.get_rect(), border_radius=pad)
        pygame.draw.rect(box, colour, box.get_rect(), width=max(1, size // 10), border_radius=pad)
        box.blit(img, (pad, pad // 2))
        rot = pygame.transform.rotate(box, 10)
        return surface.blit(rot, rot.get_rect(center=(rect.centerx, rect.y + int(rect.height * height))))

    def _render_static(self, hidden: set[tuple[Any, ...]], screen: tuple[int, int]) -> pygame.Surface:
        R = self.rect
        g = self.geo
        base_key = (R.size, R.topleft, screen, tuple((tuple(r), c, a) for r, c, a in g.panels), tuple(g.labels),
                    self.view.get("round"), tuple(g.anchor_home))
        if base_key != getattr(self, "_base_key", None) or self._static is None:
            self._base_key = base_key
            self._base = self._render_base(screen)
        layer = self._base.copy()
        off = (-R.x, -R.y)
        self.stamps_drawn = {}
        for item in g.items:
            if item.live or item.key in hidden:
                continue
            r = item.rect.move(off)
            self._blit_card(layer, item.face, r, item.dim, shadow=item.face is not None)
            if item.face is None and item.label:
                self.text.blit(layer, item.label, max(10, self.fs - 3), DIM, "bold", center=r.center)
            if item.stamp:
                if item.stamp in ("SHROUDED",):
                    tag = self.text.render("hidden", max(9, int(r.width * 0.16)), (210, 210, 230), "bold")
                    bg = pygame.Rect(0, 0, tag.get_width() + 8, tag.get_height() + 2)
                    bg.midbottom = (r.centerx, r.bottom - 3)
                    pygame.draw.rect(layer, (10, 10, 18), bg, border_radius=bg.height // 2)
                    layer.blit(tag, tag.get_rect(center=bg.center))
                else:
                    drawn = self._stamp(layer, item.stamp, item.stamp_colour, r,
                                        *(PICKED_STAMP if item.stamp == "PICKED" else ()))
                    self.stamps_drawn[item.key] = drawn.move(R.topleft)
        return layer

    def _render_base(self, screen: tuple[int, int]) -> pygame.Surface:
        """Felt, area panels, the round plaque, the Anchor's home and the labels (changes rarely)."""
        R = self.rect
        layer = pygame.Surface(R.size)
        if pygame.display.get_surface():
            layer = layer.convert()
        layer.blit(felt_surface(screen), (0, 0), R)
        off = (-R.x, -R.y)
        g = self.geo
        for rect, col, active in g.panels:
            edge = col if active else (96, 82, 58)
            box = _panel(rect.size, edge)
            layer.blit(box, rect.move(off).move(-10, -10))
            stripe = pygame.Rect(rect.x + 12, rect.y + 2, rect.width - 24, 3).move(off)
            pygame.draw.rect(layer, col, stripe, border_radius=2)
        # the round plaque
        pl = g.places.get(("plaque",))
        if pl is not None:
            r = pl.move(off)
            layer.blit(_panel(r.size, (150, 122, 74), (30, 26, 22), 220, 12), r.move(-10, -10))
            self.text.blit(layer, "ROUND", max(10, self.fs - 3), DIM, "bold", midtop=(r.centerx, r.y + 8))
            self.text.blit(layer, str(self.view.get("round", 1)), int(r.height * 0.42), (255, 236, 190), "display",
                           center=(r.centerx, r.centery + 2))
            self.text.blit(layer, f"of {self.view.get('round_limit', 40)}", max(10, self.fs - 3), DIM,
                           midbottom=(r.centerx, r.bottom - 6))
        # the Anchor's home: an engraved ring
        home = g.anchor_home.move(off)
        pygame.draw.circle(layer, (14, 14, 24), home.center, home.width // 2 + 2)
        pygame.draw.circle(layer, (110, 90, 56), home.center, home.width // 2 + 2, width=2)
        for text, size, colour, kind, anchor, pos in g.labels:
            self.text.blit(layer, text, size, colour, kind, False, **{anchor: (pos[0] + off[0], pos[1] + off[1])})
        return layer

    def _draw_live(self, surface: pygame.Surface, overlay: Overlay, animator: Animator,
                   hidden: set[tuple[Any, ...]]) -> None:
        g = self.geo
        pulse = 0.5 + 0.5 * math.sin(overlay.time * 5.0)
        clickable = set(self._clickable)
        movable = set(overlay.movable)
        modal = g.modal_rect is not None
        # the hand (lifts under the mouse)
        for item in g.items:
            if not item.live or item.key in hidden:
                continue
            lift = 0.0
            if not modal and item.target is not None and overlay.hover == item.target and \
                    (item.target in movable or item.target in clickable):
                lift = 1.0
            if overlay.held == item.target and overlay.drag_pos is None:
                lift = 1.2
            self._blit_card(surface, item.face, item.rect, item.dim, lift=lift)
            if (item.target in movable or item.target in clickable) and not modal:
                glow = glow_frame(item.rect.width, item.rect.height, TARGET_GLOW, 2)
                glow.set_alpha(int(70 + 60 * pulse))
                pad = (glow.get_width() - item.rect.width) // 2
                surface.blit(glow, (item.rect.x - pad, item.rect.y - pad - int(lift * item.rect.height * 0.08)))
        # legal targets: glow (when something is held, its drop targets; else everything a click would do)
        if not modal:
            legal = set(overlay.legal) if overlay.held is not None else clickable
            for item in g.items:
                if item.target is None or item.target not in legal or item.live:
                    continue
                if item.target.zone == "hand" and overlay.held is None:
                    continue
                self._glow(surface, item.rect, TARGET_GLOW, pulse, overlay.hover == item.target)
            if any(t.zone == "discard" for t in clickable) and self.view.get("discard"):
                fan = [it.rect for it in g.items if it.key[:1] == ("discard",) and len(it.key) == 2]
                if fan:
                    self._glow(surface, fan[0].unionall(fan[1:]), TARGET_GLOW, pulse,
                               self._pointer is not None and g.discard_rect.collidepoint(self._pointer))
            if overlay.held is None:
                for item in g.items:
                    if item.target == ACTING and ACTING in movable:
                        self._glow(surface, item.rect, BRASS, pulse, False)
        # hint
        if overlay.hint is not None:
            for t in overlay.hint:
                if t is None:
                    continue
                for item in self._all_items():
                    if item.target == t:
                        self._glow(surface, item.rect, palette.HINT, pulse, True)
                        break
                else:
                    if t.zone == "discard" and not modal:  # (a pick from the Discard: its picker opens on a click)
                        place = g.places.get(("discard", _card_of(t.ident)))
                        if place is not None:
                            self._glow(surface, place, palette.HINT, pulse, True)
        # a finished round's plays, held on show a moment (and while the round's end waits for Continue)
        arenas = [tw.payload["entries"] for tw in animator.of_kind("wc-arena") if tw.started]
        if not arenas and self.hold is not None and self._round_plays:
            arenas = [self.held_plays()]
        for entries in arenas:
            if entries:
                for rect, face, status in entries:
                    self._blit_card(surface, face, rect, dim=status in ("clashed", "declined"))
                    stamp, colour = _status_text(status)
                    if stamp:
                        self._stamp(surface, stamp, colour, rect)
        if not modal:
            self._draw_tweens(surface, animator)
        # the resolving card keeps a soft glow
        for item in g.items:
            if item.key and item.key[0] == "arena" and item.face and any(
                    pl.get("status") == "resolving" for pl in (self.view.get("plays") or [])[item.key[1]:item.key[1] + 1]):
                self._glow(surface, item.rect, BRASS, 0.4 + 0.3 * pulse, False)
        if modal:
            self._draw_modal(surface, overlay, pulse, hidden)
            title = self.modal_title_rect().clip(surface.get_rect())
            kept = surface.subsurface(title).copy() if title.width > 0 and title.height > 0 else None
            self._draw_tweens(surface, animator)  # above the veil: what moves into the overlay is seen
            if kept is not None:
                surface.blit(kept, title)  # ...but passes under the dialog's title, which stays readable
        # the card in the hand of the mouse
        if overlay.held is not None and overlay.drag_pos is not None:
            for item in g.items:
                if item.target == overlay.held and item.face is not None:
                    rect = item.rect.copy()
                    rect.center = (int(overlay.drag_pos[0]), int(overlay.drag_pos[1]))
                    self._blit_card(surface, item.face, rect, lift=1.0)
                    break
        # the card under the pointer, large enough to read every word
        zoom = self.zoom(overlay, animator)
        if zoom is not None:
            face, rect = zoom
            self._blit_card(surface, face, rect, lift=0.6)

    def view_pointer(self, event: pygame.event.Event) -> bool:
        """Remember where the pointer is (for the zoomed card); never uses the event."""
        if event.type == pygame.MOUSEMOTION:
            self._pointer = (int(event.pos[0]), int(event.pos[1]))
        return False

    def zoom(self, overlay: Overlay, animator: Animator) -> tuple[Face, pygame.Rect] | None:
        """The card face under the pointer and where its large copy goes: beside the card, about
        half the table's height tall, kept on the table. None while something is dragged, a card
        is in flight or nothing readable is under the pointer (a back tells nothing more large)."""
        pos = self._pointer
        if pos is None or overlay.drag_pos is not None or animator.busy:
            return None
        item = next((it for it in reversed(self._all_items()) if it.rect.collidepoint(pos)), None)
        if item is None or item.face is None or item.face == BACK or item.face[0] == "anchor":
            return None
        h = int(self.rect.height * ZOOM_HEIGHT)
        w = int(h * item.rect.width / max(1, item.rect.height))
        if item.rect.height >= h * 0.8:
            return None  # already large
        rect = pygame.Rect(0, 0, w, h)
        gap = max(8, item.rect.width // 5)
        if item.rect.top - gap - h >= self.rect.top and item.rect.centery > self.rect.centery:
            rect.midbottom = (item.rect.centerx, item.rect.top - gap)  # (the hand: above it, its row stays in view)
        elif item.rect.right + gap + w <= self.rect.right:
            rect.left = item.rect.right + gap
            rect.centery = item.rect.centery
        else:
            rect.right = item.rect.left - gap
            rect.centery = item.rect.centery
        rect.clamp_ip(self.rect)
        return item.face, rect

    def _draw_tweens(self, surface: pygame.Surface, animator: Animator) -> None:
        """Cards in flight, flips, Clash marks, the Anchor's hop and the resolving step."""
        g = self.geo
        for tw in animator.tweens:
            if not tw.started:
                if tw.kind == "wc-flip" and tw.payload.get("pre", True):
                    r = tw.payload["rect"]
                    self._blit_card(surface, tw.payload["front"], r)
                elif tw.kind == "wc-move" and tw.payload.get("pre", False):
                    w, h = tw.payload["size"]
                    rect = pygame.Rect(0, 0, w, h)
                    rect.center = (int(tw.payload["start"][0]), int(tw.payload["start"][1]))
                    self._blit_card(surface, tw.payload["face"], rect)
                continue
            p = tw.payload
            if tw.kind == "wc-move":
                w, h = p["size"]
                pos = lerp_point(p["start"], p["end"], tw.value)
                lift = math.sin(math.pi * tw.raw)
                rect = pygame.Rect(0, 0, w, h)
                rect.center = (int(pos[0]), int(pos[1] - lift * h * 0.25))
                self._blit_card(surface, p["face"], rect, lift=lift)
            elif tw.kind == "wc-flip":
                r = p["rect"]
                back = self.art.face(p["front"], r.width, r.height)
                face = self.art.face(p["face"], r.width, r.height)
                img = flip_frame(back, face, tw.value)
                surface.blit(card_shadow(r.width, r.height), (r.x - 3, r.y - 2))
                surface.blit(img, img.get_rect(center=r.center))
            elif tw.kind == "wc-clash":
                for r in p["rects"]:
                    self._glow(surface, r, CLASH_RED, 1.0, True)
                    self._stamp(surface, "CLASH", CLASH_RED, r, 0.6 + 0.5 * tw.value)
            elif tw.kind == "wc-anchor" and p.get("start") and p.get("end"):
                pos = lerp_point(p["start"], p["end"], tw.value)
                d = g.anchor_rect.width
                rect = pygame.Rect(0, 0, d, d)
                rect.center = (int(pos[0]), int(pos[1] - math.sin(math.pi * tw.raw) * d * 0.6))
                surface.blit(self.art.anchor_token(d), rect)
            elif tw.kind == "wc-step":
                r = p["rect"]
                self._glow(surface, r, BRASS, 1.0 - tw.raw * 0.5, True)

    def _eye_badge(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A crossed eye in a dark disc at the card's top right: a face the other players haven't seen."""
        centre, d = eye_badge_spot(rect)
        pygame.draw.circle(surface, (16, 14, 22), centre, d // 2)
        pygame.draw.circle(surface, BRASS, centre, d // 2, width=max(1, d // 14))
        glyph = icon("sight-disabled", int(d * 0.66), (255, 244, 222))
        if glyph is not None:
            surface.blit(glyph, glyph.get_rect(center=centre))
        else:  # no icon file: an eye drawn with a slash through it
            eye = pygame.Rect(0, 0, int(d * 0.62), int(d * 0.34))
            eye.center = centre
            pygame.draw.ellipse(surface, (255, 244, 222), eye, width=max(1, d // 12))
            pygame.draw.line(surface, CLASH_RED, eye.bottomleft, eye.topright, max(2, d // 10))

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect, colour: Colour, pulse: float, strong: bool) -> None:
        glow = glow_frame(rect.width, rect.height, colour, 3)
        glow.set_alpha(int((150 if strong else 90) + (105 if strong else 90) * pulse))
        pad = (glow.get_width() - rect.width) // 2
        surface.blit(glow, (rect.x - pad, rect.y - pad))

    def modal_title_rect(self) -> pygame.Rect:
        """The band of the open dialog that holds its title (a flying card never covers it)."""
        box = self.geo.modal_rect
        if box is None:
            return pygame.Rect(0, 0, 0, 0)
        lines = max(1, len(self.geo.modal_title_lines))
        size = self.geo.modal_title_size or self.fs + 2
        line_h = self.text.font(size, "bold").get_linesize()
        return pygame.Rect(box.x - 10, box.y + 4, box.width + 20, int((self.fs + 2) * 1.6) + line_h * (lines - 1))

    def _draw_modal(self, surface: pygame.Surface, overlay: Overlay, pulse: float,
                    hidden: AbstractSet[tuple[Any, ...]] = frozenset()) -> None:
        g = self.geo
        box = g.modal_rect
        assert box is not None
        veil = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        veil.fill((6, 8, 14, 170))
        surface.blit(veil, self.rect)
        surface.blit(_panel(box.size, (150, 122, 74), (24, 26, 40), 235, 18), box.move(-10, -10))
        size = g.modal_title_size or self.fs + 2
        line_h = self.text.font(size, "bold").get_linesize()
        for k, line in enumerate(g.modal_title_lines or [g.modal_title]):
            self.text.blit(surface, line, size, BRASS, "bold", midtop=(box.centerx, box.y + 12 + k * line_h))
        clickable = set(self._clickable)
        for item in g.modal:
            if item.key in hidden:
                continue
            lift = 1.0 if overlay.hover == item.target and item.target in clickable else 0.0
            self._blit_card(surface, item.face, item.rect, item.dim, lift=lift)
            if item.unseen:
                self._eye_badge(surface, item.rect.move(0, -int(lift * item.rect.height * 0.08)))
            if item.target in clickable:
                self._glow(surface, item.rect.move(0, -int(lift * item.rect.height * 0.08)), TARGET_GLOW,
                           pulse, overlay.hover == item.target)
        if self.browser_open:
            self.text.blit(surface, "Click anywhere outside a card to close", self.fs - 2, DIM,
                           midbottom=(box.centerx, box.bottom - 8))


def eye_badge_spot(rect: pygame.Rect) -> tuple[tuple[int, int], int]:
    """Centre and diameter of the crossed-eye badge: inside the card's top right corner, clear of a title above."""
    d = max(18, int(rect.width * 0.34))
    return (rect.right - d // 2 - max(2, d // 10), rect.y + d // 2 + max(2, d // 10)), d


def before_place(before: ViewDict, seat: int, action: int, g: Geometry) -> pygame.Rect | None:
    return g.places.get(("hand", seat, action))


def before_played(before: ViewDict, seat: int, action: int, g: Geometry) -> pygame.Rect | None:
    return g.places.get(("played", seat, action))


VIEW = WorldsCollideView
__all__ = ["WorldsCollideView", "VIEW", "WILD"]
