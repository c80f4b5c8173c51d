"""Tests a die decides: roll against a number.

Mansions of Madness, both in its puzzle and in its story, tests an
investigator by rolling one ten-sided die against a number: at or under
it passes, and whatever the number a 1 always passes and a 10 always
fails.  The games name the rule each outcome cites; the kit only says
which outcome it is.

>>> d10_test(4, 5), d10_test(6, 5)
('pass', 'fail')
>>> d10_test(1, 0), d10_test(10, 12)
('natural-1', 'natural-10')
>>> passed("natural-1"), passed("fail")
(True, False)
"""

from __future__ import annotations

from typing import Literal

Outcome = Literal["pass", "fail", "natural-1", "natural-10"]


def d10_test(roll: int, number: int) -> Outcome:
    """The outcome of a d10 roll against `number`."""
    if roll == 1:
        return "natural-1"
    if roll == 10:
        return "natural-10"
    return "pass" if roll <= number else "fail"


def passed(outcome: Outcome) -> bool:
    return outcome in ("pass", "natural-1")
