"""Entropy Tabletop: the rules engines, the AI and the command line (no pygame here)."""

__version__ = "0.1.0"
"""The app version (pyproject.toml says the same; a test checks)."""
