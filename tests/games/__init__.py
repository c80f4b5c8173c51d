"""Test-only games (not registered for users): see `duel`."""
