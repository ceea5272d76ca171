"""If Worlds Collide: a miniatures skirmish on a continuous table measured in inches."""
