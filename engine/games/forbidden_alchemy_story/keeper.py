"""The keeper: the #1 story choice, then each keeper turn (threat, Keeper
Action cards, monster attacks, Trauma cards and threat effects, the Event
card at its end)."""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import SecretRevealed, evolved

from . import board
from . import events as ev
from . import play_events as play
from .combat import draw_monster_card, examine, horror_checks, is_byakhee
from .pieces import ACTIVE, CHOOSE, KEEPER, Story
from .resolve import Resolution, eliminate, end_story, hand_over, harm, roll_test, tested


# ---- the #1 story choice ---------------------------------------------------------------------
def choose(s: Story, choice: str, step: int) -> list:
    if s.phase != CHOOSE:
        raise RuleViolation(
            "forbidden_alchemy_story.choice.once", "the #1 story choice is made once, before play"
        )
    if choice not in s.objectives:
        raise RuleViolation(
            "forbidden_alchemy_story.choice.known",
            f"choose one of {', '.join(sorted(s.objectives))}",
        )
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
            rule="forbidden_alchemy_story.choice.exploration", rooms=objective["exploration"]
        ),
    )
    hand_over(res)
    return res.facts


# ---- guards ----------------------------------------------------------------------------------
def _require_keeper_turn(s: Story) -> None:
    if s.phase != KEEPER:
        raise RuleViolation("forbidden_alchemy_story.keeper.turn", "it is not the keeper's turn")
    if s.question is not None:
        raise RuleViolation(
            "forbidden_alchemy_story.turn.pending", "a byakhee's question waits for its answer"
        )
    if s.placing:
        raise RuleViolation("forbidden_alchemy_story.errata.pet", f"place {s.placing[0]} first")


def _require_threat(s: Story, cost: int) -> None:
    if s.threat < cost:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.threat-cost",
            f"it costs {cost} threat; the keeper has {s.threat}",
        )


def _target_in_house(s: Story, seat: str) -> None:
    inv = s.investigators.get(seat)
    if inv is None or inv.status != ACTIVE:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.target", f"{seat} is not an investigator in the house"
        )


def _target(s: Story, seat: str) -> None:
    """A Keeper Action may not choose a hiding investigator ("Hiding")."""
    _target_in_house(s, seat)
    inv = s.investigators[seat]
    if inv.hidden:
        raise RuleViolation(
            "forbidden_alchemy_story.hiding.not-a-target",
            f"{inv.name} is hiding: no Keeper Action may target them",
        )


def _placed(s: Story, monster: str):
    m = s.monsters.get(monster)
    if m is None or m.space is None:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.monster", f"no monster {monster!r} on the map"
        )
    return m


# ---- Keeper Action cards ---------------------------------------------------------------------
MAX_REACH = 3  # the farthest any monster moves with one Creature of Night (West)


def keeper_action(s: Story, card: str, targets: tuple[str, ...], dice) -> list:
    _require_keeper_turn(s)
    if card not in s.actions:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.action-unknown", f"no Keeper Action card {card!r}"
        )
    name, cost, effect = s.actions[card].name, s.actions[card].cost, s.actions[card].effect
    if card in s.used:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.action-once", f"{name} was already used this turn"
        )
    _require_threat(s, cost)
    wants = {"move-monster": (2, 2 + MAX_REACH), "summon": (2,), "special-attack": (2,)}.get(
        effect, (1,)
    )
    if not wants[0] <= len(targets) <= wants[-1]:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.action-targets", f"{name} takes {wants[0]} target(s)"
        )
    res = Resolution(s)
    check, resolve = ACTION_EFFECTS[effect]
    check(s, *targets)
    res.add(
        play.KeeperActionPlayed(rule="forbidden_alchemy_story.keeper.action", card=card, cost=cost)
    )
    if resolve is None:
        _harm_target(res, card, *targets)
    else:
        resolve(res, dice, *targets)
    hand_over(res)
    return res.facts


def _check_move(s: Story, monster: str, *path: str) -> None:
    m = _placed(s, monster)
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


def monster_paths(s: Story, monster: str) -> list[tuple[str, ...]]:
    """Every path a Creature of Night may move `monster` along (1..its reach spaces)."""
    m = s.monsters[monster]
    flying = s.kinds[m.kind].flying
    found: list[tuple[str, ...]] = []
    frontier: list[tuple[str, ...]] = [()]
    for _ in range(m.moves):
        longer = []
        for path in frontier:
            here = path[-1] if path else m.space
            for space, kind in board.links_from(s, here).items():
                if (kind != "impassable" or flying) and not board.barred(
                    s, evolved(m, space=here), space
                ):
                    longer.append((*path, space))
            if monster_may_escape(s, m, here):
                found.append((*path, ESCAPE))
        found += longer
        frontier = longer
    return found


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
    _target(s, seat)
    if not board.monsters_in_space(s, s.investigators[seat].space):
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.sample-target", f"no monster shares {seat}'s space"
        )


def _take_sample(res: Resolution, dice, seat: str) -> None:
    harm(res, seat, "damage", 1, "forbidden_alchemy_story.keeper.take-sample")


def _check_summon(s: Story, monster: str, space: str) -> None:
    m = s.monsters.get(monster)
    if m is None or m.space is not None or m.dead or m.escaped:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.summon-monster",
            f"{monster!r} is not waiting off the map",
        )
    if space not in s.room_of:
        raise RuleViolation("forbidden_alchemy_story.keeper.summon-space", f"no space {space!r}")
    if any(i.space == space for i in s.active()):
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.summon-space", f"an investigator stands in {space}"
        )


def _summon(res: Resolution, dice, monster: str, space: str) -> None:
    res.add(
        ev.MonsterPlaced(
            rule="forbidden_alchemy_story.keeper.dark-summons", monster=monster, space=space
        )
    )
    horror_checks(res, dice, board.room(res.state, space))


def _check_screech(s: Story, monster: str, seat: str) -> None:
    m = _placed(s, monster)
    if not is_byakhee(s, monster):
        raise RuleViolation(
            "forbidden_alchemy_story.byakhee.special", f"{monster} is not a byakhee"
        )
    _target(s, seat)
    if s.investigators[seat].space != m.space:
        raise RuleViolation(
            "forbidden_alchemy_story.byakhee.special", f"{seat} is not in {monster}'s space"
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
    _target(s, seat)


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
    _target(s, seat)
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


def _check_mutate(s: Story, seat: str) -> None:
    _target(s, seat)
    if not s.investigators[seat].damage:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.mutation", f"{seat} has suffered no damage"
        )
    if not s.supply.get("mutation"):
        raise RuleViolation(
            "forbidden_alchemy_story.tokens.supply", "all ten Mutation tokens are in play"
        )


def _mutate(res: Resolution, dice, seat: str) -> None:
    res.add(
        play.TokenPlaced(rule="forbidden_alchemy_story.keeper.mutation", token="mutation", seat=seat)
    )


def _check_bloom(s: Story, seat: str) -> None:
    _target(s, seat)
    if "mutation" not in s.investigators[seat].tokens:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.writhing-growths", f"{seat} has no Mutation token"
        )


def _bloom(res: Resolution, dice, seat: str) -> None:
    count = res.state.investigators[seat].tokens.count("mutation")
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
def monster_attack(s: Story, monster: str, seat: str, dice) -> list:
    _require_keeper_turn(s)
    m = _placed(s, monster)
    if "attack:" + monster in s.used:
        raise RuleViolation(
            "forbidden_alchemy_story.monster.once", f"{monster} has already attacked this turn"
        )
    inv = s.investigators.get(seat)
    if inv is None or inv.status != ACTIVE or inv.space != m.space:
        raise RuleViolation(
            "forbidden_alchemy_story.monster.reach", f"{seat} is not in {monster}'s space"
        )
    if inv.hidden:
        raise RuleViolation("forbidden_alchemy_story.monster.hidden", f"{inv.name} is hiding")
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
        play.CombatCardDiscarded(rule="forbidden_alchemy_story.combat.discard", deck=deck, card=card)
    )
    hand_over(res)
    return res.facts


# ---- Trauma cards and threat effects ---------------------------------------------------------
def play_trauma(s: Story, card: str, seat: str) -> list:
    _require_keeper_turn(s)
    if card not in s.hand:
        raise RuleViolation(
            "forbidden_alchemy_story.trauma.in-hand", f"{card!r} is not in the keeper's hand"
        )
    face = s.trauma_cards[card]
    _require_threat(s, face["cost"])
    inv = s.investigators.get(seat)
    if inv is None or inv.status != ACTIVE:
        raise RuleViolation(
            "forbidden_alchemy_story.keeper.target", f"{seat} is not an investigator in the house"
        )
    suffered = inv.damage if face["kind"] == "physical" else inv.horror
    if suffered < 1:
        raise RuleViolation(
            "forbidden_alchemy_story.trauma.kind",
            f"a {face['kind']} trauma needs an investigator who has "
            f"suffered {'damage' if face['kind'] == 'physical' else 'horror'}",
        )
    res = Resolution(s)
    res.add(
        play.TraumaPlayed(
            rule="forbidden_alchemy_story.trauma.play", card=card, seat=seat, cost=face["cost"]
        )
    )
    effect, amount = face["on_play"]
    harm(res, seat, effect, amount, "forbidden_alchemy_story.trauma.effect")
    if "threat_cost" not in face:
        res.add(play.TraumaDiscarded(rule="forbidden_alchemy_story.trauma.discard", card=card))
    hand_over(res)
    return res.facts


def threat_cards(s: Story) -> dict[str, tuple[str, dict]]:
    """Trauma and Side Effect cards in play that show a threat cost: {card: (seat, face)}."""
    found = {
        card: (seat, s.trauma_cards[card])
        for card, seat in s.trauma_in_play.items()
        if "threat_cost" in s.trauma_cards[card]
    }
    for inv in s.investigators.values():
        for card in inv.side_effects:
            if card in s.side_effect_threats:
                found[card] = (inv.seat, {"title": card, **s.side_effect_threats[card]})
    return found


def threat_effect(s: Story, card: str) -> list:
    _require_keeper_turn(s)
    seat, face = threat_cards(s).get(card, (None, {}))
    if seat is None:
        raise RuleViolation(
            "forbidden_alchemy_story.threat.card", f"no card {card!r} in play has a threat effect"
        )
    if "threat:" + card in s.used:
        raise RuleViolation(
            "forbidden_alchemy_story.threat.once",
            f"{face['title']}'s threat effect was used this turn",
        )
    _require_threat(s, face["threat_cost"])
    if s.investigators[seat].status != ACTIVE:
        raise RuleViolation(
            "forbidden_alchemy_story.threat.card",
            f"{face['title']}'s investigator has left the game",
        )
    res = Resolution(s)
    res.add(
        play.ThreatEffectUsed(
            rule="forbidden_alchemy_story.threat.spend",
            card=card,
            seat=seat,
            cost=face["threat_cost"],
        )
    )
    effect, amount = face["threat_effect"]
    harm(res, seat, effect, amount, "forbidden_alchemy_story.threat.effect")
    hand_over(res)
    return res.facts


# ---- Mythos cards ----------------------------------------------------------------------------------
def mythos_targets(s: Story, card: str) -> list[tuple[str, ...]]:
    """(investigator,) or, for a card that may move him, (investigator, space) too."""
    found: list[tuple[str, ...]] = []
    for inv in s.active():
        found.append((inv.seat,))
        if s.mythos_cards[card]["fail"][0] == "wrong-turn":
            found += [(inv.seat, x) for x in wrong_turn_spaces(s, inv.space)]
    return found


def wrong_turn_spaces(s: Story, here: str) -> list[str]:
    """Errata to "Wrong Turn": any other space of a Hallway whose room holds no
    Exploration, Lock or Obstacle card (our Obstacle cards lie in the room's
    Exploration stack, so an empty stack means neither is there)."""
    return sorted(
        x
        for room, r in s.rooms.items()
        if r["hallway"] and not s.exploration.get(room) and room not in s.locks
        for x in r["spaces"]
        if x != here
    )


def play_mythos(s: Story, card: str, targets: tuple[str, ...], dice) -> list:
    _require_keeper_turn(s)
    if card not in s.mythos_hand:
        raise RuleViolation(
            "forbidden_alchemy_story.mythos.in-hand", f"{card!r} is not in the keeper's hand"
        )
    face = s.mythos_cards[card]
    _require_threat(s, face["cost"])
    if not 1 <= len(targets) <= 2:
        raise RuleViolation(
            "forbidden_alchemy_story.mythos.targets",
            f"{face['title']}: an investigator (and a space)",
        )
    seat, *space = targets
    _target_in_house(s, seat)
    effect, amount = face["fail"]
    if space and (
        effect != "wrong-turn" or space[0] not in wrong_turn_spaces(s, s.investigators[seat].space)
    ):
        raise RuleViolation(
            "forbidden_alchemy_story.errata.wrong-turn",
            "only to another space of a Hallway with no Exploration card left",
        )
    inv = s.investigators[seat]
    res = Resolution(s)
    res.add(
        play.MythosPlayed(
            rule="forbidden_alchemy_story.mythos.play", card=card, seat=seat, cost=face["cost"]
        )
    )
    attribute = face["test"]
    number = tested(res, seat, attribute, inv.attributes[attribute])
    if not roll_test(
        res,
        dice,
        seat,
        attribute,
        number,
        ("forbidden_alchemy_story.mythos.test.pass", "forbidden_alchemy_story.mythos.test.fail"),
    ):
        if effect != "wrong-turn":
            harm(res, seat, effect, amount, "forbidden_alchemy_story.mythos.fail")
        elif space:
            res.add(
                play.InvestigatorMovedByKeeper(
                    rule="forbidden_alchemy_story.errata.wrong-turn",
                    seat=seat,
                    origin=inv.space,
                    to=space[0],
                )
            )
            room = board.room(s, space[0])
            if room != board.room(s, inv.space):
                horror_checks(res, dice, room, [seat])
    res.add(play.MythosDiscarded(rule="forbidden_alchemy_story.mythos.discard", card=card))
    hand_over(res)
    return res.facts


# ---- the end of the keeper's turn ------------------------------------------------------------
def _named_monster_arrives(res: Resolution, dice, named: dict) -> None:
    """Story 1 errata, Event Card IV (1A, 1C): West, a named maniac, comes into the Library."""
    s = res.state
    monster = s.monsters[named["monster"]]
    if monster.dead:  # our reading: a figure already killed does not come back as West
        return
    # A figure already on the map is taken up and placed in the named monster's space.
    res.add(
        ev.NamedMonsterPlaced(
            rule="forbidden_alchemy_story.errata.west",
            monster=monster.id,
            name=named["name"],
            space=named["space"],
            bonus_health=named["health_per_investigator"] * len(s.investigators),
            moves=named["moves"],
        )
    )
    horror_checks(res, dice, board.room(res.state, named["space"]))


def _subject_tests(res: Resolution, dice) -> None:
    """Story 3 errata, Objective 1C: the card's test eliminates an investigator who
    PASSES it (not one who fails).  Ours: on reveal, each investigator in the
    card's room makes it."""
    test = (res.state.objective or {}).get("reveal_test")
    if not test:
        return
    for seat in board.investigators_in_room(res.state, test["room"]):
        if res.over:
            return
        res.add(
            ev.SubjectTestMade(
                rule="forbidden_alchemy_story.errata.subject-test", seat=seat, test=test["test"]
            )
        )
        number = tested(
            res, seat, test["test"], res.state.investigators[seat].attributes[test["test"]]
        )
        if roll_test(
            res,
            dice,
            seat,
            test["test"],
            number,
            (
                "forbidden_alchemy_story.errata.subject-test.pass",
                "forbidden_alchemy_story.errata.subject-test.fail",
            ),
        ):
            eliminate(
                res,
                seat,
                "passed Objective 1C's test",
                "forbidden_alchemy_story.errata.subject-test.pass",
            )


def _pet_awaited(res: Resolution) -> None:
    """Story 2 errata, Objective 1C: once the card is face up the keeper places The Pet
    (which rooms he may choose is fixed now: those holding an investigator)."""
    pet = (res.state.objective or {}).get("place_on_reveal")
    if not pet or res.over or res.state.monsters[pet["monster"]].dead:
        return
    rooms = tuple(sorted({board.room(res.state, i.space) for i in res.state.active()} - {None}))
    res.add(
        ev.NamedMonsterAwaited(
            rule="forbidden_alchemy_story.errata.pet",
            monster=pet["monster"],
            name=pet["name"],
            rooms=rooms,
        )
    )


def placing_spaces(s: Story) -> list[str]:
    """Where the awaited named monster may go: any space of the rooms named when it was awaited."""
    return sorted(x for room in s.placing[1:] for x in s.rooms[room]["spaces"])


def place_named(s: Story, space: str, dice) -> list:
    """The keeper places the awaited named monster (Story 2 errata: The Pet, a named
    shoggoth with more health for each investigator, barred from locked rooms)."""
    if not s.placing:
        raise RuleViolation(
            "forbidden_alchemy_story.errata.pet", "no named monster waits to be placed"
        )
    if space not in placing_spaces(s):
        raise RuleViolation(
            "forbidden_alchemy_story.errata.pet-room",
            f"{space!r} is not in a room holding an investigator",
        )
    pet = s.objective["place_on_reveal"]
    res = Resolution(s)
    res.add(
        ev.NamedMonsterPlaced(
            rule="forbidden_alchemy_story.errata.pet",
            monster=pet["monster"],
            name=pet["name"],
            space=space,
            bonus_health=pet["health_per_investigator"] * len(s.investigators),
            moves=1,
            barred_by_locks=pet.get("barred_by_locks", False),
        )
    )
    horror_checks(res, dice, board.room(res.state, space))
    hand_over(res)
    return res.facts


def end_turn(s: Story, dice) -> list:
    """The keeper's turn ends with the next Event card (our stand-in timeline)."""
    _require_keeper_turn(s)
    res = Resolution(s)
    res.add(ev.KeeperTurnEnded(rule="forbidden_alchemy_story.keeper.end"))
    number = s.events_resolved + 1
    res.add(
        ev.EventCardResolved(
            rule="forbidden_alchemy_story.event.resolve",
            number=number,
            text=s.event_texts[number - 1],
        )
    )
    for named in s.named:
        if named["event"] == number and s.choice in named["choices"]:
            _named_monster_arrives(res, dice, named)
    if number == s.reveal_at and not s.revealed:
        res.add(
            ev.ObjectiveRevealed(
                rule="forbidden_alchemy_story.objective.reveal",
                choice=s.choice,
                objective=s.objective,
            ),
            SecretRevealed(rule="core.secret.revealed", steps=(s.choice_step,)),
        )
        _subject_tests(res, dice)
        _pet_awaited(res)
    if number == len(s.event_texts):
        winner = s.objective["last_event"]
        reason = "the last Event card was resolved"
        end_story(
            res,
            "nobody" if winner == "nobody" else "keeper",
            reason,
            "forbidden_alchemy_story.objective.last-event",
        )
    hand_over(res)
    return res.facts
