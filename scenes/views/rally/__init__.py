"""The Entropy Rally table view (`view.VIEW`, named by the game's manifest) and its parts: the
layout, the art (tiles and ships, cards, the entropy bar, badges, icons), the dock (planning),
the split panel (controls), the chaos playback (animation) and the words (text)."""
