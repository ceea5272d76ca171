"""The PICKED stamp on an Action picked into the play slot sits on the card's top edge, clear
of its name and rule line and of the row's 'THIS ROUND' label (play-test at 1280x720: it
covered "the Nexus, keep 1." on Fracture)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pygame
import pytest

from game.worlds_collide.cards import FRACTURE, TELEKINESIS
from scenes.app import step
from tests.scenes.gestures import DT, at, click
from tests.scenes.table_context import table_context
from tests.scenes.worlds_collide.test_table_wc import hand, open_table, settle


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1600, 900)])
@pytest.mark.parametrize("action", [FRACTURE, TELEKINESIS])
def test_the_picked_stamp_leaves_the_card_words_readable(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                         size: tuple[int, int], action: int) -> None:
    with table_context(tmp_path, monkeypatch, size=size, animation_speed="fast") as ctx:
        scene = open_table(ctx, ["human", "random"])
        settle(ctx, scene)
        click(ctx, at(scene, hand(action)))
        for _ in range(3):
            step(ctx, [], DT)
        view = scene.view
        assert view.staged() == action
        picked = next(item for item in view.geo.items if item.stamp == "PICKED")
        stamp = view.stamps_drawn[picked.key]
        card = picked.rect
        words = pygame.Rect(card.x, card.y + int(card.height * 0.38), card.width, card.height - int(card.height * 0.38))
        assert not stamp.colliderect(words), (stamp, card)
        for text, fs, _colour, kind, anchor, pos in view.geo.labels:
            label = pygame.Rect((0, 0), scene.text.font(fs, kind).size(text))
            setattr(label, anchor, pos)
            assert not stamp.colliderect(label), (text, label, stamp)
