"""The skirmish's computer player (issue 13, the AI stage).

Modules, one job each (the design is in docs/architecture.md, "The skirmish's computer player"):
- `odds`: what a model is worth and what an attack is worth, from `attacks.py`'s exact dice odds;
- `sightings`: the engine's sight shares for many pairs at once, cached within one decision;
- `evaluate`: a side's position in one number (material, score, objectives, threats);
- `spots`: a small set of legal destinations per model, derived from the table's geometry;
- `tactics`: whether to declare a tactic, and whether a failed die is worth a point to re-roll;
- `policy`: choices inside an activation (where to move, whom to attack), deployments, tokens;
- `search`: whole activations scored one ply ahead, then sampled with the dice as chance;
- `agent`: the agent answering the table with plans, its levels and budgets, the manifest's hooks.
"""
