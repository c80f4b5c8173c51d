"""The kit: game-agnostic pieces that several games share.

Hex and square grids with a text notation, decks, turn orders and rounds,
content loading and test helpers.  The kit knows nothing of events, seats,
stores or the engine core, and imports none of them: games import the
kit, the core never does.  See docs/kit.md.
"""
