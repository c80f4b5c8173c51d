"""Rule references: a stable rule id resolves to a rulebook section and
an explanation written for this project (never the rulebook's own words)."""

from __future__ import annotations

from .frozen import frozen_dataclass


@frozen_dataclass(slots=True)
class RuleRef:
    """One rule: where the rulebook states it and what it means for play."""

    id: str
    section: str
    explanation: str


class RuleBook:
    """The rule-reference table of one game (plus the engine's own rules)."""

    def __init__(self, *refs: RuleRef):
        self._refs: dict[str, RuleRef] = {}
        for ref in refs:
            if ref.id in self._refs:
                raise ValueError(f"rule id {ref.id!r} is listed twice")
            self._refs[ref.id] = ref

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._refs

    def __getitem__(self, rule_id: str) -> RuleRef:
        return self._refs[rule_id]

    def __iter__(self):
        return iter(self._refs.values())

    def __len__(self) -> int:
        return len(self._refs)

    def get(self, rule_id: str) -> RuleRef | None:
        return self._refs.get(rule_id)

    def __add__(self, other: RuleBook) -> RuleBook:
        return RuleBook(*self, *other)


def table(section: str, rules: dict[str, str]) -> list[RuleRef]:
    """One rulebook section's refs, written with their ids as they appear in
    the code that raises or cites them (so `grep` finds both ends).

    >>> [r.id for r in table("Undo", {"core.undo-stack": "..."})]
    ['core.undo-stack']
    """
    return [RuleRef(rule_id, section, text) for rule_id, text in rules.items()]


def keyword_table(section: str, **rules: str) -> list[RuleRef]:
    """The older spelling, kept while games move to `table`: `__` in a
    keyword becomes `.`, `_` a `-` (ids cannot be grepped this way).

    >>> [r.id for r in keyword_table("Undo", core__undo_stack="...")]
    ['core.undo-stack']
    """
    return [
        RuleRef(key.replace("__", ".").replace("_", "-"), section, text)
        for key, text in rules.items()
    ]


# The engine's own rules: they hold in every game.
CORE_RULES = RuleBook(
    RuleRef("core.setup", "boardlog: setup", "A new game records its kind, seed, options and seats, then the setup facts."),
    RuleRef("core.command", "boardlog: commands", "A seat issued a command; the facts that follow are what it caused."),
    RuleRef("core.notation", "boardlog: commands", "The command text could not be read as any command this game knows."),
    RuleRef("core.seat", "boardlog: seats", "Only the game's seats may act, and only through their own seat."),
    RuleRef("core.turn", "boardlog: turns", "A seat may act only when the game allows it: in its own turn, or out of turn when the game opens a reaction or asks it a question."),
    RuleRef("core.system", "boardlog: automated turns", "Automated turns (a boss, the tide, the Homunculus) are the system seat's; the engine issues them itself, each a commit point, and nobody may act for it."),
    RuleRef("core.secret", "boardlog: secret commands", "A secret command is shown only to its own seat until a fact reveals it to everyone."),
    RuleRef("core.secret.revealed", "boardlog: secret commands", "Secret commands made earlier are now shown to every seat (simultaneous choices revealed together)."),
    RuleRef("core.prompt", "boardlog: prompts", "The game asked a seat a question in the middle of a resolution; only an answer among its choices goes on."),
    RuleRef("core.deadline", "boardlog: deadlines", "A time limit recorded as a fact; once it passes, the system seat enforces it the next time anyone acts or looks."),
    RuleRef("core.position", "boardlog: positions", "The game starts from a position written out in full (docs/positions.md) instead of its setup; its seed decides the dice from there on."),
    RuleRef("core.game-over", "boardlog: end of game", "Once a game is over no further command is accepted."),
    RuleRef("core.undo", "boardlog: undo", "The seat took back its latest command; the state is exactly what it was before it."),
    RuleRef("core.undo.commit-point", "boardlog: undo", "A command that drew randomness or revealed hidden information cannot be taken back, nor anything before it."),
    RuleRef("core.undo.nothing", "boardlog: undo", "There is no command of this seat that may be taken back now."),
    RuleRef("core.redo", "boardlog: redo", "The seat re-applied a command it had undone, with the very same recorded facts."),
    RuleRef("core.redo.nothing", "boardlog: redo", "Nothing undone by this seat is waiting to be redone; a new command clears the redo list."),
)
