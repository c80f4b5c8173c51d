"""Computer analysis of recorded games (issue #23): a game-agnostic search
bot over the game contract, the analysis of a finished game, and a job
queue that keeps the results beside the events as a read model."""
