"""The Order & Chaos table view (`view.VIEW`, named by the game's manifest) and its art."""
