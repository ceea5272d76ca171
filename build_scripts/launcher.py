"""The standalone app's entry point (PyInstaller runs this script; same as the console script).

game.cli.main calls multiprocessing.freeze_support() first, so the AI worker
process, which is this same executable started again, becomes the worker
instead of a second app.
"""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
