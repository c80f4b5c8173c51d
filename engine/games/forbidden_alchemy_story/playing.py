"""What the story game offers the search (analysis/search.py): the bot that
plays its lines.

The greedy investigator attacks whatever monster shares his room, and the
keeper's monsters win that war of attrition: played by greedy, the lines
end lost whatever the first command was, and tell the search nothing.  The
cautious investigator (bots.py) leaves the fights alone and explores; his
lines end won often enough to tell a good command from a bad one.  The
keeper plays his greedy plan in both (the same as the greedy bot's).
"""

from __future__ import annotations

from .bots import cautious_bot

ROLLOUT_BOT = cautious_bot
