"""The always-visible facts of a skirmish in words: round, whose activation, each side's
activation points and score, the Environment in force (and its tactic-failure penalty), the
mission's objectives; and a unit's stat card.

Pure wording from the view (`bar_lines`, tested) and a plain drawing of it (`draw_bar`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.skirmish.content import Content
from game.core.words import verb
from scenes.kit import palette
from scenes.sprites.text import TextCache

Colour = tuple[int, int, int]
View = Mapping[str, Any]

PHASE_WORDS = {"deploy_rolloff": "Rolling off to deploy", "deploy": "Deployment",
               "environment_rolloff": "Rolling off for the Environment", "environment": "Rolling the Environment",
               "environment_tokens": "Placing the Environment's tokens", "first_rolloff": "Rolling off to go first",
               "activations": "Activations", "over": "Game over"}


def environment_words(view: View, content: Content) -> tuple[str, str]:
    """The Environment in force ("name: effect") and its tactic-failure penalty; '' before one."""
    env = view.get("environment")
    if not env:
        return "", ""
    entry = content.factions[view["factions"][env["side"]]].environment_roll(int(env["roll"]))
    return f"{entry.name}: {entry.text}", entry.penalty_text


def rule_part(text: str) -> str:
    """An Environment's effect without its scene-setting ("The air is glass-clear: ranged weapons
    reach 4 inches farther" -> "Ranged weapons reach..."): the bar has one line for it."""
    _, colon, rule = text.partition(": ")
    rule = rule if colon and rule else text
    return rule[:1].upper() + rule[1:]


def bar_lines(view: View, names: Sequence[str], content: Content) -> list[str]:
    """Line 1: round, phase and whose turn, points and score per side. Line 2: the Environment
    and the failed-tactic penalty. Line 3: the mission and its objectives."""
    turn = int(view["turn"])
    who = names[turn] if 0 <= turn < len(names) else ""
    phase = PHASE_WORDS.get(str(view["phase"]), str(view["phase"]))
    act = view.get("activation")
    if view["phase"] == "activations" and who:
        phase = f"{who} {'activating' if act else 'to activate'}"
    elif view["phase"] == "deploy" and who:
        phase = f"Deployment: {who} {verb(who, 'places')} a model"
    sides = "   ".join(
        f"{names[s] if s < len(names) else f'Side {s + 1}'} ({content.factions[view['factions'][s]].name}): "
        f"{view['points'][s]} AP, {view['score'][s]} pts" for s in (0, 1))
    line1 = f"Round {max(1, int(view['round']))}/{view['rounds']}  |  {phase}  |  {sides}"
    env = view.get("environment")
    if env:
        entry = content.factions[view["factions"][env["side"]]].environment_roll(int(env["roll"]))
        line2 = f"Environment: {entry.name}. {rule_part(entry.text)}  {entry.penalty_text}"
    else:  # play-test: the finished game's bar said "none yet this round"
        line2 = "Environment: none (the game is over)" if view["phase"] == "over" else "Environment: none yet this round"
    mission = content.missions[view["mission"]]
    rules_line = mission.brief or " ".join(mission.text.split())
    line3 = f"Mission: {mission.name}. {rules_line}"
    if not mission.brief:
        objectives = ", ".join(f"{o['name']} ({o['value']})" for o in view["objectives"])
        line3 += f" Objectives: {objectives}." if objectives else ""
    return [line1, line2, line3]


def bar_tooltip(view: View, names: Sequence[str], content: Content) -> str:
    """The bar's facts in full (the bar itself keeps to one line each): the Environment's whole
    text and penalty, the mission's whole text and its objectives."""
    first = bar_lines(view, names, content)[0]
    effect, penalty = environment_words(view, content)
    env = f"Environment - {effect}\nFailed tactic: {penalty}" if effect else "Environment: none yet this round"
    mission = content.missions[view["mission"]]
    objectives = ", ".join(f"{o['name']} ({o['value']})" for o in view["objectives"])
    return "\n".join([first, env, f"Mission: {mission.name}. {' '.join(mission.text.split())}"
                      + (f" Objectives: {objectives}." if objectives else "")])


def fit(text: TextCache, line: str, size: int, width: int, kind: str = "regular") -> str:
    """`line` cut with an ellipsis to `width` pixels (the longest prefix that fits, by halving)."""
    font = text.font(size, kind)
    if font.size(line)[0] <= width:
        return line
    lo, hi = 0, len(line)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(line[:mid] + "...")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return line[:lo].rstrip() + "..."


def shrink_to_fit(text: TextCache, line: str, size: int, width: int, kind: str = "regular",
                  smallest: int = 9) -> tuple[str, int]:
    """`line` at the largest size from `size` down to `smallest` that shows it whole in `width`;
    cut with an ellipsis at `smallest` only when even that is too wide."""
    for trial in range(size, smallest - 1, -1):
        if text.font(trial, kind).size(line)[0] <= width:
            return line, trial
    return fit(text, line, smallest, width, kind), smallest


def draw_bar(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[str], text: TextCache, fs: int,
             accent: Colour) -> None:
    surface.blit(bar_surface(tuple(lines), rect.size, text, fs, accent), rect.topleft)


_BARS: dict[tuple[Any, ...], pygame.Surface] = {}


MIN_BAR_TEXT = 11
"""The smallest size the bar's Environment and mission lines are shrunk to before one of them
takes a second row (play-test: at 1024x640 they were shrunk to 9 px)."""


def bar_rows(text: TextCache, lines: Sequence[str], width: int, fs: int, room: int) -> list[tuple[str, int]]:
    """The bar's rows (each with the index of the line it comes from): a line after the first
    that does not fit `width` at `MIN_BAR_TEXT` is split at its sentence break ("  ": the
    Environment's effect, then its tactic penalty) while the bar has `room` for another row."""
    rows: list[tuple[str, int]] = []
    spare = room - len(lines)
    for i, line in enumerate(lines):
        head, gap, tail = line.partition("  ")
        if i and gap and spare > 0 and text.font(max(MIN_BAR_TEXT, fs - 3)).size(line)[0] > width:
            rows += [(head, i), (tail, i)]
            spare -= 1
        else:
            rows.append((line, i))
    return rows


def bar_surface(lines: tuple[str, ...], size: tuple[int, int], text: TextCache, fs: int,
                accent: Colour) -> pygame.Surface:
    """The bar drawn once per wording and size (its lines change only when the position does)."""
    key = (lines, size, fs, accent, id(text))
    found = _BARS.get(key)
    if found is not None:
        return found
    if len(_BARS) > 16:
        _BARS.clear()
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (26, 30, 42), rect, border_radius=8)
    pygame.draw.rect(surf, accent, rect, width=1, border_radius=8)
    room = (rect.height - 4) // text.font(max(MIN_BAR_TEXT, fs - 3)).get_linesize()
    rows = bar_rows(text, lines, rect.width - 20, fs, room)
    h = rect.height / max(1, len(rows))
    for r, (line, i) in enumerate(rows):
        size_i = fs if i == 0 else max(MIN_BAR_TEXT, fs - 3)
        colour = palette.TEXT if i == 0 else (196, 190, 170) if i == 1 else (150, 156, 172)
        kind = "bold" if i == 0 else "regular"
        shown, size_i = shrink_to_fit(text, line, size_i, rect.width - 20, kind, min(size_i, 9))
        text.blit(surf, shown, size_i, colour, kind, midleft=(10, round(h * r + h / 2)))
    _BARS[key] = surf
    return surf


CARD_GAP = 24
"""Pixels between the pointer and the stat card."""


def place_card(size: tuple[int, int], pointer: tuple[int, int], bounds: pygame.Rect,
               avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a card of `size` goes inside `bounds`: never over the pointer, over as few of
    `avoid` (the models' bases) as can be, and then as near the pointer as can be. The first
    spot tried is the old one, right of the pointer (below it in the table's upper half, above
    it in the lower); then beside, above and below the pointer, and at the bounds' edges. A card
    the bounds push back over the pointer is not taken (play-test: after a drag, the card of the
    model just dropped covered the models beside it)."""
    w, h = size
    px, py = pointer
    g = CARD_GAP
    first = (px + g, py - 10 if py < bounds.centery else py - h - 16)
    xs = (px + g, px - g - w, px - w // 2, bounds.left, bounds.right - w)
    ys = (py - 10, py - h - 16, py + g, py - g - h, bounds.top, bounds.bottom - h, bounds.centery - h // 2)
    near = pygame.Rect(px - g // 2, py - g // 2, g, g)
    best: tuple[int, int, float, pygame.Rect] | None = None
    for x, y in [first, *((x, y) for x in xs for y in ys)]:
        box = pygame.Rect(x, y, w, h).clamp(bounds)
        covered = len(box.collidelistall(list(avoid))) + (1000 if box.colliderect(near) else 0)
        key = (covered, 0 if (x, y) == first else 1, math.dist(box.center, pointer))
        if best is None or key < best[:3]:
            best = (*key, box)
    assert best is not None
    return best[3]


def draw_card(surface: pygame.Surface, lines: Sequence[str], anchor: tuple[int, int], text: TextCache, fs: int,
              bounds: pygame.Rect, colour: Colour, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A unit's stat card beside `anchor` (the pointer), inside `bounds`, over as few of `avoid`
    as can be (`place_card`); its rect."""
    size = max(10, fs - 2)
    width = min(420, bounds.width - 20)
    wrapped: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        wrapped += [(w, i == 0) for w in text.wrap(line, size, width - 20)]
    lh = text.font(size).get_linesize()
    height = lh * len(wrapped) + 14
    box = place_card((width, height), anchor, bounds, avoid)
    bg = pygame.Surface(box.size, pygame.SRCALPHA)
    bg.fill((16, 18, 28, 235))
    surface.blit(bg, box)
    pygame.draw.rect(surface, colour, box, width=2, border_radius=4)
    y = box.y + 7
    for line, head in wrapped:
        text.blit(surface, line, size, colour if head else palette.TEXT, "bold" if head else "regular",
                  topleft=(box.x + 10, y))
        y += lh
    return box
