"""An investigator's action in his turn (ours, the stand-in base game, save
where a section of the expansion is named): running, hiding ("Hiding"),
using an item (the R cards and the errata's Studies on Hysteria), declaring
an attack ("Combat Cards", the errata's Bone Saw and Sword Cane), Story 2's
time travel and Seeds; and ending the turn in a room on Fire or Dark.
Exploring is `exploration.py`'s.  Each action is a guard `decide` and
`legal_commands` both call, and the facts it causes.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import board
from . import events as ev
from . import play_events as play
from .combat import continue_attack, draw_combat_card, wound
from .pieces import Story
from .resolve import (
    Resolution,
    done,
    end_story,
    harm,
    lasting,
    require_action,
    require_turn,
    stop_hiding,
)

# Errata > General: these two cards begin "Action: Attack a monster in your space."
ATTACK_IN_SPACE = frozenset({"bone-saw", "sword-cane"})


# ---- running ---------------------------------------------------------------------------------
def check_run(s: Story, seat: str) -> None:
    require_action(s, seat)
    limited = run_beyond_limit(s, seat)
    if limited:
        raise RuleViolation(
            "forbidden_alchemy_story.side-effect.lasting",
            f"{limited} allows no more spaces this turn: running would exceed it",
        )


def run(s: Story, seat: str) -> list[Event]:
    check_run(s, seat)
    return [play.InvestigatorRan(rule="forbidden_alchemy_story.action.run", seat=seat)]


def run_beyond_limit(s: Story, seat: str) -> str:
    """The title of a Side Effect card in play that limits `seat`'s spaces a turn, if one
    more space (what running buys) would take him past it; "" otherwise.  Ours: Leaden
    Limbs allows one space a turn, and the card's text counts every space, run or not."""
    for card, (_, limit) in lasting(s, seat, "moves"):
        if s.moved + s.moves + 1 > limit:
            return next((c[1] for c in s.alchemy.in_play if c[0] == card), card)
    return ""


# ---- hiding ----------------------------------------------------------------------------------
def check_hide(s: Story, seat: str) -> None:
    require_action(s, seat)
    inv = s.investigators[seat]
    room = board.room(s, inv.space)
    if not s.rooms[room]["hiding"]:
        raise RuleViolation(
            "forbidden_alchemy_story.hiding.place",
            f"the {s.rooms[room]['name']} has no place to hide",
        )
    if inv.hidden:
        raise RuleViolation("forbidden_alchemy_story.hiding.already", f"{seat} is already hiding")


def hide(s: Story, seat: str) -> list[Event]:
    check_hide(s, seat)
    return [play.InvestigatorHid(rule="forbidden_alchemy_story.hiding.hide", seat=seat)]


# ---- using an item ---------------------------------------------------------------------------
def check_use_item(s: Story, seat: str, item: str) -> None:
    require_action(s, seat)
    inv = s.investigators[seat]
    if item not in inv.items or not s.items[item].use:
        raise RuleViolation(
            "forbidden_alchemy_story.item.use", f"{seat} holds no item {item!r} that can be used"
        )
    effect = s.items[item].use[0]
    if effect == "discard-insanity-trauma" and not insanity_traumas(s, seat):
        raise RuleViolation(
            "forbidden_alchemy_story.errata.studies-on-hysteria",
            f"{seat} has no insanity Trauma card in play",
        )
    if effect == "mists-of-releh" and not inv.hidden:
        raise RuleViolation(
            "forbidden_alchemy_story.hiding.mists",
            f"{seat} is not hiding: the Mists hide no one",
        )
    if effect == "dynamite" and not board.monsters_in_space(s, inv.space):
        raise RuleViolation(
            "forbidden_alchemy_story.item.dynamite", f"no monster in {seat}'s space"
        )
    if effect == "blood-pact" and not inv.horror:
        raise RuleViolation(
            "forbidden_alchemy_story.item.blood-pact", f"{seat} has suffered no horror"
        )


def use_item(s: Story, seat: str, item: str) -> list[Event]:
    check_use_item(s, seat, item)
    effect, amount = s.items[item].use
    if effect == "discard-insanity-trauma":
        return _studies_on_hysteria(s, seat, item)
    if effect == "mists-of-releh":
        return [
            play.MistsOfRelehCast(
                rule="forbidden_alchemy_story.hiding.mists", seat=seat, spell=item
            )
        ]
    if effect == "dynamite":
        return _dynamite(s, seat, item, amount)
    if effect == "blood-pact":
        return _blood_pact(s, seat, item, amount)
    inv = s.investigators[seat]
    what = effect.removeprefix("recover-")
    suffered = inv.damage if what == "health" else inv.horror
    res = Resolution(s)
    res.add(play.ItemUsed(rule="forbidden_alchemy_story.action.use-item", seat=seat, item=item))
    if min(amount, suffered) > 0:
        res.add(
            play.InvestigatorRecovered(
                rule="forbidden_alchemy_story.item.recover",
                seat=seat,
                what=what,
                amount=min(amount, suffered),
            )
        )
    return res.facts


def _dynamite(s: Story, seat: str, item: str, amount: int) -> list[Event]:
    """Ours (Dynamite, R): each monster in the holder's space suffers `amount` damage,
    the holder one; the card is spent."""
    monsters = sorted(board.monsters_in_space(s, s.investigators[seat].space))
    res = Resolution(s)
    stop_hiding(res, seat, "forbidden_alchemy_story.hiding.attack-ends")
    res.add(play.ItemUsed(rule="forbidden_alchemy_story.item.dynamite", seat=seat, item=item))
    for monster in monsters:
        wound(res, monster, amount, "forbidden_alchemy_story.item.dynamite", seat)
    harm(res, seat, "damage", 1, "forbidden_alchemy_story.item.dynamite")
    return done(res)


def _blood_pact(s: Story, seat: str, item: str, amount: int) -> list[Event]:
    """Ours (Blood Pact, R): the caster suffers one damage and is given back `amount`
    sanity (no more than lost); the spell is kept."""
    inv = s.investigators[seat]
    res = Resolution(s)
    res.add(play.SpellCast(rule="forbidden_alchemy_story.item.blood-pact", seat=seat, spell=item))
    harm(res, seat, "damage", 1, "forbidden_alchemy_story.item.blood-pact")
    if res.state.investigators[seat].status == "active":
        res.add(
            play.InvestigatorRecovered(
                rule="forbidden_alchemy_story.item.blood-pact",
                seat=seat,
                what="sanity",
                amount=min(amount, inv.horror),
            )
        )
    return done(res)


def insanity_traumas(s: Story, seat: str) -> list[str]:
    """The insanity Trauma cards in play on `seat`."""
    return sorted(
        card
        for card, on in s.trauma_in_play.items()
        if on == seat and s.trauma_cards[card]["kind"] == "insanity"
    )


def _studies_on_hysteria(s: Story, seat: str, item: str) -> list[Event]:
    return [
        play.ItemUsed(rule="forbidden_alchemy_story.action.use-item", seat=seat, item=item),
        play.TraumaDiscarded(
            rule="forbidden_alchemy_story.errata.studies-on-hysteria",
            card=insanity_traumas(s, seat)[0],
        ),
    ]


# ---- attacking -------------------------------------------------------------------------------
def weapon_of(s: Story, seat: str, item: str) -> str:
    if item == "none":
        return "no weapon"
    if item not in s.investigators[seat].items or not s.items[item].weapon:
        raise RuleViolation(
            "forbidden_alchemy_story.attack.weapon", f"{seat} holds no weapon {item!r}"
        )
    return s.items[item].weapon


def check_weapon(s: Story, seat: str, item: str) -> None:
    """An attack is the turn's action, with a weapon he holds (or none)."""
    require_action(s, seat)
    weapon_of(s, seat, item)


def check_attack(s: Story, seat: str, monster: str, item: str) -> None:
    check_weapon(s, seat, item)
    weapon = weapon_of(s, seat, item)
    m = s.monsters.get(monster)
    if m is None or m.space is None:
        raise RuleViolation(
            "forbidden_alchemy_story.attack.monster", f"no monster {monster!r} on the map"
        )
    here = s.investigators[seat].space
    if weapon == "firearm":
        if not board.line_of_sight(s, here, m.space):
            raise RuleViolation(
                "forbidden_alchemy_story.attack.line-of-sight", f"{monster} is not in line of sight"
            )
    elif m.space != here:
        rule = (
            "forbidden_alchemy_story.errata.attack-in-space"
            if item in ATTACK_IN_SPACE
            else "forbidden_alchemy_story.attack.reach"
        )
        raise RuleViolation(rule, f"{monster} is not in {seat}'s space")


def attack(s: Story, seat: str, monster: str, item: str, dice) -> list[Event]:
    check_attack(s, seat, monster, item)
    weapon = weapon_of(s, seat, item)
    res = Resolution(s)
    stop_hiding(res, seat, "forbidden_alchemy_story.hiding.attack-ends")
    res.add(
        play.AttackDeclared(
            rule="forbidden_alchemy_story.action.attack",
            seat=seat,
            monster=monster,
            item=item,
            weapon=weapon,
        )
    )
    draw_combat_card(res, dice, s.kinds[s.monsters[monster].kind].deck, weapon)
    continue_attack(res, dice)
    return done(res)


# ---- the end of the turn ---------------------------------------------------------------------
def check_end_turn(s: Story, seat: str) -> None:
    require_turn(s, seat)


def end_turn(s: Story, seat: str) -> list[Event]:
    """The turn ends; a room on Fire burns, a Dark room frightens, whoever ends it
    there, hiding or not ("Hiding": still subject to the room's status effects)."""
    check_end_turn(s, seat)
    res = Resolution(s)
    inv = s.investigators[seat]
    if board.room(s, inv.space) in s.fire:
        rule = (
            "forbidden_alchemy_story.hiding.status-effects"
            if inv.hidden
            else "forbidden_alchemy_story.fire.burn"
        )
        harm(res, seat, "damage", 1, rule)
    if board.room(s, inv.space) in s.dark:
        rule = (
            "forbidden_alchemy_story.hiding.status-effects"
            if inv.hidden
            else "forbidden_alchemy_story.darkness.dread"
        )
        harm(res, seat, "horror", 1, rule)
    if not res.over and res.state.investigators[seat].status == "active":
        res.add(ev.TurnEnded(rule="forbidden_alchemy_story.turn.end", seat=seat))
    return done(res)


# ---- Story 2: time travel and the Seeds ------------------------------------------------------
def check_rift(s: Story, seat: str) -> None:
    """Travelling in time is the action, taken in a rift room (ours)."""
    require_action(s, seat)
    room = board.room(s, s.investigators[seat].space)
    if not s.rooms[room].get("rift"):
        raise RuleViolation(
            "forbidden_alchemy_story.time.rift",
            f"the {s.rooms[room]['name']} is no place to travel in time from",
        )


def check_travel(s: Story, seat: str, period: str) -> None:
    check_rift(s, seat)
    periods = dict(s.periods)
    if period not in periods or period == s.period:
        others = ", ".join(p for p in periods if p != s.period)
        raise RuleViolation(
            "forbidden_alchemy_story.time.period", f"travel to another Time Period card: {others}"
        )


def travel(s: Story, seat: str, period: str) -> list[Event]:
    """Ours: in a rift room the action moves the Time Period marker to another card."""
    check_travel(s, seat, period)
    periods = dict(s.periods)
    res = Resolution(s)
    res.add(
        play.TimeTravelled(
            rule="forbidden_alchemy_story.time.travel", seat=seat, origin=s.period, to=period
        )
    )
    win = s.revealed_win()
    if (
        win.get("kind") == "seeds"
        and s.seeds == (win["room"], win["planted"])
        and period == win["grown"]
    ):
        end_story(
            res,
            "investigators",
            f"the Seeds planted in the {s.rooms[win['room']]['name']} in "
            f"{periods[win['planted']]} have grown by {periods[period]}",
            "forbidden_alchemy_story.objective.seeds-win",
        )
    return done(res)


def check_plant(s: Story, seat: str) -> None:
    require_action(s, seat)
    win = s.revealed_win()
    if win.get("kind") != "seeds":
        raise RuleViolation(
            "forbidden_alchemy_story.seeds.objective",
            "the revealed objective has no Seeds to plant",
        )
    inv = s.investigators[seat]
    if win["card"] not in inv.items:
        raise RuleViolation(
            "forbidden_alchemy_story.seeds.held", f"{inv.name} does not hold the Seeds"
        )
    if board.room(s, inv.space) != win["room"]:
        raise RuleViolation(
            "forbidden_alchemy_story.seeds.room",
            f"the Seeds are planted in the {s.rooms[win['room']]['name']}",
        )


def plant(s: Story, seat: str) -> list[Event]:
    """Ours: the Seeds' holder spends the action to plant them in the objective's room;
    the Seeds marker stays there, marked with the Time Period it was planted in."""
    check_plant(s, seat)
    win = s.revealed_win()
    return [
        play.SeedsPlanted(
            rule="forbidden_alchemy_story.seeds.plant",
            seat=seat,
            card=win["card"],
            room=board.room(s, s.investigators[seat].space),
            period=s.period,
        )
    ]
