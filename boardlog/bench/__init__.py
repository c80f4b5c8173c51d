"""`boardlog bench`: the figures that matter, each beside a baseline
measured in the same run (engine.py: storage and reads; games.py: each
game; viewer.py: the pages; load.py: several servers under bot players
and spectators)."""
