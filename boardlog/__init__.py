"""The top of the house: the `boardlog` command line and the benchmarks.

Nothing below imports this package: the engine, the projections and the
viewer know nothing of the command line that serves, plays and measures
them.
"""
