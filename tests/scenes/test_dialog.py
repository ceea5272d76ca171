"""Dialogs (scenes/dialog.py: How to play, Settings) close by Esc, Enter, keypad Enter or their
button, swallow other keys, and Settings saves on the way out."""

from __future__ import annotations

import pygame
import pytest

from scenes.dialog import CLOSE_KEYS, DialogScene
from tests.scenes.test_menu import click, frames, key, push


class Beneath(DialogScene):
    """A scene under the dialog that records the keys it is given."""

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.keys: list[int] = []

    def on_key(self, event: pygame.event.Event) -> bool:
        self.keys.append(event.key)
        return True


def _rules(ctx):
    from scenes.rules_help import RulesScene

    return RulesScene(ctx, "order-chaos")


def _settings(ctx):
    from scenes.settings import SettingsScene

    return SettingsScene(ctx)


@pytest.mark.parametrize("make", [_rules, _settings], ids=["rules", "settings"])
@pytest.mark.parametrize("close_key", CLOSE_KEYS)
def test_a_dialog_closes_by_its_keys_and_nothing_beneath_sees_them(ui_ctx, make, close_key):
    below = push(ui_ctx, Beneath(ui_ctx))
    dialog = push(ui_ctx, make(ui_ctx))
    key(ui_ctx, pygame.K_a)
    assert ui_ctx.stack.top is dialog
    key(ui_ctx, close_key)
    assert ui_ctx.stack.top is below
    assert below.keys == []


@pytest.mark.parametrize("make,label", [(_rules, "Close"), (_settings, "Done")], ids=["rules", "settings"])
def test_a_dialog_closes_by_its_button(ui_ctx, make, label):
    dialog = push(ui_ctx, make(ui_ctx))
    button = next(b for b in dialog._actions if getattr(b, "text", None) == label)
    click(ui_ctx, button)
    frames(ui_ctx, 1)
    assert ui_ctx.stack.top is None


def test_settings_saves_what_changed_when_it_closes(ui_ctx):
    from scenes.settings_store import Settings

    push(ui_ctx, _settings(ui_ctx))
    ui_ctx.settings.ai_watch_delay = 0.2  # changed without a button: only closing saves it
    key(ui_ctx, pygame.K_ESCAPE)
    assert ui_ctx.stack.top is None
    assert Settings.load().ai_watch_delay == pytest.approx(0.2)
