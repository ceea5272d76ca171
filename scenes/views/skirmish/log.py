"""The skirmish log as the table shows it: the engine's words (`game.skirmish.words`), with a
run of the same state given to many models said once.

Play-test at 1024x640: an Environment that inspires a whole side wrote twelve lines in a row
("Lightwright 1 is Inspired for 1 round", ...), which pushed the round's roll-off and the
computer's moves out of the log's view. Such a run becomes one line naming the models.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from game.core.words import Line

RUN = 3
"""Lines in a row saying the same of different models that are said as one."""


def merge_runs(lines: Sequence[Line], units: Iterable[str]) -> list[Line]:
    """`lines` with each run of at least RUN consecutive "<model> is <state>" lines (the same
    state and tone; a model is named by one of the `units`' names, numbered as the log numbers
    them: "Lightwright 2") said once: "<N> models are <state>: <model>, <model>, ...". Other
    lines stay as they are, in order."""
    names = sorted(set(units), key=len, reverse=True)
    if not names:
        return list(lines)
    named = re.compile("^((?:" + "|".join(map(re.escape, names)) + r")(?: \d+)?) is ")
    out: list[Line] = []
    run: list[tuple[str, Line]] = []
    key: tuple[str, str] | None = None

    def flush() -> None:
        if len(run) >= RUN:
            first = run[0][1]
            state = first.text[len(run[0][0]) + len(" is "):]
            who = ", ".join(name for name, _ in run)
            out.append(Line(f"{len(run)} models are {state}: {who}", first.tone, first.seat))
        else:
            out.extend(line for _, line in run)
        run.clear()

    for line in lines:
        found = named.match(line.text)
        name = found.group(1) if found else None
        this = (line.text[len(name) + len(" is "):], line.tone) if name is not None else None
        if this is None or this != key:
            flush()
            key = this
        if name is None:
            out.append(line)
        else:
            run.append((name, line))
    flush()
    return out
