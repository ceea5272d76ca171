"""Build the standalone app with PyInstaller: `python build_scripts/build.py` (what `make dist` runs).

Makes, for the platform it runs on:
  dist/entropy-tabletop/                  the one-folder app (run dist/entropy-tabletop/entropy-tabletop)
  dist/entropy-tabletop-<ver>-<os>-<cpu>  the one-file executable (.exe on Windows)
  dist/Entropy Tabletop.app               on macOS, the one-folder app as an .app bundle
  dist/build-info.json                    version, platform, paths, sizes, build time, source hash

Before PyInstaller runs, the executable icons (.ico for Windows, .icns for macOS)
are made from assets/icons/app-icon.png into build/icons/ when Pillow is
installed; without Pillow that step is skipped and the executables keep
PyInstaller's default icon (the window icon is unaffected).

Options: --console (Windows/macOS: keep a console window, to see the headless
subcommands' output), --clean (empty PyInstaller's cache first).
Standard library only, so it runs with any Python that has PyInstaller.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_scripts" / "entropy.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
ICON_DIR = ROOT / "build" / "icons"
APP_ICON = ROOT / "assets" / "icons" / "app-icon.png"
NAME = "entropy-tabletop"
INFO = DIST / "build-info.json"

SOURCES = ("game", "scenes", "assets", "build_scripts/entropy.spec", "build_scripts/launcher.py", "pyproject.toml")
"""What goes into the bundle; source_hash() changes when any of it does."""
DEPENDENCIES = ("pygame-ce", "pygame-gui", "platformdirs", "shapely", "numpy", "pyinstaller")


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from game import __version__

    return __version__


def os_tag() -> str:
    return "windows" if sys.platform == "win32" else "macos" if sys.platform == "darwin" else sys.platform


def onefile_path() -> Path:
    suffix = ".exe" if sys.platform == "win32" else ""
    return DIST / f"{NAME}-{version()}-{os_tag()}-{platform.machine().lower()}{suffix}"


def onedir_executable() -> Path:
    return DIST / NAME / (NAME + (".exe" if sys.platform == "win32" else ""))


def source_hash() -> str:
    """A digest of every file that goes into the bundle, plus the versions of what builds it."""
    digest = hashlib.sha256()
    for entry in SOURCES:
        base = ROOT / entry
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
        for path in files:
            if "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo"):
                continue
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    for dist in DEPENDENCIES:
        try:
            digest.update(f"{dist}=={metadata.version(dist)}\n".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{dist} missing\n".encode())
    digest.update(f"{sys.version}\n".encode())
    return digest.hexdigest()


def tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def make_icons() -> list[Path]:
    """The .ico and .icns made from app-icon.png with Pillow; [] (and a note) without it."""
    try:
        from PIL import Image
    except ImportError:
        print("build: Pillow not installed: executable icons skipped (pip install pillow to get them)")
        return []
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    made = []
    with Image.open(APP_ICON) as src:
        image = src.convert("RGBA")
        targets = {
            ICON_DIR / f"{NAME}.ico": {"sizes": [(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128),
                                                  (256, 256)]},
            ICON_DIR / f"{NAME}.icns": {},
        }
        for path, options in targets.items():
            try:
                image.save(path, **options)
                made.append(path)
            except (OSError, ValueError, KeyError) as exc:  # e.g. an old Pillow without .icns writing
                print(f"build: could not write {path.name}: {exc}")
    return made


def build(console: bool = False, clean: bool = False) -> dict[str, object]:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit("build: PyInstaller is not installed: pip install -e '.[build]' (make dist does this)")
    make_icons()
    env = dict(os.environ)
    if console:
        env["ENTROPY_BUILD_CONSOLE"] = "1"
    onedir = DIST / NAME
    if onedir.exists():
        shutil.rmtree(onedir)  # PyInstaller asks before replacing it; start it afresh instead
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]
    if clean:
        cmd.insert(3, "--clean")
    print("build:", " ".join(cmd), flush=True)
    started = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    seconds = time.perf_counter() - started
    info: dict[str, object] = {
        "name": NAME,
        "version": version(),
        "platform": f"{os_tag()}-{platform.machine().lower()}",
        "python": platform.python_version(),
        "onedir": onedir.relative_to(ROOT).as_posix(),
        "onedir_executable": onedir_executable().relative_to(ROOT).as_posix(),
        "onefile": onefile_path().relative_to(ROOT).as_posix(),
        "onedir_bytes": tree_size(onedir),
        "onefile_bytes": tree_size(onefile_path()),
        "build_seconds": round(seconds, 1),
        "console": console or sys.platform not in ("win32", "darwin"),
        "source_hash": source_hash(),
    }
    if sys.platform == "darwin":
        info["app_bundle"] = (DIST / "Entropy Tabletop.app").relative_to(ROOT).as_posix()
    INFO.write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    return info


def read_info() -> dict[str, object] | None:
    """dist/build-info.json, or None when there is no build."""
    try:
        data = json.loads(INFO.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def is_up_to_date() -> bool:
    """True when dist/ holds a build of exactly the current sources and dependencies."""
    info = read_info()
    return (info is not None and info.get("source_hash") == source_hash()
            and onedir_executable().exists() and onefile_path().exists())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the standalone Entropy Tabletop app with PyInstaller.")
    parser.add_argument("--console", action="store_true", help="Windows/macOS: keep a console window")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    parser.add_argument("--if-stale", action="store_true", help="do nothing when dist/ is already up to date")
    args = parser.parse_args(argv)
    if args.if_stale and is_up_to_date():
        print(f"build: {DIST.relative_to(ROOT)}/ is up to date")
        return 0
    info = build(args.console, args.clean)
    mb = 1024 * 1024
    print(f"build: one-folder {info['onedir']}/ ({int(info['onedir_bytes']) / mb:.1f} MB), "  # type: ignore[call-overload]
          f"one-file {info['onefile']} ({int(info['onefile_bytes']) / mb:.1f} MB), "  # type: ignore[call-overload]
          f"built in {info['build_seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
