"""The Cosmos table view (see view.py)."""
