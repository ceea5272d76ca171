"""Typed errors: each carries a message fit to show a player in one line."""


class EntropyError(Exception):
    """Base of every error this project raises on purpose."""


class SaveFileError(EntropyError):
    """A save file that cannot be read: missing, not JSON, wrong version, illegal moves."""


class UnknownGameError(EntropyError):
    """A game id that is not registered."""


class IllegalCommandError(EntropyError):
    """A command that the rules refuse; `str()` is the reason."""
