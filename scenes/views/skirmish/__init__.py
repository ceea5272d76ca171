"""If Worlds Collide's table: a top-down miniatures table in inches (see `view`)."""
