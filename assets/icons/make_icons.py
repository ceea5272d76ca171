"""Rebuild assets/icons from the Game-icons.net set (CC BY 3.0).

Usage (developer tool, not run by the app):
    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    .venv/bin/python assets/icons/make_icons.py package/icons.json

Writes, for each icon we use, `<name>.svg` (white fill, so the app can tint it)
and `<name>.png` (96 px, white on transparent), plus `app-icon.png`, our own
composition: the "vortex" glyph in brass on a dark rounded tile. Authors are
the sub-folder names of the upstream repository; CREDITS.md lists them.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

# name -> author (as in the Game-icons.net repository's folder names)
ICONS = {
    "anticlockwise-rotation": "Delapouite",  # undo
    "clockwise-rotation": "Delapouite",      # redo
    "light-bulb": "Lorc",                    # hint
    "cog": "Lorc",                           # settings
    "pause-button": "Guard13007",            # pause
    "swap-bag": "Lorc",                      # the bag of counters
    "rolling-dices": "Delapouite",           # dice / random seed
    "trophy-cup": "Delapouite",              # winner
    "hourglass": "Lorc",                     # AI thinking
    "cubeforce": "Lorc",                     # Order emblem
    "tornado": "Lorc",                       # Chaos emblem
    "vortex": "Lorc",                        # app emblem
    "save": "Delapouite",
    "open-folder": "Delapouite",             # load
    "open-book": "Lorc",                     # rules
    "exit-door": "Delapouite",               # quit
    "play-button": "Guard13007",             # new game / resume
    "person": "Delapouite",                  # human seat
    "robot-golem": "Lorc",                   # AI seat
    "speaker": "Delapouite",
    "speaker-off": "Delapouite",
    "sight-disabled": "Skoll",               # colour-blind symbols
    "card-exchange": "Delapouite",           # swap seats / hand-off
    "laurels": "Lorc",                       # game over
    "crown": "Lorc",
    "hand": "Sbed",                          # pass the device
}

# the skirmish's unit icons (game/skirmish/data: each unit type's `icon`), written to units/
UNIT_ICONS = {
    "battle-axe": "Lorc", "brute": "Delapouite", "bull": "Lorc", "butterfly": "Lorc",
    "centurion-helmet": "Delapouite", "cross-flare": "Lorc", "crossbow": "Carl Olsen", "drum": "Delapouite",
    "dust-cloud": "Lorc", "hooded-figure": "DarkZaitzev", "hook-swords": "Delapouite", "horned-helm": "Lorc",
    "hound": "Lorc", "laser-gun": "Sbed", "laser-turret": "Delapouite", "mirror-mirror": "Lorc",
    "mushrooms": "Delapouite", "orbital": "Lorc", "pikeman": "Delapouite", "poison-gas": "Lorc",
    "praying-mantis": "Delapouite", "prism": "Delapouite", "rifle": "Sbed", "roman-shield": "Delapouite",
    "spartan-helmet": "Delapouite", "swamp": "Delapouite", "telescope": "Delapouite", "thorny-vine": "Lorc",
    "thrown-spear": "Lorc", "totem-head": "Lorc", "witch-face": "Cathelineau",
}

HERE = Path(__file__).resolve().parent
BRASS = (214, 172, 96)
UI_TONES = {"light": "#e8e4d8", "dark": "#1a1d27", "brass": "#d6ac60", "dim": "#5e6476"}


def svg_text(body: str, colour: str = "#ffffff") -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">'
            f'{body.replace("currentColor", colour)}</svg>\n')


def main(icons_json: str) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()
    data = json.loads(Path(icons_json).read_text(encoding="utf-8"))
    for name in ICONS:
        body = data["icons"][name]["body"]
        svg = HERE / f"{name}.svg"
        svg.write_text(svg_text(body), encoding="utf-8")
        pygame.image.save(pygame.image.load_sized_svg(str(svg), (96, 96)), str(HERE / f"{name}.png"))
        # small tinted copies for pygame-gui buttons (the theme cannot tint)
        ui = HERE / "ui"
        ui.mkdir(exist_ok=True)
        for tone, colour in UI_TONES.items():
            tmp = ui / f".{name}-{tone}.svg"
            tmp.write_text(svg_text(body, colour), encoding="utf-8")
            canvas = pygame.Surface((48, 26), pygame.SRCALPHA)  # 22 px left margin built in
            canvas.blit(pygame.image.load_sized_svg(str(tmp), (26, 26)), (22, 0))
            pygame.image.save(canvas, str(ui / f"{name}-{tone}.png"))
            tmp.unlink()

    units = HERE / "units"
    units.mkdir(exist_ok=True)
    for name in UNIT_ICONS:
        tmp = units / f".{name}.svg"
        tmp.write_text(svg_text(data["icons"][name]["body"]), encoding="utf-8")
        pygame.image.save(pygame.image.load_sized_svg(str(tmp), (96, 96)), str(units / f"{name}.png"))
        tmp.unlink()

    # the window / taskbar icon: a brass vortex on a dark rounded tile
    size = 256
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(tile, (28, 34, 48), tile.get_rect(), border_radius=48)
    pygame.draw.rect(tile, BRASS, tile.get_rect().inflate(-14, -14), width=8, border_radius=42)
    tmp = HERE / ".app-glyph.svg"
    tmp.write_text(svg_text(data["icons"]["vortex"]["body"], "#d6ac60"), encoding="utf-8")
    glyph = pygame.image.load_sized_svg(str(tmp), (170, 170))
    tmp.unlink()
    tile.blit(glyph, glyph.get_rect(center=(size // 2, size // 2)))
    pygame.image.save(tile, str(HERE / "app-icon.png"))
    print(f"wrote {len(ICONS)} icons, {len(UNIT_ICONS)} unit icons and app-icon.png to {HERE}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "package/icons.json")
