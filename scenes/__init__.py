"""Everything that draws or listens to the mouse: pygame-ce and pygame-gui live here only."""
