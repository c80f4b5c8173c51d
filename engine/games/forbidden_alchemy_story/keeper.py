"""The keeper: the #1 story choice, the guards of his turn, his Keeper Action
cards (Creature of Night and the monsters it moves, escaping ones included;
the expansion's Take Sample, Dark Summons, a byakhee's special attack;
Crawling Hand and Mutation tokens, Darkness, the R cards) and monster
attacks.  His other cards are `keeper_cards.py`'s, the end of his turn
`event_cards.py`'s.  Each command is a guard `decide` and `legal_commands`
both call, and the facts it causes.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event, evolved

from . import board
from . import events as ev
from . import play_events as play
from .combat import draw_monster_card, examine, horror_checks, is_byakhee
from .pieces import ACTIVE, CHOOSE, KEEPER, Story
from .resolve import Resolution, done, end_story, harm, roll_test, tested

# ---- the #1 story choice ---------------------------------------------------------------------
# The rule the deal of the Exploration cards cites: the Keeper Guide's Seed Cards
# section as the errata correct it, for the stories whose errata do.
SEED_CARDS = {
    "2": "forbidden_alchemy_story.errata.seed-cards",
    "3": "forbidden_alchemy_story.errata.seed-cards-4b",
}


def check_choose(s: Story, choice: str) -> None:
    if s.phase != CHOOSE:
        raise RuleViolation(
            "forbidden_alchemy_story.choice.once", "the #1 story choice is made once, before play"
        )
    if choice not in s.objectives:
        raise RuleViolation(
            "forbidden_alchemy_story.choice.known",
            f"choose one of {', '.join(sorted(s.objectives))}",
        )


def choose(s: Story, choice: str, step: int) -> list[Event]:
    check_choose(s, choice)
    objective = s.objectives[choice]
    res = Resolution(s)
    res.add(
        ev.StoryChoiceMade(
            rule="forbidden_alchemy_story.choice.make",
            step=step,
            choice=choice,
            objective=objective,
        ),
        ev.ExplorationCardsPlaced(
            rule=SEED_CARDS.get(s.story, "forbidden_alchemy_story.choice.exploration"),
            rooms=objective["exploration"],
        ),
    )
    return done(res)


# ---- guards ----------------------------------------------------------------------------------
def require_keeper_turn(s: Story) -> None:
    if s.phase != KEEPER:
        raise RuleViolation("forbidden_alchemy_story.keeper.turn", "it is not the keeper's turn")
    if s.question is not None:
        raise RuleViolation(
            "forbidden_alchemy_story.turn.pending", "a byakhee's question waits for its answer"
        )
    if s.placing:
        raise RuleViolation("forbidden_alchemy_story.errata.pet", f"place {s.placing[0]} first")


def require_threat(s: Story, cost: int) -> None:
    if s.threat < cost:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.threat-cost",
            f"it costs {cost} threat; the keeper has {s.threat}",
        )


def target_in_house(s: Story, seat: str) -> None:
    inv = s.investigators.get(seat)
    if inv is None or inv.status != ACTIVE:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.target", f"{seat} is not an investigator in the house"
        )


def target_for_action(s: Story, seat: str) -> None:
    """A Keeper Action may not choose a hiding investigator ("Hiding")."""
    target_in_house(s, seat)
    inv = s.investigators[seat]
    if inv.hidden:
        raise RuleViolation(
            "forbidden_alchemy_story.hiding.not-a-target",
            f"{inv.name} is hiding: no Keeper Action may target them",
        )


def placed(s: Story, monster: str):
    m = s.monsters.get(monster)
    if m is None or m.space is None:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.monster", f"no monster {monster!r} on the map"
        )
    return m


# ---- Keeper Action cards ---------------------------------------------------------------------
MAX_REACH = 3  # the farthest any monster moves with one Creature of Night (West)
# How many targets a card of each effect names (one, else): a monster and its path, a
# monster and a space, a byakhee and an investigator.
TARGETS = {"move-monster": (2, 2 + MAX_REACH), "summon": (2,), "special-attack": (2,)}


def check_keeper_action(s: Story, card: str, targets: tuple[str, ...]) -> None:
    check_action_card(s, card)
    check_action_targets(s, card, targets)


def check_action_card(s: Story, card: str) -> None:
    """The card itself: the keeper's turn, a card he has, not used yet, affordable."""
    require_keeper_turn(s)
    if card not in s.actions:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.action-unknown", f"no Keeper Action card {card!r}"
        )
    name, cost = s.actions[card].name, s.actions[card].cost
    if card in s.used:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.action-once", f"{name} was already used this turn"
        )
    require_threat(s, cost)


def check_action_targets(s: Story, card: str, targets: tuple[str, ...]) -> None:
    """What the card names: as many targets as it takes, each its effect allows."""
    name, effect = s.actions[card].name, s.actions[card].effect
    wants = TARGETS.get(effect, (1,))
    if not wants[0] <= len(targets) <= wants[-1]:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.action-targets", f"{name} takes {wants[0]} target(s)"
        )
    check, _ = ACTION_EFFECTS[effect]
    check(s, *targets)


def keeper_action(s: Story, card: str, targets: tuple[str, ...], dice) -> list[Event]:
    check_keeper_action(s, card, targets)
    cost, effect = s.actions[card].cost, s.actions[card].effect
    _, resolve = ACTION_EFFECTS[effect]
    res = Resolution(s)
    res.add(
        play.KeeperActionPlayed(rule="forbidden_alchemy_story.keeper.action", card=card, cost=cost)
    )
    if resolve is None:
        _harm_target(res, card, *targets)
    else:
        resolve(res, dice, *targets)
    return done(res)


def _check_move(s: Story, monster: str, *path: str) -> None:
    m = placed(s, monster)
    if len(path) > m.moves:
        rule = (
            "forbidden_alchemy_story.errata.west-moves"
            if m.moves > 1
            else "forbidden_alchemy_story.keeper.creature-of-night"
        )
        raise RuleViolation(rule, f"{monster} moves at most {m.moves} space(s)")
    here = m.space
    for n, space in enumerate(path, 1):
        if space == ESCAPE:
            _check_monster_escape(s, m, here, last=n == len(path))
            continue
        kind = board.link(s, here, space)
        if kind is None:
            raise RuleViolation(
                "forbidden_alchemy_story.keeper.monster-move", f"{space} is not next to {here}"
            )
        if kind == "impassable" and not s.kinds[m.kind].flying:
            raise RuleViolation(
                "forbidden_alchemy_story.border.impassable",
                f"{monster} does not fly over the impassable border",
            )
        if board.barred(s, evolved(m, space=here), space):
            raise RuleViolation(
                "forbidden_alchemy_story.errata.pet-lock",
                f"{m.name or monster} cannot enter a room with a Lock card",
            )
        here = space


def _move_monster(res: Resolution, dice, monster: str, *path: str) -> None:
    """One space at a time; entering a room with investigators calls their horror checks."""
    for space in path:
        s = res.state
        if res.over or s.monsters[monster].space is None:
            return
        origin = s.monsters[monster].space
        if space == ESCAPE:
            _monster_escapes(res, monster, origin)
            return
        crossing = board.link(s, origin, space) == "impassable"
        rule = (
            "forbidden_alchemy_story.border.flying"
            if crossing
            else "forbidden_alchemy_story.keeper.creature-of-night"
        )
        if len(path) > 1:
            rule = "forbidden_alchemy_story.errata.west-moves"
        res.add(play.MonsterMoved(rule=rule, monster=monster, origin=origin, to=space))
        room = board.room(s, space)
        if room != board.room(s, origin):
            horror_checks(res, dice, room)


ESCAPE = "escape"  # the last step of a monster's path: across the outer edge


def monster_may_escape(s: Story, m, here: str) -> bool:
    """The keeper's objective says a monster must escape from a room, and `here`
    lies on that room's outer edge (one touching no other room)."""
    win = (s.objective or {}).get("keeper_win", {})
    if win.get("kind") != "monster-escape" or s.phase == CHOOSE:
        return False
    if win.get("monster") and s.monsters[m.id].kind != win["monster"]:
        return False
    return board.room(s, here) == win["room"] and here in s.rooms[win["room"]]["edge"]


def _check_monster_escape(s: Story, m, here: str, last: bool) -> None:
    if (s.objective or {}).get("keeper_win", {}).get("kind") != "monster-escape":
        raise RuleViolation(
            "forbidden_alchemy_story.escape.objective",
            "the keeper's objective does not call for a monster to escape",
        )
    if not last or not monster_may_escape(s, m, here):
        raise RuleViolation(
            "forbidden_alchemy_story.escape.edge",
            f"{m.id} is not on the outer edge of the room it must escape from",
        )


def _monster_escapes(res: Resolution, monster: str, here: str) -> None:
    room = board.room(res.state, here)
    res.add(
        play.MonsterEscaped(
            rule="forbidden_alchemy_story.escape.monster", monster=monster, space=here, room=room
        )
    )
    end_story(
        res,
        "keeper",
        f"{monster} escaped from the {res.state.rooms[room]['name']}",
        "forbidden_alchemy_story.objective.monster-escape-win",
    )


def _check_sample(s: Story, seat: str) -> None:
    target_for_action(s, seat)
    if not board.monsters_in_space(s, s.investigators[seat].space):
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.sample-target", f"no monster shares {seat}'s space"
        )


def _take_sample(res: Resolution, dice, seat: str) -> None:
    harm(res, seat, "damage", 1, "forbidden_alchemy_story.keeper.take-sample")


def _check_summon(s: Story, monster: str, space: str) -> None:
    check_summoned(s, monster)
    if space not in s.room_of:
        raise RuleViolation("forbidden_alchemy_story.keeper.summon-space", f"no space {space!r}")
    if space in board.occupied(s):
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.summon-space", f"an investigator stands in {space}"
        )


def check_summoned(s: Story, monster: str) -> None:
    """Dark Summons brings a monster waiting off the map (not killed, not escaped)."""
    m = s.monsters.get(monster)
    if m is None or m.space is not None or m.dead or m.escaped:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.summon-monster",
            f"{monster!r} is not waiting off the map",
        )


def _summon(res: Resolution, dice, monster: str, space: str) -> None:
    res.add(
        ev.MonsterPlaced(
            rule="forbidden_alchemy_story.keeper.dark-summons", monster=monster, space=space
        )
    )
    horror_checks(res, dice, board.room(res.state, space))


def _check_screech(s: Story, monster: str, seat: str) -> None:
    check_screecher(s, monster)
    m = s.monsters[monster]
    target_for_action(s, seat)
    if s.investigators[seat].space != m.space:
        raise RuleViolation(
            "forbidden_alchemy_story.byakhee.special", f"{seat} is not in {monster}'s space"
        )


def check_screecher(s: Story, monster: str) -> None:
    """A byakhee's special attack is made by a byakhee on the map."""
    placed(s, monster)
    if not is_byakhee(s, monster):
        raise RuleViolation(
            "forbidden_alchemy_story.byakhee.special", f"{monster} is not a byakhee"
        )


def _screech(res: Resolution, dice, monster: str, seat: str) -> None:
    # The question is read aloud; the results stay on the token until answered.
    question = res.state.tokens[monster]["question"]
    res.add(
        play.ByakheeQuestionAsked(
            rule="forbidden_alchemy_story.byakhee.question",
            monster=monster,
            seat=seat,
            question=question,
        )
    )


def _check_fire(s: Story, room: str) -> None:
    if room not in s.rooms or room in s.fire:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.kindle",
            f"{room!r} is not a room that is not yet burning",
        )


def _kindle(res: Resolution, dice, room: str) -> None:
    res.add(play.RoomSetOnFire(rule="forbidden_alchemy_story.keeper.kindle", room=room))


def _check_harm(s: Story, seat: str) -> None:
    target_for_action(s, seat)


def _harm_target(res: Resolution, card: str, seat: str) -> None:
    """A Keeper Action whose face says what the investigator suffers (the R cards, ours)."""
    kind, amount = res.state.actions[card].harm
    harm(res, seat, kind, amount, "forbidden_alchemy_story.keeper.harm")


def _check_dark(s: Story, room: str) -> None:
    if room not in s.rooms or room in s.dark:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.darkness", f"{room!r} is not a room still lit"
        )


def _darken(res: Resolution, dice, room: str) -> None:
    res.add(play.RoomDarkened(rule="forbidden_alchemy_story.keeper.darkness", room=room))


def _check_hand(s: Story, seat: str) -> None:
    target_for_action(s, seat)
    if not s.supply.get("crawling-hand"):
        raise RuleViolation(
            "forbidden_alchemy_story.tokens.supply", "all six Crawling Hand tokens are in play"
        )


def _crawling_hand(res: Resolution, dice, seat: str) -> None:
    res.add(
        play.TokenPlaced(
            rule="forbidden_alchemy_story.keeper.crawling-hands", token="crawling-hand", seat=seat
        )
    )


def _check_mutate(s: Story, target: str) -> None:
    """A Mutation token grows on "an investigator, monster, or corpse" (Component
    Breakdown): one who has suffered damage (ours), whichever of the three."""
    if target in s.investigators:
        target_for_action(s, target)
        if not s.investigators[target].damage:
            raise RuleViolation(
                "forbidden_alchemy_story.keeper.mutation", f"{target} has suffered no damage"
            )
    elif target in s.monsters:
        m = s.monsters[target]
        if m.dead and m.corpse is None or not m.dead and m.space is None:
            raise RuleViolation(
                "forbidden_alchemy_story.keeper.mutation",
                f"{target} is neither on the map nor a corpse on it",
            )
        if not m.dead and not m.wounds:
            raise RuleViolation(
                "forbidden_alchemy_story.keeper.mutation", f"{target} has suffered no damage"
            )
    else:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.mutation",
            f"no investigator, monster or corpse {target!r}",
        )
    if not s.supply.get("mutation"):
        raise RuleViolation(
            "forbidden_alchemy_story.tokens.supply", "all ten Mutation tokens are in play"
        )


def _mutate(res: Resolution, dice, target: str) -> None:
    rule = "forbidden_alchemy_story.keeper.mutation"
    if target in res.state.investigators:
        res.add(play.TokenPlaced(rule=rule, token="mutation", seat=target))
    else:
        corpse = res.state.monsters[target].dead
        res.add(play.MutationTokenPlaced(rule=rule, monster=target, corpse=corpse))


def _check_bloom(s: Story, seat: str) -> None:
    target_for_action(s, seat)
    if not board.growths(s, seat):
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.writhing-growths",
            f"no Mutation token on {seat} nor on a monster or corpse in his space",
        )


def _bloom(res: Resolution, dice, seat: str) -> None:
    count = board.growths(res.state, seat)
    harm(res, seat, "damage", count, "forbidden_alchemy_story.keeper.writhing-growths")


ACTION_EFFECTS = {
    "harm": (_check_harm, None),  # resolved with its card's face (`_harm_target`)
    "darkness": (_check_dark, _darken),
    "crawling-hands": (_check_hand, _crawling_hand),
    "mutate": (_check_mutate, _mutate),
    "bloom": (_check_bloom, _bloom),
    "fire": (_check_fire, _kindle),
    "move-monster": (_check_move, _move_monster),
    "sample": (_check_sample, _take_sample),
    "summon": (_check_summon, _summon),
    "special-attack": (_check_screech, _screech),
}


# ---- monster attacks -------------------------------------------------------------------------
def check_monster_attack(s: Story, monster: str, seat: str) -> None:
    check_attacker(s, monster)
    m = s.monsters[monster]
    inv = s.investigators.get(seat)
    if inv is None or inv.status != ACTIVE or inv.space != m.space:
        raise RuleViolation(
            "forbidden_alchemy_story.monster.reach", f"{seat} is not in {monster}'s space"
        )
    if inv.hidden:
        raise RuleViolation("forbidden_alchemy_story.monster.hidden", f"{inv.name} is hiding")


def check_attacker(s: Story, monster: str) -> None:
    """In the keeper's turn, a monster on the map that has not attacked yet."""
    require_keeper_turn(s)
    placed(s, monster)
    if "attack:" + monster in s.used:
        raise RuleViolation(
            "forbidden_alchemy_story.monster.once", f"{monster} has already attacked this turn"
        )


def monster_attack(s: Story, monster: str, seat: str, dice) -> list[Event]:
    check_monster_attack(s, monster, seat)
    m, inv = s.monsters[monster], s.investigators[seat]
    res = Resolution(s)
    res.add(
        play.MonsterAttacked(
            rule="forbidden_alchemy_story.monster.attack", monster=monster, seat=seat
        )
    )
    deck = s.kinds[m.kind].deck
    card = draw_monster_card(res, dice, deck, monster)
    attack = s.cards[card]["monster"]
    number = tested(res, seat, attack["test"], inv.attributes[attack["test"]])
    passed = roll_test(
        res,
        dice,
        seat,
        attack["test"],
        number,
        (
            "forbidden_alchemy_story.monster.evade.pass",
            "forbidden_alchemy_story.monster.evade.fail",
        ),
    )
    for effect, amount in attack["pass" if passed else "fail"]:
        if effect == "damage":
            examine(res, monster, seat)
            amount = s.tokens[monster]["damage"] if amount == "token" else amount
        harm(res, seat, effect, amount, "forbidden_alchemy_story.monster.damage")
    res.add(
        play.CombatCardDiscarded(
            rule="forbidden_alchemy_story.combat.discard", deck=deck, card=card
        )
    )
    return done(res)
