"""Linux: add Entropy Tabletop to the current user's application menu, or take it out again.

    python build_scripts/desktop.py install     # what `make install-desktop` runs
    python build_scripts/desktop.py uninstall   # what `make uninstall-desktop` runs

Writes $XDG_DATA_HOME/applications/entropy-tabletop.desktop and the 256 px icon
$XDG_DATA_HOME/icons/hicolor/256x256/apps/entropy-tabletop.png (XDG_DATA_HOME
defaults to ~/.local/share). The entry starts the built one-folder app
(dist/entropy-tabletop/entropy-tabletop) when there is one, else the
`entropy-tabletop` script of the Python environment running this file (the
project's .venv under make). Standard library only; pygame is used only if the
icon ever needs resizing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "entropy-tabletop"
APP_ICON = ROOT / "assets" / "icons" / "app-icon.png"
ICON_PX = 256


def data_home() -> Path:
    value = os.environ.get("XDG_DATA_HOME", "")
    # the XDG spec: an unset, empty or relative value means the default
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def desktop_file() -> Path:
    return data_home() / "applications" / f"{APP_ID}.desktop"


def icon_file() -> Path:
    return data_home() / "icons" / "hicolor" / f"{ICON_PX}x{ICON_PX}" / "apps" / f"{APP_ID}.png"


def find_executable(dist: Path) -> Path:
    """The built one-folder app if present, else this environment's console script."""
    built = dist / APP_ID / APP_ID
    if built.is_file() and os.access(built, os.X_OK):
        return built.resolve()
    for folder in (Path(sys.executable).parent, ROOT / ".venv" / "bin"):
        script = folder / APP_ID
        if script.is_file():
            return script.absolute()  # not resolve(): a venv's python is a symlink
    found = shutil.which(APP_ID)
    if found:
        return Path(found)
    raise SystemExit(f"desktop: no {APP_ID} to start: run `make dist` or `make play` first")


def _exec_arg(path: Path) -> str:
    """A path quoted as the Desktop Entry spec wants inside Exec=."""
    text = str(path)
    if not any(c in text for c in ' \t"\'\\`$<>|&;*?#()'):
        return text
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return f'"{escaped}"'


def desktop_entry(executable: Path) -> str:
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.5",
        "Name=Entropy Tabletop",
        "GenericName=Board games",
        "Comment=Entropy tabletop games: play the AI or friends on one screen",
        f"Exec={_exec_arg(executable)}",
        f"TryExec={_exec_arg(executable)}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=entropy;order;chaos;board;game;",
        f"StartupWMClass={APP_ID}",
        "",
    ])


def png_size(path: Path) -> tuple[int, int]:
    with path.open("rb") as fh:
        head = fh.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def write_icon(target: Path) -> None:
    """app-icon.png at 256x256 (copied as it is, or scaled with pygame if it is another size)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if png_size(APP_ICON) == (ICON_PX, ICON_PX):
        shutil.copyfile(APP_ICON, target)
        return
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(APP_ICON))
    pygame.image.save(pygame.transform.smoothscale(image, (ICON_PX, ICON_PX)), str(target))


def install(dist: Path) -> None:
    executable = find_executable(dist)
    write_icon(icon_file())
    entry = desktop_file()
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(desktop_entry(executable), encoding="utf-8")
    entry.chmod(0o755)  # some desktops only trust executable entries
    print(f"desktop: installed {entry}\ndesktop: icon {icon_file()}\ndesktop: starts {executable}")


def uninstall() -> None:
    for path in (desktop_file(), icon_file()):
        if path.exists():
            path.unlink()
            print(f"desktop: removed {path}")
        else:
            print(f"desktop: {path} was not there")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Add or remove the Entropy Tabletop menu entry (Linux).")
    parser.add_argument("action", choices=("install", "uninstall"))
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where `make dist` put the app")
    args = parser.parse_args(argv)
    if args.action == "install":
        install(args.dist)
    else:
        uninstall()
    return 0


if __name__ == "__main__":
    sys.exit(main())
