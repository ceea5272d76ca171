"""The game-over explanation of a Worlds Collide result: each player's Reality, Hold and hand as
card faces, a row per player (the winners' outlined). At the end nothing is secret, so the view
shows every card (`all_revealed`); the cards nobody but their holder had seen (a Hold's face-down
Shards, the Actions left in hand) are marked with a brass dot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from scenes.kit import palette
from scenes.kit.palette import BRASS, TEXT_DIM
from scenes.sprites.text import TextCache
from scenes.views.worlds_collide.art import CardArt

CARD_RATIO = 0.7
"""A card's width over its height."""


def result_width(height: int, players: int) -> int:
    """The width the rows want at `height`: a label column and up to 10 cards side by side."""
    row_h = height / max(1, players)
    card_h = max(20, int(row_h * 0.72))
    return int(110 + 10.5 * card_h * CARD_RATIO)


def draw_players(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], art: CardArt,
                 text: TextCache, names: Sequence[str]) -> None:
    players = view["players"]
    winners = set(view.get("winners") or [])
    fs = max(12, min(16, rect.h // (7 * max(1, len(players)))))
    legend_y = rect.bottom - int(fs * 1.3)
    pygame.draw.circle(surface, BRASS, (rect.x + 8, legend_y + fs // 2), 4)
    text.blit(surface, "hidden until the end (a face-down Shard, an Action still in hand)", max(11, fs - 2), TEXT_DIM,
              topleft=(rect.x + 18, legend_y))
    row_h = (legend_y - 4 - rect.y) // max(1, len(players))
    card_h = max(20, min(int(row_h - fs * 2.6 - 8), int((rect.w - 24) / 10.5 / CARD_RATIO)))
    card_w = int(card_h * CARD_RATIO)
    for k, p in enumerate(players):
        row = pygame.Rect(rect.x, rect.y + k * row_h, rect.w, row_h - 6)
        won = p["seat"] in winners
        pygame.draw.rect(surface, (58, 48, 30) if won else (34, 38, 54), row, border_radius=8)
        if won:
            pygame.draw.rect(surface, palette.ACCENT, row, width=2, border_radius=8)
        seat = int(p["seat"])
        who = f"{names[seat]} · {p['name']}" if seat < len(names) else str(p["name"])
        text.blit(surface, who, fs, palette.TEXT, "bold", topleft=(row.x + 10, row.y + 4))
        x, y = row.x + 10, row.y + int(fs * 1.6)
        groups: list[tuple[str, list[tuple[tuple[object, ...], bool]]]] = [
            ("Reality", [(("shard", c), False) for c in p["reality"]]),
            ("Hold", [(("shard", h["card"]), not h["revealed"]) for h in p["hold"] if h["card"] is not None]),
            ("Hand", [(("action", a, p["character"] if p["character"] is not None else -1), True)
                      for a in (p["hand"] or [])]),
        ]
        for label, cards in groups:
            if not cards:
                continue
            text.blit(surface, label, max(11, fs - 3), TEXT_DIM, topleft=(x, y - 1))
            for face, was_hidden in cards:
                if x + card_w > row.right - 6:
                    break
                img = art.face(face, card_w, card_h)
                top = y + int(fs * 0.9)
                surface.blit(img, (x, top))
                if was_hidden:
                    pygame.draw.circle(surface, BRASS, (x + card_w - 6, top + 6), 4)
                x += card_w + 3
            x += 10
