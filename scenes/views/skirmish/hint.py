"""The hint on the skirmish table: what the suggested move touches, marked in pulsing gold.

The play-test pressed Hint while activating and read "the suggested move is marked on the
table", but nothing was: the view never drew the table's hint. `hint_marks` reads the hinted
targets (`SkirmishView.command_targets`) into what to mark: the models to ring, the tray's
buttons to outline, the place on the table a move or an aim goes to, and, for an activation
whose order buttons are not on screen yet, the order in words beside the models.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.core.protocol import Target
from scenes.kit import palette
from scenes.kit.camera import Camera

HINT_GOLD = palette.HINT_GOLD
"""The hint's colour: apart from the white activation ring and the side colours."""

TrayEntry = tuple[pygame.Rect, str, Target | None, str]
"""A tray button as the view lays it out: (rect, label, target, key)."""


@dataclass(frozen=True)
class HintMarks:
    models: tuple[int, ...]
    """Models the hinted move is about (the one to move, the attacker and its target, ...)."""
    buttons: tuple[pygame.Rect, ...]
    """Tray buttons to press (an order, a weapon, an ability, End, Re-roll, ...)."""
    point: tuple[float, float] | None
    """Where on the table (inches) the hinted model goes or the hinted ability lands."""
    words: str
    """What to choose, when no button says it yet (an activation's order and tactic)."""


def hint_marks(targets: Sequence[Target | None], tray: Sequence[TrayEntry],
               order_words: Mapping[str, str], on_table: Callable[[int], bool] = lambda m: True) -> HintMarks:
    """What to mark for the hinted `targets` (a source and, for a drag, where it goes); only
    models `on_table` are ringed (a model still to deploy is marked by its tray button)."""
    models: list[int] = []
    buttons: list[pygame.Rect] = []
    point: tuple[float, float] | None = None
    words = ""
    for t in targets:
        if t is None:
            continue
        ident = t.ident or ""
        keys = _tray_keys(t)
        buttons += [rect for rect, _, target, key in tray if target == t or key in keys]
        if t.zone in ("figure", "ability") and ident:
            models.append(int(ident.split("/")[0]))
        elif t.zone == "order" and ident:
            ids, order, tactic = (ident.split("|") + ["", ""])[:3]
            models += [int(i) for i in ids.split(",") if i.isdigit()]
            buttons += [rect for rect, _, _, key in tray if tactic and key == f"tactic:{tactic}"]
            words = order_words.get(order, order) + (f", with the tactic {tactic}" if tactic else "")
        elif t.zone == "table" and t.point is not None:
            point = (float(t.point[0]), float(t.point[1]))
    return HintMarks(tuple(m for m in dict.fromkeys(models) if on_table(m)), tuple(buttons), point, words)


def _tray_keys(t: Target) -> set[str]:
    """Tray keys that stand for `t` where the button's own target is None (a weapon)."""
    parts = (t.ident or "").split("/")
    if t.zone == "figure" and len(parts) == 2:
        return {f"weapon:{parts[0]}:{parts[1]}"}
    return set()


def draw_hint_on_table(surface: pygame.Surface, marks: HintMarks, camera: Camera, radius: Callable[[int], int],
                       at: Callable[[int], tuple[float, float]], time: float,
                       caption: Callable[[pygame.Surface, str, tuple[float, float]], None]) -> None:
    """Pulsing gold rings round the models, a line and a ring to the place, and the words above
    the first model (`caption(surface, text, midbottom)`)."""
    grow = 5 + 3 * (1 + math.sin(time * 5))
    centres = [camera.to_screen(at(m)) for m in marks.models]
    for m, c in zip(marks.models, centres):
        pygame.draw.circle(surface, HINT_GOLD, c, radius(m) + grow, width=3)
    if marks.point is not None:
        p = camera.to_screen(marks.point)
        if centres:
            pygame.draw.line(surface, HINT_GOLD, centres[0], p, width=2)
        pygame.draw.circle(surface, HINT_GOLD, p, 6 + grow, width=3)
    if marks.words and centres:
        top = centres[0][1] - radius(marks.models[0]) - grow - 4
        caption(surface, marks.words, (centres[0][0], top))


def draw_hint_buttons(surface: pygame.Surface, marks: HintMarks) -> None:
    """The tray buttons to press, outlined in gold."""
    for rect in marks.buttons:
        pygame.draw.rect(surface, HINT_GOLD, rect.inflate(6, 6), width=3, border_radius=8)
