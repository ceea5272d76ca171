"""Cosmos (Board&Dice's Entropy: solar systems, a double rondel and life cards): the engine."""
