"""The rules of the story game: options, setup, whose turn, decide, legal commands.

The investigator turn is `investigators.py`, the keeper's `keeper.py`,
attacks and tests `combat.py`; every fact carries a rule id of `rulebook.py`.
The keeper is the seat "keeper", or, with the option keeper=system, the
engine's system seat playing the greedy keeper of `bots.py`.
"""

from __future__ import annotations

from typing import Any

from engine.core.context import SYSTEM, Context
from engine.core.errors import BadOptions, RuleViolation
from engine.core.prompts import Prompt
from engine.games.forbidden_alchemy import events as pev
from engine.games.forbidden_alchemy import legal as puzzle_legal
from engine.games.forbidden_alchemy.state import SEAT as PUZZLE_SEAT

from . import board, content, keeper
from . import events as ev
from . import investigators as inv
from .bots import keeper_plan
from .combat import is_byakhee, waiting_for
from .commands import (
    PUZZLE_COMMANDS,
    Answer,
    Attack,
    AttemptPuzzle,
    Choose,
    ChooseAttribute,
    Command,
    End,
    Escape,
    Explore,
    Hide,
    KeeperAction,
    MonsterAttack,
    Move,
    Pick,
    Place,
    Plant,
    PlayMythos,
    PlayTrauma,
    Run,
    Travel,
    UseItem,
    UseThreatEffect,
)
from .pieces import ACTIVE, CHOOSE, INVESTIGATORS, KEEPER, KEEPER_SEAT, OVER, Story

RANDOM_CHOICE = "random"  # the system keeper's story choice, drawn when decided
MAX_INVESTIGATORS = 4  # base game: up to five players, one of whom is the keeper


# ---- options and setup -----------------------------------------------------------------------
def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`story` (1, 2 or 3), `characters` and `traits` (comma-separated, one per investigator;
    a Trait card of the two each character offers, the first by default);
    `--players` counts the investigators (the keeper is a seat of its own)."""
    c = content.load()
    known = {"story", "characters", "keeper", "traits"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadOptions(
            f"unknown option {unknown[0]!r} for forbidden_alchemy_story "
            f"(known: {', '.join(sorted(known))})"
        )
    players = 1 if players is None else players
    if not 1 <= players <= MAX_INVESTIGATORS:
        raise BadOptions(f"--players {players}: one to {MAX_INVESTIGATORS} investigators")
    story = raw.get("story", "1")
    if story not in c.stories:
        raise BadOptions(f"option story={story!r}: one of {', '.join(sorted(c.stories))}")
    chosen = (
        raw["characters"].split(",") if "characters" in raw else list(c.investigators)[:players]
    )
    if len(chosen) != players or len(set(chosen)) != players:
        raise BadOptions(f"option characters: {players} different investigators")
    for who in chosen:
        if who not in c.investigators:
            raise BadOptions(
                f"option characters: unknown {who!r} (have: {', '.join(sorted(c.investigators))})"
            )
    keeper_by = raw.get("keeper", "player")
    if keeper_by not in ("player", "system"):
        raise BadOptions(
            f"option keeper={keeper_by!r}: player (a seat) or system (the game plays it)"
        )
    traits = (
        raw["traits"].split(",")
        if "traits" in raw
        else [c.investigators[who]["traits"][0] for who in chosen]
    )
    if len(traits) != players or any(
        t not in c.investigators[who]["traits"] for who, t in zip(chosen, traits, strict=False)
    ):
        offered = "; ".join(
            f"{who}: {' or '.join(c.investigators[who]['traits'])}" for who in chosen
        )
        raise BadOptions(
            f"option traits: one Trait card per investigator, of those offered ({offered})"
        )
    return {
        "players": players,
        "story": story,
        "characters": chosen,
        "keeper": keeper_by,
        "traits": traits,
    }


def _alchemy_card(item: dict[str, Any]) -> tuple:
    """(tile, ((effect, amount), ...)) for an Exploration card asking for an Alchemy puzzle."""
    if "puzzle" not in item:
        return ()
    return (item["puzzle"]["tile"], tuple(tuple(x) for x in item["puzzle"].get("fail", ())))


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    investigators = tuple(f"investigator-{i}" for i in range(1, opts["players"] + 1))
    return investigators if opts.get("keeper") == "system" else (KEEPER_SEAT, *investigators)


def setup(opts: dict[str, Any], dice) -> list:
    c = content.load()
    story = c.stories[opts["story"]]
    monsters = content.monsters_of(c, story["id"])
    facts: list = [
        ev.MansionBuilt(
            rule="forbidden_alchemy_story.setup.map",
            altar=c.map["altar"],
            links=tuple(tuple(x) for x in content.links_of(c, story["id"])),
            rooms=tuple(_room(r) for r in content.rooms_of(c, story["id"])),
        ),
        ev.ItemsListed(
            rule="forbidden_alchemy_story.setup.items",
            items=tuple(
                (
                    i["id"],
                    i["name"],
                    i.get("weapon", ""),
                    not i.get("nothing", False),
                    tuple(i.get("use", ())),
                    _alchemy_card(i),
                    (i["obstacle"]["test"],) if "obstacle" in i else (),
                )
                for i in c.items.values()
            ),
        ),
        ev.StoryBegun(
            rule="forbidden_alchemy_story.setup.story",
            keeper=opts.get("keeper", "player"),
            story=story["id"],
            name=story["name"],
            start=story["start"],
            events=tuple(story["events"]),
            reveal_at=story["reveal_objective"],
        ),
    ]
    traits = opts.get("traits") or [c.investigators[w]["traits"][0] for w in opts["characters"]]
    for n, (seat, who) in enumerate(
        zip([x for x in seats(opts) if x != KEEPER_SEAT], opts["characters"], strict=True)
    ):
        i = c.investigators[who]
        trait = c.traits[traits[n]]
        facts.append(
            ev.InvestigatorJoined(
                rule="forbidden_alchemy_story.setup.investigators",
                seat=seat,
                investigator=who,
                name=i["name"],
                attributes=tuple((a, i[a]) for a in content.ATTRIBUTES),
                health=i["health"],
                sanity=i["sanity"],
                skill_points=i["skill_points"],
                items=tuple(i["items"]),
                space=story["start"],
                ability=i.get("ability", ""),
            )
        )
        facts.append(
            ev.TraitChosen(
                rule="forbidden_alchemy_story.setup.trait",
                seat=seat,
                trait=trait["id"],
                name=trait["name"],
                bonus=tuple(trait.get("bonus", ())),
                item=trait.get("item", ""),
            )
        )
    facts.append(
        ev.MonstersListed(
            rule="forbidden_alchemy_story.setup.monsters",
            kinds=tuple(
                (k, x["name"], x["class"], x["flying"], x["horror"]) for k, x in monsters.items()
            ),
        )
    )
    tokens: dict[str, Any] = {}
    for kind, x in monsters.items():
        bottoms = dice.shuffled([t for t in c.tokens if t["kind"] == kind])
        for n, token in enumerate(bottoms[: x["figures"]], 1):
            tokens[f"{kind}-{n}"] = token
    facts.append(
        ev.MonsterTokensSlotted(rule="forbidden_alchemy_story.setup.monster-tokens", tokens=tokens)
    )
    facts += [
        ev.MonsterPlaced(
            rule="forbidden_alchemy_story.setup.monster-placed", monster=mon, space=space
        )
        for mon, space in story["monsters"]
    ]
    facts.append(
        ev.CombatCardsListed(
            rule="forbidden_alchemy_story.setup.combat", cards={x["id"]: x for x in c.combat}
        )
    )
    for deck in sorted({x["class"] for x in monsters.values()}):
        order = dice.shuffled([x["id"] for x in c.combat if x["deck"] == deck])
        facts.append(
            ev.CombatDeckShuffled(
                rule="forbidden_alchemy_story.setup.combat", deck=deck, order=order
            )
        )
    facts += [
        ev.KeeperActionsListed(
            rule="forbidden_alchemy_story.setup.keeper-actions",
            actions=tuple(
                (a["id"], a["name"], a["cost"], a["effect"], a["text"], tuple(a.get("harm", ())))
                for a in c.actions
            ),
        ),
        ev.TraumaCardsListed(
            rule="forbidden_alchemy_story.setup.trauma", cards={t["id"]: t for t in c.trauma}
        ),
        ev.SideEffectThreatsListed(
            rule="forbidden_alchemy_story.setup.side-effect-threats", threats=c.side_effect_threats
        ),
        ev.SideEffectsNowListed(
            rule="forbidden_alchemy_story.setup.side-effect-now",
            effects=c.side_effect_now,
            lasting=c.side_effect_lasting,
        ),
    ]
    order = dice.shuffled([t["id"] for t in c.trauma])
    facts += [
        ev.TraumaDeckShuffled(rule="forbidden_alchemy_story.setup.trauma", order=order),
        ev.TraumaCardsDealt(
            rule="forbidden_alchemy_story.setup.keeper-hand", cards=order[: c.hand]
        ),
        ev.MythosCardsListed(
            rule="forbidden_alchemy_story.setup.mythos", cards={x["id"]: x for x in c.mythos}
        ),
    ]
    order = dice.shuffled([x["id"] for x in c.mythos])
    facts += [
        ev.MythosDeckShuffled(rule="forbidden_alchemy_story.setup.mythos", order=order),
        ev.MythosCardsDealt(
            rule="forbidden_alchemy_story.setup.keeper-hand", cards=order[: c.mythos_hand]
        ),
        ev.TimePeriodMarkerPlaced(
            rule="forbidden_alchemy_story.setup.time-period",
            period=c.start_period,
            periods=tuple((p["id"], p["name"]) for p in c.periods),
        ),
        pev.PuzzlePiecesShuffled(
            rule="forbidden_alchemy_story.puzzle.setup.shuffle", pile=dice.shuffled(c.puzzle.pieces)
        ),
        pev.SideEffectDeckShuffled(
            rule="forbidden_alchemy_story.puzzle.setup.side-effect-deck",
            deck=tuple(dice.shuffled([x.to_data() for x in c.puzzle.side_effects])),
        ),
        ev.KeeperGuideRead(
            rule="forbidden_alchemy_story.setup.keeper-guide",
            objectives=story["choices"],
            named=tuple(story.get("named", ())),
        ),
    ]
    facts.append(
        ev.TokensSupplied(rule="forbidden_alchemy_story.setup.tokens", tokens=dict(c.supply))
    )
    if story.get("locks"):
        facts.append(
            ev.LockCardsPlaced(
                rule="forbidden_alchemy_story.setup.locks", locks=dict(story["locks"])
            )
        )
    return facts


def _room(r: dict[str, Any]) -> tuple:
    """A room as MansionBuilt lists it (the rift flag only where a room has one)."""
    found = (
        r["id"],
        r["name"],
        r["tile"],
        tuple(r["spaces"]),
        tuple(r["edge"]),
        r["hiding"],
        r["hallway"],
    )
    return (*found, True) if r.get("rift") else found


# ---- whose turn, questions, and the end ------------------------------------------------------
def to_act(s: Story) -> tuple[str, ...]:
    if s.phase == OVER:
        return ()
    if s.phase == CHOOSE:
        return (keeper_seat(s),)
    if s.question is not None:
        return (s.question.seat,)
    if s.placing:
        return (keeper_seat(s),)
    if s.choosing:
        return (s.choosing[0],)
    asked = waiting_for(s)
    if asked is not None:
        return (asked.seat,)
    if s.attempter:
        return (s.attempter,)
    return (keeper_seat(s),) if s.current == KEEPER_SEAT else (s.current,)


def keeper_seat(s: Story) -> str:
    """Who plays the keeper: the keeper's seat, or the system seat when the game plays it."""
    return SYSTEM if s.keeper_by == "system" else KEEPER_SEAT


def outcome(s: Story) -> str | None:
    return s.result


def system_command(s: Story, now) -> Command | None:
    """The keeper's move when the game plays the keeper (option keeper=system)."""
    if SYSTEM not in to_act(s):
        return None
    if s.phase == CHOOSE:
        return Choose(RANDOM_CHOICE)
    return keeper_plan(s, _keeper_commands(s))


def prompts(s: Story) -> tuple[Prompt, ...]:
    if s.phase == OVER:
        return ()
    seat = to_act(s)[0]
    if seat == SYSTEM:
        return ()
    choices = tuple(c.notation() for c in legal_commands(s, seat))
    if s.phase == CHOOSE:
        return (
            Prompt(
                seat,
                "make the #1 story choice (secret)",
                "forbidden_alchemy_story.choice.make",
                choices,
            ),
        )
    if s.placing:
        text = f"place {s.monsters[s.placing[0]].id} in a room holding an investigator"
        return (Prompt(seat, text, "forbidden_alchemy_story.errata.pet", choices),)
    if s.choosing:
        text = f"choose the investigator your Side Effect card {s.choosing[1]} acts on"
        return (Prompt(seat, text, "forbidden_alchemy_story.side-effect.choose", choices),)
    if s.question is not None:
        question = f"{s.question.monster} asks: {s.question.text} (answer yes or no)"
        return (Prompt(seat, question, "forbidden_alchemy_story.byakhee.question", choices),)
    asked = waiting_for(s)
    if asked is None:
        return ()
    if asked.kind == "attribute":
        return (
            Prompt(
                seat,
                f"test either {' or '.join(asked.choices)}",
                "forbidden_alchemy_story.tests.either-or",
                choices,
            ),
        )
    what = s.attack.attack["tests"][len(s.attack.results)]["test"]
    return (
        Prompt(
            seat,
            f"choose an investigator in your room to test {what}",
            "forbidden_alchemy_story.tests.multiple.other",
            choices,
        ),
    )


# ---- deciding --------------------------------------------------------------------------------
def decide(s: Story, seat: str, command: Command, ctx: Context) -> list:
    if s.phase == OVER:
        raise RuleViolation("core.game-over", f"the story is over: {s.result}")
    if seat == keeper_seat(s):
        return _keeper(s, command, ctx)
    if seat in (SYSTEM, KEEPER_SEAT):
        raise RuleViolation(
            "core.system" if seat == SYSTEM else "core.seat",
            f"{seat} does not play the keeper in this game",
        )
    if seat not in s.investigators:
        raise RuleViolation("core.seat", f"{seat!r} is not a seat of this game")
    return _investigator(s, seat, command, ctx)


def _keeper(s: Story, command: Command, ctx: Context) -> list:
    dice = ctx.dice
    match command:
        case Choose(choice):
            if choice == RANDOM_CHOICE and s.keeper_by == "system" and s.phase == CHOOSE:
                # The game plays the keeper: its secret choice is drawn, not foreseeable.
                choice = dice.choice(sorted(s.objectives))
            return keeper.choose(s, choice, ctx.step)
        case KeeperAction(card, targets):
            return keeper.keeper_action(s, card, targets, dice)
        case MonsterAttack(monster, target):
            return keeper.monster_attack(s, monster, target, dice)
        case PlayTrauma(card, target):
            return keeper.play_trauma(s, card, target)
        case UseThreatEffect(card):
            return keeper.threat_effect(s, card)
        case PlayMythos(card, targets):
            return keeper.play_mythos(s, card, targets, dice)
        case Place(space):
            return keeper.place_named(s, space, dice)
        case End():
            return keeper.end_turn(s, dice)
    raise RuleViolation(
        "forbidden_alchemy_story.keeper.commands", f"the keeper has no command {command.verb!r}"
    )


def _investigator(s: Story, seat: str, command: Command, ctx: Context) -> list:
    dice = ctx.dice
    if isinstance(command, PUZZLE_COMMANDS):
        return inv.puzzle_step(s, seat, command, ctx)
    match command:
        case Move(space):
            return inv.move(s, seat, space, dice)
        case Escape():
            return inv.escape(s, seat, dice)
        case Run():
            return inv.run(s, seat)
        case Explore():
            return inv.explore(s, seat, dice)
        case Hide():
            return inv.hide(s, seat)
        case UseItem(item):
            return inv.use_item(s, seat, item)
        case Travel(period):
            return inv.travel(s, seat, period)
        case Plant():
            return inv.plant(s, seat)
        case Attack(monster, item):
            return inv.attack(s, seat, monster, item, dice)
        case AttemptPuzzle():
            return inv.begin_puzzle(s, seat, dice)
        case ChooseAttribute(attribute):
            return inv.choose_attribute(s, seat, attribute, dice)
        case Pick(who) if s.choosing:
            return inv.pick_side_effect_target(s, seat, who)
        case Pick(tester):
            return inv.pick_tester(s, seat, tester, dice)
        case Answer(answer):
            return inv.answer_byakhee(s, seat, answer)
        case End():
            return inv.end_turn(s, seat)
    raise RuleViolation(
        "forbidden_alchemy_story.turn.commands", f"investigators have no command {command.verb!r}"
    )


# ---- legal commands --------------------------------------------------------------------------
def legal_commands(s: Story, seat: str) -> list[Command]:
    if seat not in to_act(s) or seat == SYSTEM:
        return []
    if s.phase == CHOOSE:
        found: list[Command] = [Choose(c) for c in s.objectives]
    elif s.question is not None:
        found = [Answer("no"), Answer("yes")]
    elif s.choosing:
        found = [Pick(x) for x in s.choosing[2:]]
    elif (asked := waiting_for(s)) is not None:
        found = [
            ChooseAttribute(a) if asked.kind == "attribute" else Pick(a) for a in asked.choices
        ]
    elif s.attempter:
        found = list(puzzle_legal.legal_commands(s.alchemy, PUZZLE_SEAT))
    elif s.phase == INVESTIGATORS and _turn_begun(s, seat):
        found = _investigator_commands(s, seat)
    elif s.phase == KEEPER and seat == KEEPER_SEAT:
        found = _keeper_commands(s)
    else:  # between two facts of one command (a replay step): the next turn has not begun
        found = []
    return sorted(found, key=lambda c: c.notation())


def _turn_begun(s: Story, seat: str) -> bool:
    inv = s.investigators.get(seat)
    return inv is not None and inv.status == ACTIVE and s.begun == seat == s.current


def _investigator_commands(s: Story, seat: str) -> list[Command]:
    me = s.investigators[seat]
    found: list[Command] = [End()]
    if s.moves > 0:
        found += [
            Move(x)
            for x, kind in board.links_from(s, me.space).items()
            if kind != "impassable" and not board.locked_out(s, me, x)
        ]
        win = s.revealed_win()
        room = board.room(s, me.space)
        if (
            win.get("kind") == "escape"
            and room == win["room"]
            and me.space in s.rooms[room]["edge"]
        ):
            found.append(Escape())
    if s.acted:
        return found
    if not inv.run_beyond_limit(s, seat):
        found.append(Run())
    room = board.room(s, me.space)
    if s.exploration.get(room):
        found.append(Explore())
    if s.rooms[room]["hiding"] and not me.hidden:
        found.append(Hide())
    found += [
        UseItem(i)
        for i in sorted(set(me.items))
        if s.items[i].use
        and (s.items[i].use[0] != "discard-insanity-trauma" or inv.insanity_traumas(s, seat))
        and (s.items[i].use[0] != "mists-of-releh" or me.hidden)
        and (s.items[i].use[0] != "dynamite" or board.monsters_in_space(s, me.space))
    ]
    weapons = [(i, s.items[i].weapon) for i in sorted(set(me.items)) if s.items[i].weapon] + [
        ("none", "no weapon")
    ]
    for m in s.on_map():
        for item, weapon in weapons:
            reach = (
                board.line_of_sight(s, me.space, m.space)
                if weapon == "firearm"
                else m.space == me.space
            )
            if reach:
                found.append(Attack(m.id, item))
    win = s.revealed_win()
    if win.get("kind") == "puzzle" and win["clue"] in me.items:
        found.append(AttemptPuzzle())
    if s.rooms[room].get("rift"):
        found += [Travel(p) for p, _ in s.periods if p != s.period]
    if win.get("kind") == "seeds" and win["card"] in me.items and room == win["room"]:
        found.append(Plant())
    return found


def _keeper_commands(s: Story) -> list[Command]:
    if s.placing:
        return [Place(x) for x in keeper.placing_spaces(s)]
    found: list[Command] = [End()]
    investigators = s.active()
    for card, action in s.actions.items():
        if card in s.used or s.threat < action.cost:
            continue
        found += [KeeperAction(card, t) for t in _action_targets(s, action.effect)]
    for m in s.on_map():
        if "attack:" + m.id in s.used:
            continue
        found += [
            MonsterAttack(m.id, i.seat)
            for i in investigators
            if i.space == m.space and not i.hidden
        ]
    for card in sorted(set(s.hand)):
        face = s.trauma_cards[card]
        if s.threat < face["cost"]:
            continue
        for i in investigators:
            if (i.damage if face["kind"] == "physical" else i.horror) >= 1:
                found.append(PlayTrauma(card, i.seat))
    for card in sorted(set(s.mythos_hand)):
        if s.threat >= s.mythos_cards[card]["cost"]:
            found += [PlayMythos(card, t) for t in keeper.mythos_targets(s, card)]
    for card, (seat, face) in keeper.threat_cards(s).items():
        if (
            "threat:" + card not in s.used
            and s.threat >= face["threat_cost"]
            and s.investigators[seat].status == ACTIVE
        ):
            found.append(UseThreatEffect(card))
    return found


def _action_targets(s: Story, effect: str) -> list[tuple[str, ...]]:
    targets = [i for i in s.active() if not i.hidden]
    if effect == "move-monster":
        return [(m.id, *path) for m in s.on_map() for path in keeper.monster_paths(s, m.id)]
    if effect == "fire":
        return [(room,) for room in s.rooms if room not in s.fire]
    if effect == "sample":
        return [(i.seat,) for i in targets if board.monsters_in_space(s, i.space)]
    if effect == "summon":
        taken = {i.space for i in s.active()}
        waiting = [
            m.id for m in s.monsters.values() if m.space is None and not m.dead and not m.escaped
        ]
        return [(m, x) for m in waiting for x in sorted(s.room_of) if x not in taken]
    if effect == "darkness":
        return [(room,) for room in s.rooms if room not in s.dark]
    if effect == "harm":
        return [(i.seat,) for i in targets]
    if effect == "crawling-hands":
        return [(i.seat,) for i in targets] if s.supply.get("crawling-hand") else []
    if effect == "mutate":
        return [(i.seat,) for i in targets if i.damage] if s.supply.get("mutation") else []
    if effect == "bloom":
        return [(i.seat,) for i in targets if "mutation" in i.tokens]
    if effect == "special-attack":
        return [
            (m.id, i.seat)
            for m in s.on_map()
            if is_byakhee(s, m.id)
            for i in targets
            if i.space == m.space
        ]
    return []
