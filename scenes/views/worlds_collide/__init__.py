"""The Worlds Collide table view (`view.VIEW`, named by the game's manifest) and its card art."""
