"""Make the app's sound effects procedurally: `python assets/sounds/make_sounds.py`.

Standard library only (wave, math, random); writes small 16-bit mono WAV files
next to this script. Every sound is synthesised here from noise, sines and
envelopes, so they are our own work. The random generator is seeded, so the
files come out the same on every run.

    place     a wooden clack: a counter set down on the board
    slide     a soft sliding 'shhk': a counter pushed along a line
    draw      a short cloth-bag rustle: a counter drawn from the bag
    click     a soft UI click for buttons
    refuse    a low, dull 'thunk': a move that is not allowed
    halftime  a short pleasant two-note chime
    gameover  a rising arpeggio with a held chord (fanfare-ish)
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent

Signal = list[float]


def silence(seconds: float) -> Signal:
    return [0.0] * int(RATE * seconds)


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(RATE * seconds))]


def sine(freq: float, seconds: float, phase: float = 0.0) -> Signal:
    return [math.sin(phase + 2 * math.pi * freq * i / RATE) for i in range(int(RATE * seconds))]


def envelope(sig: Signal, attack: float, decay: float) -> Signal:
    """Linear attack, then an exponential decay with time constant `decay` seconds."""
    a = max(1, int(RATE * attack))
    out = []
    for i, x in enumerate(sig):
        t = i / RATE
        gain = i / a if i < a else math.exp(-(t - attack) / decay)
        out.append(x * gain)
    return out


def lowpass(sig: Signal, cutoff: float) -> Signal:
    """One-pole low-pass filter."""
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for x in sig:
        y += k * (x - y)
        out.append(y)
    return out


def highpass(sig: Signal, cutoff: float) -> Signal:
    low = lowpass(sig, cutoff)
    return [x - lo for x, lo in zip(sig, low)]


def bandpass(sig: Signal, low: float, high: float) -> Signal:
    return lowpass(highpass(sig, low), high)


def mix(*parts: tuple[Signal, float, float]) -> Signal:
    """Sum (signal, gain, start-seconds) parts into one signal."""
    length = max(int(start * RATE) + len(sig) for sig, _, start in parts)
    out = [0.0] * length
    for sig, gain, start in parts:
        off = int(start * RATE)
        for i, x in enumerate(sig):
            out[off + i] += x * gain
    return out


def normalise(sig: Signal, peak: float) -> Signal:
    top = max(1e-9, max(abs(x) for x in sig))
    return [x * peak / top for x in sig]


def fade_out(sig: Signal, seconds: float = 0.01) -> Signal:
    n = min(len(sig), int(RATE * seconds))
    out = list(sig)
    for i in range(n):
        out[len(sig) - n + i] *= 1 - i / n
    return out


# --- the sounds ------------------------------------------------------------------------

def place(rng: random.Random) -> Signal:
    # the knock: two short damped wood resonances, plus a sharp click of filtered noise
    body = mix((envelope(sine(820, 0.12), 0.001, 0.018), 1.0, 0.0),
               (envelope(sine(1370, 0.08), 0.001, 0.010), 0.6, 0.0),
               (envelope(sine(410, 0.14), 0.002, 0.030), 0.45, 0.0))
    tick = envelope(bandpass(noise(0.03, rng), 1800, 6000), 0.0005, 0.004)
    return normalise(fade_out(mix((body, 1.0, 0.0), (tick, 0.8, 0.0))), 0.8)


def slide(rng: random.Random) -> Signal:
    # filtered noise that swells and fades, with a slight scrape of amplitude wobble
    n = bandpass(noise(0.26, rng), 700, 3200)
    out = []
    for i, x in enumerate(n):
        t = i / len(n)
        swell = math.sin(math.pi * min(1.0, t * 1.15)) ** 1.5
        wobble = 0.75 + 0.25 * math.sin(2 * math.pi * 23 * i / RATE)
        out.append(x * swell * wobble)
    stop = envelope(sine(640, 0.05), 0.001, 0.012)
    return normalise(fade_out(mix((out, 1.0, 0.0), (stop, 0.25, 0.22))), 0.5)


def draw(rng: random.Random) -> Signal:
    # a cloth bag: several short bursts of soft noise at uneven times, then a small tap
    parts: list[tuple[Signal, float, float]] = []
    t = 0.0
    for _ in range(7):
        burst = envelope(bandpass(noise(0.07, rng), 1200, 5200), 0.008, rng.uniform(0.012, 0.025))
        parts.append((burst, rng.uniform(0.35, 0.8), t))
        t += rng.uniform(0.025, 0.05)
    tap = envelope(sine(1100, 0.05), 0.001, 0.008)
    parts.append((tap, 0.35, t + 0.03))
    return normalise(fade_out(mix(*parts)), 0.45)


def click(rng: random.Random) -> Signal:
    tone = envelope(sine(1900, 0.04), 0.0005, 0.005)
    tick = envelope(bandpass(noise(0.02, rng), 2500, 7000), 0.0003, 0.002)
    return normalise(fade_out(mix((tone, 1.0, 0.0), (tick, 0.5, 0.0))), 0.35)


def refuse(rng: random.Random) -> Signal:
    # a dull, low knock with a little downward pitch bend
    sig = []
    phase = 0.0
    for i in range(int(RATE * 0.22)):
        t = i / RATE
        freq = 150 - 60 * min(1.0, t / 0.15)
        phase += 2 * math.pi * freq / RATE
        sig.append(math.sin(phase) + 0.3 * math.sin(2 * phase))
    body = envelope(sig, 0.003, 0.05)
    thud = envelope(lowpass(noise(0.06, rng), 500), 0.001, 0.012)
    return normalise(fade_out(mix((body, 1.0, 0.0), (thud, 0.6, 0.0))), 0.7)


def bell(freq: float, seconds: float, decay: float) -> Signal:
    """A soft bell: a fundamental with two quieter, slightly inharmonic partials."""
    return envelope(mix((sine(freq, seconds), 1.0, 0.0), (sine(freq * 2.01, seconds), 0.35, 0.0),
                        (sine(freq * 3.02, seconds), 0.12, 0.0)), 0.004, decay)


def halftime(rng: random.Random) -> Signal:
    e5, a5 = 659.26, 880.0
    return normalise(fade_out(mix((bell(e5, 0.9, 0.28), 1.0, 0.0), (bell(a5, 1.0, 0.35), 0.9, 0.16)), 0.05), 0.55)


def gameover(rng: random.Random) -> Signal:
    # C major arpeggio up to the octave, then the chord held
    notes = [523.25, 659.26, 783.99, 1046.5]
    parts = [(bell(f, 0.5, 0.16), 0.8, i * 0.11) for i, f in enumerate(notes)]
    start = len(notes) * 0.11 + 0.02
    for f in (523.25, 659.26, 783.99):
        parts.append((bell(f, 1.1, 0.45), 0.5, start))
    return normalise(fade_out(mix(*parts), 0.08), 0.6)


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "place": place, "slide": slide, "draw": draw, "click": click,
    "refuse": refuse, "halftime": halftime, "gameover": gameover,
}


def write_wav(path: Path, sig: Signal) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(x * 32767)))) for x in sig)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main() -> None:
    for i, (name, make) in enumerate(SOUNDS.items()):
        path = HERE / f"{name}.wav"
        write_wav(path, make(random.Random(1000 + i)))
        print(f"{path.name}: {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
