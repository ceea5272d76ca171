"""One player's area: the console (resources, Generator, Creation tokens, Focus cards, missions),
the Solar Systems (star, planets with asteroids, Biome, life cards and lifeform counts) and the
hand. Drawn into the static layer; returns the `Spot`s drawn. Another seat's hand and missions
are drawn as what the backs show (counts by life type), and so is the viewer's own while the
hot-seat screen is shared (`private`)."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.protocol import Target
from game.cosmos.content import LIFEFORMS, TOKENS, Content
from game.cosmos.public import LYING, STANDING, MissionCheck
from scenes.sprites.text import TextCache
from scenes.views.cosmos import art
from scenes.views.cosmos import text as T
from scenes.views.cosmos.art import ROLES, Spot
from scenes.views.cosmos.board import life_wordings

ROOMY_COLUMN = 80
"""A Solar System's column at least this wide keeps the new system's column as wide as its own;
narrower (many systems, 1024x640), the new system is a slim upright strip."""


def draw_console(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, view: dict[str, Any], c: Content,
                 seat: int, checks: list[MissionCheck] | None, score: int, font: int) -> list[Spot]:
    """`checks`: the seat's own missions checked (None: hidden, only their number is drawn)."""
    spots: list[Spot] = []
    p = view["players"][seat]
    colour = art.SEATS[seat]
    pygame.draw.rect(surface, art.BOARD, rect, border_radius=8)
    pygame.draw.rect(surface, colour, rect, width=2, border_radius=8)
    small = max(art.MIN_TEXT, font - 2)
    line = text.font(font).get_linesize()
    x, y = rect.x + 8, rect.y + 4
    head = next((w for w in T.score_wordings(ROLES[seat], score) if text.font(font, "bold").size(w)[0] <= rect.width - 16),
                T.score_wordings(ROLES[seat], score)[-1])
    text.blit(surface, head, font, colour, "bold", topleft=(x, y))
    spots.append(Spot(pygame.Rect(x, y, rect.width - 16, line), None,
                      [f"{ROLES[seat]}'s console", T.score_meaning(score)]))
    y += line + 2
    w = (rect.width - 16) // 4
    for i, what in enumerate(("energy", "mass", "entropy", "vp")):
        cell = pygame.Rect(x + i * w, y, w - 4, line + 2)
        pygame.draw.rect(surface, art.shade(art.RESOURCE[what], 0.35), cell, border_radius=5)
        words = next((w for w in (f"{p[what]} {T.GAIN_WORDS[what]}", T.gain_short(what, p[what]))
                      if not art.label_overflow(text, cell, w, small, "bold")), T.gain_short(what, p[what]))
        art.label(surface, text, cell, words, small, art.RESOURCE[what], "bold")
        extra = {"entropy": ["Entropy exchange in the Action step: 2 entropy -> 1 energy or 1 mass "
                             "(click the buttons below)"],
                 "vp": [f"The score if the game ended now ({score} VP, above) adds the objectives, the "
                        "lifeform tiles and 1 VP per 4 leftover cards and resources"]}
        title = f"VP won in play: {p[what]}" if what == "vp" else f"{what.capitalize()}: {p[what]}"
        spots.append(Spot(cell, None, [title] + extra.get(what, [])))
    y += line + 6
    stars = c.n("generator_stars")
    gen = int(p["generator"])
    discount = stars[min(gen, len(stars) - 1)]
    gen_rect = pygame.Rect(x, y, rect.width - 16, line)
    last = len(stars) - 1
    gen_words = next((w for w in (f"Generator step {gen} of {last}: {discount} star{'s' * (discount != 1)} cheaper",
                                  f"Generator {gen} of {last}: {discount} star{'s' * (discount != 1)} cheaper",
                                  f"{T.g('generator')} {gen} of {last}: {discount}{T.g('activate')} cheaper")
                      if not art.label_overflow(text, gen_rect, w, small)),
                     f"{T.g('generator')} {gen} of {last}: {discount}{T.g('activate')} cheaper")
    art.label(surface, text, gen_rect, gen_words, small, art.INK, align="left")
    spots.append(Spot(gen_rect, None, [f"Generator at {gen}", f"Activate Stars (from its space): {discount} stars "
                                       f"cost {c.n('generator_discount')} entropy less",
                                       "Primordial Soup advances it (VP on the last three spaces)"]))
    y += line + 2
    for i, r in enumerate(("energy", "mass")):
        cell = pygame.Rect(x + i * (rect.width - 16) // 2, y, (rect.width - 16) // 2 - 4, line + 2)
        pygame.draw.rect(surface, art.TILE, cell, border_radius=5)
        pygame.draw.rect(surface, art.TILE_EDGE, cell, width=1, border_radius=5)
        trade = next((w for w in (f"2 entropy \u2192 1 {r}", f"2{T.g('entropy')} \u2192 1 {r}",
                                  f"2{T.g('entropy')} \u2192 1{T.g(r)}")
                      if not art.label_overflow(text, cell, w, small)), f"2{T.g('entropy')}\u21921{T.g(r)}")
        art.label(surface, text, cell, trade, small, art.DIM)
        spots.append(Spot(cell, Target("exchange", ident=r),
                          [f"Entropy exchange: pay 2 entropy for 1 {r}", "Any number of times in the Action step"]))
    y += line + 8
    # Creation tokens, each named beside its disc when the four names fit side by side
    rad = max(7, line // 2)
    locked = bool(p["wild_locked"])
    names = [T.TOKEN_NAMES[TOKENS[t]] for t in range(len(TOKENS))]
    if locked:
        names[3] += " locked"
    face = text.font(small)
    room = rect.width - 16 - 4 * (2 * rad + 3)
    gap = (room - sum(face.size(n)[0] for n in names)) // 3
    named = gap >= 4
    if not named and locked:  # letters only, but the Wild token still says it is locked
        names = ["", "", "", "locked"]
    cx = x + rad
    for t in range(len(TOKENS)):
        where = int(p["tokens"][t])
        width = 2 * rad + 3 + face.size(names[t])[0] if named else (rect.width - 16) // 4 - 2
        cell = pygame.Rect(cx - rad, y, width, 2 * rad)
        if where == STANDING:
            state = "standing (ready)"
            art.disc(surface, (cx, y + rad), rad, colour)
        elif where == LYING:
            state = "lying (retrieved this turn)"
            art.disc(surface, (cx, y + rad), rad, colour, lying=True)
        else:
            action = str(c.n("inner_actions")[where])
            state = f"on the {T.ACTION_NAMES.get(action, action)} space"
            pygame.draw.circle(surface, art.DIM, (cx, y + rad), rad, width=1)
        letter = TOKENS[t][0].upper()
        text.blit(surface, letter, small, (20, 20, 26) if where == STANDING else art.INK, "bold", center=(cx, y + rad))
        if names[t]:
            ink = art.BAD if t == 3 and locked else art.DIM
            text.blit(surface, names[t], small, ink, midleft=(cx + rad + 3, y + rad))
        spots.append(Spot(cell, None, [f"{T.TOKEN_NAMES[TOKENS[t]]} Creation token: {state}", T.TOKEN_USE] +
                          (["Locked: passing it flips it unlocked"] if t == 3 and locked else [])))
        cx = cell.right + (gap if named else 2) + rad
    y += 2 * rad + 6
    # Focus cards
    fw = (rect.width - 16) // 3
    cards = []
    for k in range(3):
        cell = pygame.Rect(x + k * fw, y, fw - 4, 2 * line + 4)
        tier = int(p["tiers"][k])
        effects = c.focus[p["focus"]][k][tier - 1] if tier else ()
        token = T.TOKEN_NAMES[TOKENS[k]]
        full, short = (T.effect_words(effects), T.short_effect(effects)) if tier else ("no effect", "no effect")
        tiny = T.short_effect(effects, tiny=True) if tier else "none"
        cards.append((cell, tier, [[(f"{token} tier {tier}", art.INK), (full, art.DIM)],
                                   [(f"{token} tier {tier}", art.INK), (short, art.DIM)],
                                   [(f"{token} tier {tier}", art.INK), (tiny, art.DIM)],
                                   [(token, art.INK), (f"tier {tier}: {short}", art.DIM)],
                                   [(token, art.INK), (f"tier {tier}: {tiny}", art.DIM)],
                                   [(token, art.INK), (f"tier {tier}", art.DIM)]]))
    level = art.fit_level(text, [(cell.size, variants, True) for cell, _, variants in cards], small)
    for k, (cell, tier, variants) in enumerate(cards):
        art.tile(surface, text, cell, variants[level], size=small, stripe=art.BRASS if tier else art.DIM)
        spots.append(Spot(cell, Target("focus", ident=str(k)), T.focus_text(c, p["focus"], k, tier)))
    y += 2 * line + 10
    # Missions
    if checks is None:
        n = p["missions"] if isinstance(p["missions"], int) else len(p["missions"])
        art.label(surface, text, pygame.Rect(x, y, rect.width - 16, line), f"{n} mission{'s' * (n != 1)} (hidden)", small,
                  art.DIM, align="left")
        spots.append(Spot(pygame.Rect(x, y, rect.width - 16, line), None, ["Missions in hand are secret"]))
        y += line
    else:
        mission_h = art.tile_height(text, small, 2, striped=False)
        for check in checks:
            cell = pygame.Rect(x, y, rect.width - 16, mission_h)
            if cell.bottom > rect.bottom - 2:
                break
            mark = "met" if check.met else f"{check.have} of {check.need}"
            m = c.missions[check.mission]
            need = T.mission_text(c, check)[1][5:]
            ink = art.GOOD if check.met else art.INK
            lines = art.fit_lines(text, cell.size, [
                [(f"M{check.mission} {mark}: {need}", ink), (f"\u2192 {T.effect_words(m.reward)}", art.DIM)],
                [(f"M{check.mission} {mark}: {need}", ink), (f"\u2192 {T.short_effect(m.reward)}", art.DIM)],
                [(f"M{check.mission} {mark}: {need}", ink), (f"\u2192 {T.short_effect(m.reward, tiny=True)}", art.DIM)],
                # the condition before the reward (play-test at 1024x640: M10 showed only "1 of 3 ->
                # 2 energy/Focus tier", not what to do; the reward is in its hover text)
                [(f"M{check.mission} {mark}: {need}", ink)],
                [(f"M{check.mission} {mark} \u2192 {T.short_effect(m.reward, tiny=True)}", ink)]], small, False)
            art.tile(surface, text, cell, lines, fill=(36, 70, 50) if check.met else art.TILE, size=small)
            spots.append(Spot(cell, Target("mission", ident=str(check.mission)), T.mission_text(c, check)))
            y += mission_h + 3
    done = p["done_missions"]
    if done and y + line < rect.bottom:
        text.blit(surface, "Done: " + " ".join(f"M{m}" for m in done), small, art.DIM, topleft=(x, y))
    return spots


def draw_systems(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, view: dict[str, Any], c: Content,
                 seat: int, mine: bool, font: int, used: tuple[int, ...] = ()) -> list[Spot]:
    """`used`: the systems whose stars the Activate Stars action under way has activated."""
    spots: list[Spot] = []
    p = view["players"][seat]
    systems = p["systems"]
    pygame.draw.rect(surface, art.BOARD, rect, border_radius=8)
    small = max(art.MIN_TEXT, font - 2)
    extra = mine and int(view["systems_left"]) > 0
    columns = max(3, len(systems) + int(extra))
    w = rect.width // columns
    new_w = w
    if extra and w < ROOMY_COLUMN:  # crowded: the new system's drop column gives its width to the systems
        new_w = text.font(small, "bold").get_linesize() + 10
        w = (rect.width - new_w) // max(3, len(systems))
    star_h = art.tile_height(text, small, 3, striped=False) + 2
    slot_h = (rect.height - star_h - 18) // 2
    for si, sy in enumerate(systems):
        col = pygame.Rect(rect.x + si * w + 3, rect.y + 3, w - 6, rect.height - 6)
        pygame.draw.rect(surface, art.shade(art.BOARD, 1.25), col, border_radius=8)
        star_rect = pygame.Rect(col.x + 3, col.y + 3, col.width - 6, star_h)
        star = str(sy["star"])
        if star:
            st = c.stars[star]
            done = si in used
            last = ("activated", art.GOOD) if done else (" ".join(st.icons), art.DIM)
            last = ("activated", art.GOOD) if done else (T.icons_named(st.icons), art.DIM)
            icons_only = ("activated", art.GOOD) if done else (T.icons_short(st.icons), art.DIM)
            ent = T.g("entropy")
            lines = art.fit_lines(text, star_rect.size, [
                [(f"Star {star}, tier {st.tier}", art.INK), (f"{st.cost} entropy \u2192 {T.effect_words(st.effect)}", art.DIM),
                 last],
                [(f"Star {star}, tier {st.tier}", art.INK), (f"{st.cost}{ent} \u2192 {T.short_effect(st.effect)}", art.DIM),
                 last],
                [(f"Star {star} tier {st.tier}", art.INK), (f"{st.cost}{ent} \u2192 {T.short_effect(st.effect)}", art.DIM),
                 icons_only],
                [(f"{star} tier {st.tier}", art.INK), (f"{st.cost}{ent}\u2192{T.short_effect(st.effect, tiny=True)}",
                                                     art.DIM), icons_only],
                [(f"{star} tier {st.tier}", art.INK), (f"{st.cost}{ent}\u2192{T.short_effect(st.effect, tiny=True)}",
                                                     art.DIM)],
                [(star, art.INK), (f"{st.cost}{ent}\u2192{T.short_effect(st.effect, tiny=True)}", art.DIM)],
                [(f"{star} {st.cost}{ent}", art.INK), (f"\u2192 {T.short_effect(st.effect, tiny=True)}", art.DIM)]],
                small, False)
            art.tile(surface, text, star_rect, lines, size=small, fill=(40, 64, 48) if done else (64, 56, 36),
                     edge=art.BRASS)
            spots.append(Spot(star_rect, Target("system", ident=str(si)),
                              [f"System {si + 1}"] + T.star_text(c, star) +
                              ["Click to activate it (when activating); drop a star here to evolve it"]))
        else:
            art.tile(surface, text, star_rect, art.fit_lines(text, star_rect.size, [[(f"System {si + 1}: no star", art.DIM)],
                                                                                    [("no star", art.DIM)]], small, False),
                     size=small)
            spots.append(Spot(star_rect, Target("system", ident=str(si)),
                              [f"System {si + 1} has no star", "Evolve a Star: drop a tier I star here"]))
        for k, sl in enumerate(sy["planets"]):
            cell = pygame.Rect(col.x + 3, star_rect.bottom + 4 + k * (slot_h + 4), col.width - 6, slot_h)
            target = Target("slot", ident=f"{si}:{k}")
            if sl is None:
                pygame.draw.rect(surface, art.shade(art.TILE, 0.8), cell, border_radius=6)
                pygame.draw.rect(surface, art.DIM, cell, width=1, border_radius=6)
                art.label(surface, text, cell.inflate(-6, -4), "empty planet space", small, art.DIM)
                spots.append(Spot(cell, target, [f"System {si + 1}, planet space {k + 1}: empty",
                                                  "Aggregate Planet: drop a planet from the offer here"]))
                continue
            pl = c.planets[int(sl["planet"])]
            ast = [a for a in sl["asteroids"] if a]
            life = T.lifeform_counts(sl["life"]) or "no life"
            kinds = "".join(T.g(c.asteroid_icons.get(a, a)) for a in ast)
            rest = []
            if sl["biome"]:
                done = bool(sl["fulfilled"])
                rest.append((f"Biome B{sl['biome']}{' fulfilled' if done else ''}", art.GOOD if done else art.DIM))
            if sl["cards"]:
                rest.append(("cards " + " ".join(f"L{x}" for x in sl["cards"]), art.DIM))
            lines = art.fit_lines(text, cell.size, [
                [(f"P{pl.id} {pl.type}", art.INK), (life + (f"  asteroids {kinds}" if ast else ""), art.DIM)] + rest,
                [(f"P{pl.id} {pl.type}", art.INK), (life, art.DIM)] + ([(f"asteroids {kinds}", art.DIM)] if ast else []) +
                rest,
                [(f"P{pl.id} {T.g(pl.type)}{pl.type}", art.INK), (life + (f" {kinds}" if ast else ""), art.DIM)] + rest,
                [(f"P{pl.id} {T.g(pl.type)}", art.INK), (life + (f" {kinds}" if ast else ""), art.DIM)] +
                [(w.replace("Biome ", "").replace(" fulfilled", T.g("done")), col) for w, col in rest],
                [(f"P{pl.id} {T.g(pl.type)}", art.INK), (life, art.DIM), (" ".join(_marks(kinds, sl)), art.DIM)],
                [(" ".join([f"P{pl.id}"] + _marks(kinds, sl)[:1]), art.INK), (life, art.DIM),
                 (" ".join(_marks(kinds, sl)[1:]), art.DIM)],
                [(" ".join([f"P{pl.id}"] + _marks(kinds, sl)[:1]), art.INK), (life, art.DIM),
                 (" ".join(_marks(kinds, sl)[1:2]), art.DIM)],
                [(f"P{pl.id}", art.INK), (life, art.DIM), (kinds, art.DIM)]],
                small, True)
            art.tile(surface, text, cell, lines, size=small, stripe=art.CONDITIONS[pl.type])
            tip = [f"System {si + 1}, planet {k + 1}"] + T.planet_text(c, pl.id, cost_side=False)
            tip.append("Lifeforms: " + ", ".join(f"{n} {w}" for n, w in zip(sl["life"], LIFEFORMS)))
            caught = ", ".join(f"space {i + 1}: {a}" for i, a in enumerate(sl["asteroids"]) if a)
            tip.append("Asteroids: " + (caught or "none"))
            if sl["biome"]:
                tip += T.biome_text(c, int(sl["biome"]))
            for card in sl["cards"]:
                tip.append(" / ".join(T.life_text(c, int(card))[:1]))
            spots.append(Spot(cell, target, tip))
    if extra:
        col = pygame.Rect(rect.x + len(systems) * w + 3, rect.y + 3, new_w - 6, rect.height - 6)
        pygame.draw.rect(surface, art.DIM, col, width=1, border_radius=8)
        if new_w < w:
            art.vertical_label(surface, text, col.inflate(-4, -6), "new system", small, art.DIM, "regular")
        else:
            art.label(surface, text, col.inflate(-6, -6), "new system", small, art.DIM)
        spots.append(Spot(col, Target("slot", ident=f"{len(systems)}:0"),
                          [f"A new Solar System ({view['systems_left']} tiles left)",
                           "Drop a planet or a tier I star here to start it"]))
    return spots


def _marks(kinds: str, slot: dict[str, Any]) -> list[str]:
    """A planet's asteroids (their pictograms), Biome and life cards for the narrowest tile
    ("B21" and a tick when fulfilled, "3 cards"; the hover text names them all)."""
    out = [kinds] if kinds else []
    if slot["biome"]:
        tick = T.g("done") if slot["fulfilled"] else ""
        out.append(f"B{slot['biome']}{tick}")
    if slot["cards"]:
        n = len(slot["cards"])
        out.append(f"{n}{T.KEEP}card{'s' * (n != 1)}")
    return out


def draw_hand(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, view: dict[str, Any], c: Content,
              seat: int, shown: bool, font: int) -> list[Spot]:
    """The hand: faces when `shown` (the seat's own, not on a shared screen), else the backs'
    counts by life type."""
    spots: list[Spot] = []
    p = view["players"][seat]
    pygame.draw.rect(surface, art.BOARD, rect, border_radius=8)
    small = max(art.MIN_TEXT, font - 2)
    line = text.font(small).get_linesize()
    hand = p["hand"]
    if not shown or not isinstance(hand, list):
        counts = hand if isinstance(hand, dict) else {t: sum(c.life[x].type == t for x in hand) for t in LIFEFORMS}
        total = sum(counts.values())
        text.blit(surface, f"Hand: {total} life card{'s' * (total != 1)}", font, art.BRASS, "bold",
                  topleft=(rect.x + 6, rect.y + 4))
        for i, t in enumerate(LIFEFORMS):
            cell = pygame.Rect(rect.x + 6, rect.y + 8 + (i + 1) * (line + 6), rect.width - 12, line + 4)
            pygame.draw.rect(surface, art.shade(art.LIFE[t], 0.35), cell, border_radius=5)
            text.blit(surface, f"{counts.get(t, 0)} {t}", small, art.INK, midleft=(cell.x + 6, cell.centery))
        spots.append(Spot(rect, None, ["Life cards in hand are secret: only their backs (life types) show"]))
        return spots
    text.blit(surface, f"Your hand: {len(hand)}", font, art.BRASS, "bold", topleft=(rect.x + 6, rect.y + 4))
    top = rect.y + 8 + text.font(font).get_linesize()
    cols = 2
    cw = (rect.width - 12) // cols
    depth = 3  # lines a card shows: fewer while the whole hand would not fit (every card stays on screen)
    while depth > 1 and cols * ((rect.bottom - 2 - top + 4) // (art.tile_height(text, small, depth) + 4)) < len(hand):
        depth -= 1
    ch = art.tile_height(text, small, depth)
    for i, card in enumerate(hand):
        r, q = divmod(i, cols)
        cell = pygame.Rect(rect.x + 6 + q * cw, top + r * (ch + 4), cw - 4, ch)
        if cell.bottom > rect.bottom - 2:
            text.blit(surface, f"+{len(hand) - i} more", small, art.DIM, bottomright=(rect.right - 6, rect.bottom - 2))
            break
        lc = c.life[int(card)]
        last = T.effect_words(lc.effect) if lc.effect else "no effect"
        variants = life_wordings(lc.id, lc.gain, lc.type, lc.icons, lc.needs, last,
                                 T.short_effect(lc.effect, tiny=True) if lc.effect else "no effect")
        variants.insert(2, variants[1][:2] + [(T.needs_words(lc.needs) or T.short_effect(lc.effect), art.DIM)])
        lines = art.fit_lines(text, cell.size, [v for v in variants if len(v) <= depth] or variants[-1:], small, True)
        art.tile(surface, text, cell, lines, size=small, stripe=art.LIFE[lc.type])
        spots.append(Spot(cell, Target("card", ident=str(card)),
                          T.life_text(c, int(card)) + ["Create Life: drag it onto one of your planets"]))
    return spots
