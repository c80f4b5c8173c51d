"""What a seat may see, redaction, a text picture, and one-line descriptions.

Hidden from every seat: the order of each deck (Combat, Trauma, the
Alchemy pile, Side Effects).  Hidden from everyone but the keeper: the
keeper's hand, the #1 story choice and what the objective does until it is
revealed, the face-down Exploration cards, and the bottoms of monster tokens
that no investigator has examined — a byakhee's bottom always ("Secrecy and
Byakhees"), except from Darrell Simmins's seat once his Keen Eye has seen
it.  When the game plays the keeper (keeper=system) every seat is an
investigator's.  Everything else (the map, figures, hiding investigators,
health and sanity, threat, Keeper Action cards, the faces of the cards as
setup lists them) is public.

A view names what is hidden by its id and what it does in the rules' terms;
the words of a card are shown once it is read: an objective's when revealed
(its epilogues when the story ends), an Event card's when resolved, a
byakhee's question when asked.  (The keeper's own setup facts hold them all.)
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from engine.core.events import evolved
from engine.games.forbidden_alchemy.view import HIDDEN_ORDERS as PUZZLE_HIDDEN_ORDERS
from engine.games.forbidden_alchemy.view import describe as describe_puzzle
from engine.games.forbidden_alchemy.view import render as render_puzzle
from engine.games.forbidden_alchemy.view import scramble_hidden as scramble_puzzle
from engine.games.forbidden_alchemy.view import view as view_puzzle
from engine.kit import content as kit

from . import content
from . import events as ev
from .pieces import CHOOSE, KEEPER_SEAT, OVER, Story

if TYPE_CHECKING:
    import random  # for annotations alone: a read never scrambles (issue #24)


def _keeper_sees(seat: str | None) -> bool:
    return seat is None or seat == KEEPER_SEAT


@cache
def _layout(spaces: tuple[str, ...]) -> dict[str, list[float]]:
    """Where the map's layout puts each space of this mansion (grid units, x to the
    right, y down): content, once per map; the picture draws the rooms around them."""
    # The map's file alone: the whole box (eleven files read and checked
    # together, ~20 ms) is for setting up and deciding, and a command that
    # compares two boards needs only this (issue #24).
    where = kit.load(content.GAME, "map").get("layout", {})
    return {x: list(where[x]) for x in spaces if x in where}


def view(s: Story, seat: str | None) -> dict[str, Any]:
    keeper = _keeper_sees(seat)
    # Who stands on each space, in one pass over the figures rather than one a space
    # (issue #24: a third of a view's time, and a replay page asks for two or three views).
    investigators_at: dict[str | None, list[str]] = {}
    for i in s.active():
        investigators_at.setdefault(i.space, []).append(i.seat)
    monsters_at: dict[str | None, list[str]] = {}
    for m in s.on_map():
        monsters_at.setdefault(m.space, []).append(m.id)
    board: dict[str, Any] = {
        # whose view this is: the keeper's or an investigator's seat (their own cards
        # are drawn as cards), None for a spectator and the omniscient view
        "you": seat if seat in s.investigators or (seat == KEEPER_SEAT and s.keeper_by != "system")
        else None,
        "phase": s.phase,
        "story": s.story,
        "story_name": s.story_name,
        "round": s.turns.round if s.turns else 0,
        "current": s.current,
        "moves": s.moves,
        "acted": s.acted,
        "events_resolved": s.events_resolved,
        "events": _event_cards(s, keeper),
        "time_period": {"marker": s.period, "cards": {p: name for p, name in s.periods}},
        "seeds": {"room": s.seeds[0], "period": s.seeds[1]} if s.seeds else None,
        "locks": {r: s.items[key].name for r, key in s.locks.items()},
        "placing": {"monster": s.placing[0], "rooms": list(s.placing[1:])} if s.placing else None,
        "choosing": {"seat": s.choosing[0], "card": s.choosing[1], "choices": list(s.choosing[2:])}
        if s.choosing
        else None,
        "rooms": {
            r: {
                "name": x["name"],
                "tile": x["tile"],
                "spaces": list(x["spaces"]),
                "edge": list(x["edge"]),
                "hiding": x["hiding"],
                "hallway": x["hallway"],
                "rift": x.get("rift", False),
                "lock": s.items[s.locks[r]].name if r in s.locks else None,
                "fire": r in s.fire,
                "dark": r in s.dark,
                "exploration_left": len(s.exploration.get(r, ())),
            }
            for r, x in s.rooms.items()
        },
        "spaces": {
            space: {
                "room": room,
                "investigators": sorted(investigators_at.get(space, ())),
                "monsters": sorted(monsters_at.get(space, ())),
            }
            for space, room in s.room_of.items()
        },
        "links": [list(link) for link in s.links],
        "layout": _layout(tuple(s.room_of)),
        "altar": s.altar,
        "investigators": {
            i.seat: {
                "name": i.name,
                "space": i.space,
                "status": i.status,
                "hidden": i.hidden,
                "health": i.health,
                "health_left": i.health_left,
                "sanity": i.sanity,
                "sanity_left": i.sanity_left,
                "skill_points": i.skill_points,
                "attributes": dict(i.attributes),
                "items": list(i.items),
                "side_effects": list(i.side_effects),
                "ability": i.ability,
                "trait": i.trait,
                "trauma": sorted(c for c, x in s.trauma_in_play.items() if x == i.seat),
                "crawling_hands": i.tokens.count("crawling-hand"),
                "mutations": i.tokens.count("mutation"),
                "stunned": i.stunned,
            }
            for i in s.investigators.values()
        },
        "monsters": {m.id: _monster(s, m, keeper, seat) for m in s.monsters.values()},
        "keeper": {
            "threat": s.threat,
            "hand_size": len(s.hand),
            "mythos_hand_size": len(s.mythos_hand),
            "mythos_deck_size": len(s.mythos),
            "mythos_discards": list(s.mythos.discards),
            "used": sorted(s.used),
            "actions": {
                a: {"name": x.name, "cost": x.cost, "text": x.text} for a, x in s.actions.items()
            },
            "trauma_deck_size": len(s.trauma),
            "trauma_discards": list(s.trauma.discards),
        },
        "trauma_in_play": {
            c: {"seat": x, "title": s.trauma_cards[c]["title"], "text": s.trauma_cards[c]["text"]}
            for c, x in s.trauma_in_play.items()
        },
        "side_effect_threats": {c: x["text"] for c, x in s.side_effect_threats.items()},
        "side_effects_in_play": {c[0]: {"title": c[1], "text": c[2]} for c in s.alchemy.in_play},
        "cards": _faces(s),
        "combat_decks": {
            d: {"size": len(deck), "discards": list(deck.discards)} for d, deck in s.decks.items()
        },
        "attack": _attack(s),
        "question": _question(s),
        "puzzle": view_puzzle(s.alchemy, seat) if s.attempter else None,
        "attempter": s.attempter,
        "puzzle_card": s.items[s.puzzle_card[1]].name if s.puzzle_card else None,
        "objective": _objective(s, keeper),
        "choice": s.choice if keeper or s.revealed else None,
        "objective_revealed": s.revealed,
        "result": s.result,
        "winner": s.winner,
        "epilogue": s.epilogue,
    }
    if keeper:
        board["keeper"]["hand"] = list(s.hand)
        board["keeper"]["mythos_hand"] = list(s.mythos_hand)
        board["exploration"] = {r: list(c) for r, c in s.exploration.items()}
        board["objectives"] = sorted(s.objectives)
        if s.phase == CHOOSE:  # the #1 story choice: what each objective would do
            board["objective_cards"] = {c: _terms(o) for c, o in sorted(s.objectives.items())}
    if seat is None:  # the omniscient view adds every hidden order
        board["hidden"] = {
            "combat_decks": {d: list(deck.cards) for d, deck in s.decks.items()},
            "trauma_deck": list(s.trauma.cards),
            "mythos_deck": list(s.mythos.cards),
            "alchemy_pile": [list(p) for p in s.alchemy.pile],
            "side_effect_deck": [c[0] for c in s.alchemy.deck],
        }
    return board


def _faces(s: Story) -> dict[str, Any]:
    """The faces of the game's cards, as setup lists them for every seat (the
    Combat, Trauma and Mythos cards, the items, what each Side Effect card does
    when drawn): public knowledge; which card lies where (a deck's order, the
    keeper's hand) is not, and is given by id elsewhere in the view.

    The tables they come from are set up once and carried from state to state
    unchanged: while they are the very same objects, the faces are the same
    dict (issue #24: a quarter of a view's time, asked about four times a page)."""
    sources = (s.cards, s.trauma_cards, s.mythos_cards, s.items, s.side_effect_now, s.side_effect_lasting,
               s.side_effect_threats)
    global _kept_faces
    kept, faces = _kept_faces  # one tuple, replaced whole: threads never see half of it
    if len(kept) == len(sources) and all(a is b for a, b in zip(kept, sources, strict=True)):
        return faces
    faces = _write_faces(s)
    _kept_faces = (sources, faces)  # the tables held: a freed one's id is never taken for a new one's
    return faces


_kept_faces: tuple = ((), None)


def _write_faces(s: Story) -> dict[str, Any]:
    return {
        "combat": {
            c: {
                "deck": x["deck"],
                "monster": x.get("monster", {}).get("text", ""),
                "attacks": [{"type": a["type"], "text": a["text"]} for a in x.get("attacks", ())],
            }
            for c, x in s.cards.items()
        },
        "trauma": {
            c: {"title": x["title"], "kind": x["kind"], "cost": x["cost"], "text": x["text"]}
            for c, x in s.trauma_cards.items()
        },
        "mythos": {
            c: {"title": x["title"], "cost": x["cost"], "text": x["text"]}
            for c, x in s.mythos_cards.items()
        },
        "items": {
            i: {"name": x.name, "weapon": x.weapon, "text": item_text(i, x)}
            | ({"tile": x.puzzle[0]} if x.puzzle else {})  # the Alchemy puzzle it asks for
            for i, x in s.items.items()
        },
        "side_effects": sorted({*s.side_effect_now, *s.side_effect_lasting, *s.side_effect_threats}),
    }


# What using an item does, in a card's words (ours: the effects are the rules' own,
# `actions.use_item`; an item spent when used is discarded, a spell is kept).
USE_TEXT = {
    "recover-health": "Action: recover up to {n} health, then discard this card.",
    "recover-sanity": "Action: recover up to {n} sanity, then discard this card.",
    "discard-insanity-trauma": "Action: discard an insanity Trauma card in play on you, "
    "then discard this card.",
    "mists-of-releh": "Spell. Action, while hiding: you may move this turn and stay hidden.",
    "dynamite": "Action: each monster in your space suffers {n} damage and you suffer 1; "
    "then discard this card.",
    "blood-pact": "Spell. Action: suffer 1 damage and recover up to {n} sanity.",
}


def item_text(item: str, x) -> str:
    """An item card's text, from what the rules do with it."""
    if x.weapon:
        reach = (
            "a monster in your line of sight"
            if x.weapon == "firearm"
            else "a monster in your space"
        )
        return f"Weapon ({x.weapon}): attack {reach}."
    if x.use:
        return USE_TEXT.get(x.use[0], "Action: use it.").format(n=x.use[1])
    if x.puzzle:
        return f"Alchemy Puzzle #{x.puzzle[0]}: attempt it at once; it stays on the room until completed."
    if x.obstacle:
        return f"Obstacle: test {x.obstacle[0].capitalize()} to clear it before the room is explored further."
    if not x.kept:
        return "Nothing found: discard this card."
    return "Story item: the objective may need it."


def _event_cards(s: Story, keeper: bool) -> list[str | None]:
    """The Event cards in order: those read so far, the rest face down (None).  The
    keeper laid out the story (his setup facts list them); his page shows the cards
    read, as everyone's does."""
    return [text if n < s.events_resolved else None for n, text in enumerate(s.event_texts)]


# What an objective does in the rules' terms, without the card's words: a face-down
# card is shown to the keeper this way (how the investigators win, what the last
# Event card brings, what its reveal does); its text is read when it is revealed,
# its epilogues when the story ends.
def _terms(objective: dict[str, Any]) -> dict[str, Any]:
    found = {k: objective[k] for k in ("win", "keeper_win", "reveal_test") if k in objective}
    found["keeper_wins_last_event"] = objective.get("last_event") == "keeper"
    if "place_on_reveal" in objective:  # a named monster the keeper places (The Pet)
        found["place_on_reveal"] = objective["place_on_reveal"]["monster"]
    return found


def _objective(s: Story, keeper: bool) -> dict[str, Any] | None:
    """The objective card: the keeper's from his choice on (what it does), everyone's
    once revealed (its text).  The Exploration cards it deals are on the board, face
    down (`exploration`); the epilogues wait in the Keeper Guide until the story ends
    ("Epilogues")."""
    if s.objective is None or not (keeper or s.revealed):
        return None
    if not s.revealed:
        return _terms(s.objective)
    shown = {k: v for k, v in s.objective.items() if k != "exploration"}
    return shown if s.phase == OVER else _without_epilogues(shown)


def _without_epilogues(objective: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in objective.items() if not k.startswith("epilogue_")}


def _face_up(objective: dict[str, Any]) -> dict[str, Any]:
    """A revealed objective as a seat other than the keeper reads it in a fact:
    how many Exploration cards it dealt to each room, not which, and no epilogue
    (the one read at the end is a fact of its own)."""
    shown = _without_epilogues(objective)
    shown["exploration"] = {r: _count(c) for r, c in objective.get("exploration", {}).items()}
    return shown


def _monster(s: Story, m, keeper: bool, seat: str | None) -> dict[str, Any]:
    kind = s.kinds[m.kind]
    shown = {
        "kind": m.kind,
        "name": m.name or kind.name,
        "space": m.space,
        "wounds": m.wounds,
        "flying": kind.flying,
        "horror": kind.horror,
        "class": kind.deck,
        "dead": m.dead,
        "examined": m.examined,
        "escaped": m.escaped,
        "mutations": m.mutations,
        "corpse": m.corpse,
    }
    inv = s.investigators.get(seat) if seat else None
    peeked = inv is not None and m.id in inv.peeked  # Keen Eye
    if keeper or peeked or (m.examined and m.kind != "byakhee"):
        token = s.tokens[m.id]
        shown["bottom"] = {"health": token["health"] + m.bonus_health, "damage": token["damage"]}
        if keeper:
            shown["bottom"]["token"] = token.get("id", "")  # which token the keeper slotted
        if keeper and "question" in token:  # a byakhee's special attack: what each answer does
            # (its question is read aloud when asked: `question`)
            shown["bottom"].update(yes=list(token["yes_effect"]), no=list(token["no_effect"]))
    return shown


def _attack(s: Story) -> dict[str, Any] | None:
    a = s.attack
    if a is None:
        return None
    return {
        "seat": a.seat,
        "monster": a.monster,
        "weapon": a.weapon,
        "card": a.card,
        "attack_type": a.attack.get("type", ""),
        "text": a.attack.get("text", ""),
        "results": list(a.results),
        "attribute": a.attribute,
        "tester": a.tester,
    }


def _question(s: Story) -> dict[str, Any] | None:
    if s.question is None:
        return None
    q = s.question
    return {"seat": q.seat, "monster": q.monster, "question": q.text}


# ---- redaction -------------------------------------------------------------------------------
# Fields holding an order no seat may see: only their size is shown.
HIDDEN_ORDERS = {
    "CombatDeckShuffled": "order",
    "CombatDeckReshuffled": "order",
    "TraumaDeckShuffled": "order",
    "MythosDeckShuffled": "order",
    **PUZZLE_HIDDEN_ORDERS,
}


def _count(value) -> dict[str, int]:
    return {"hidden": len(value)}


# Facts only the keeper may read in full: what the others see of them.
KEEPER_ONLY = {
    "MonsterTokensSlotted": lambda d: {
        "tokens": {f: {"kind": t["kind"]} for f, t in d["tokens"].items()}
    },
    "KeenEyeLooked": lambda d: {
        "seat": d["seat"],
        "monster": d["monster"],
        "health": "hidden",
        "damage": "hidden",
    },
    "ByakheeTokenExamined": lambda d: {
        "monster": d["monster"],
        "health": "hidden",
        "damage": "hidden",
    },
    "ObjectiveRevealed": lambda d: {**d, "objective": _face_up(d["objective"])},
    "StoryBegun": lambda d: {**d, "events": _count(d["events"])},
    "StoryChoiceMade": lambda d: {"step": d["step"], "choice": "hidden", "objective": "hidden"},
    "ExplorationCardsPlaced": lambda d: {"rooms": {r: _count(c) for r, c in d["rooms"].items()}},
    "TraumaCardsDealt": lambda d: {"cards": _count(d["cards"])},
    "MythosCardsDealt": lambda d: {"cards": _count(d["cards"])},
    "KeeperGuideRead": lambda d: {
        "objectives": _count(d["objectives"]),
        "named": _count(d["named"]),
    },
}


def redact(event, seat: str | None) -> dict[str, Any]:
    data = event.to_data()
    if seat is None:
        return data
    field = HIDDEN_ORDERS.get(event.type)
    if field:
        data[field] = _count(data[field])
    if event.type == "KeenEyeLooked" and data["seat"] == seat:
        return data  # Darrell's own look
    if seat != KEEPER_SEAT and event.type in KEEPER_ONLY:
        data = KEEPER_ONLY[event.type](data)
    return data


# ---- scrambling what a seat cannot see -------------------------------------------------------
def scramble_hidden(s: Story, seat: str | None, rng: random.Random) -> Story:
    if seat is None:
        return s
    decks = {}
    for name, deck in s.decks.items():
        cards = list(deck.cards)
        rng.shuffle(cards)
        decks[name] = evolved(deck, cards=tuple(cards))
    trauma, hand = _deal_again(s.trauma, s.hand, seat != KEEPER_SEAT, rng)
    mythos, mythos_hand = _deal_again(s.mythos, s.mythos_hand, seat != KEEPER_SEAT, rng)
    s = evolved(
        s,
        decks=decks,
        trauma=trauma,
        hand=hand,
        mythos=mythos,
        mythos_hand=mythos_hand,
        alchemy=scramble_puzzle(s.alchemy, seat, rng),
    )
    return s if seat == KEEPER_SEAT else _scramble_keeper_secrets(s, seat, rng)


def _deal_again(deck, hand: tuple[str, ...], hand_unseen: bool, rng: random.Random):
    """The deck reordered and, if the hand is unseen too, dealt again from deck and hand."""
    unseen = list(deck.cards) + (list(hand) if hand_unseen else [])
    rng.shuffle(unseen)
    n = len(deck.cards)
    return evolved(deck, cards=tuple(unseen[:n])), tuple(unseen[n:]) if hand_unseen else hand


def _scramble_unread_events(s: Story, rng: random.Random) -> Story:
    """The Event cards not read yet, in another order (no seat but the keeper sees them)."""
    unread = list(s.event_texts[s.events_resolved :])
    rng.shuffle(unread)
    return evolved(s, event_texts=s.event_texts[: s.events_resolved] + tuple(unread))


def _scramble_keeper_secrets(s: Story, seat: str, rng: random.Random) -> Story:
    seen = s.investigators[seat].peeked if seat in s.investigators else frozenset()
    tokens = dict(s.tokens)
    for kind in sorted({m.kind for m in s.monsters.values()}):
        figures = [
            m
            for m in sorted(s.monsters)
            if s.monsters[m].kind == kind
            and (kind == "byakhee" or not s.monsters[m].examined)
            and m not in seen
        ]
        bottoms = [tokens[m] for m in figures]
        rng.shuffle(bottoms)
        tokens.update(zip(figures, bottoms, strict=True))
    s = _scramble_unread_events(evolved(s, tokens=tokens), rng)
    if s.revealed or not s.objectives:
        return s
    choice = rng.choice(sorted(s.objectives))
    return evolved(s, choice=choice if s.choice else "",
                   objective=s.objectives[choice] if s.objective is not None else None,
                   exploration=_deal_exploration(s, rng))


def _deal_exploration(s: Story, rng: random.Random) -> dict[str, tuple[str, ...]]:
    """The face-down Exploration cards dealt again among the rooms, each room
    keeping its number of cards.  The card that began an Alchemy puzzle is
    face up on its room while the puzzle lasts: it stays where it is (the
    puzzle's end takes it from that room)."""
    pinned = {tuple(s.puzzle_card)} if s.puzzle_card else set()
    cards = [c for r in sorted(s.exploration) for c in s.exploration[r] if (r, c) not in pinned]
    rng.shuffle(cards)
    dealt = iter(cards)
    return {r: tuple(c if (r, c) in pinned else next(dealt) for c in s.exploration[r])
            for r in sorted(s.exploration)}


# ---- text ----------------------------------------------------------------------------------
def render(s: Story) -> str:
    if not s.rooms:
        return "(no story set up yet)"
    lines = [
        f"Story {s.story}: {s.story_name} - round {s.turns.round if s.turns else 0}, {s.phase}"
        + (f", {s.current} to play" if s.current else ""),
        f"  threat {s.threat}; events resolved {s.events_resolved}/{len(s.event_texts)}",
    ]
    for room in s.rooms.values():
        lines.append(f"  {room['name']} ({room['tile']}):")
        for space in room["spaces"]:
            who = [
                f"{i.name}{' (hidden)' if i.hidden else ''}" for i in s.active() if i.space == space
            ]
            monsters = [m.id for m in s.on_map() if m.space == space]
            lines.append(f"    {space:<9} {', '.join(who + monsters)}")
    for i in s.investigators.values():
        lines.append(
            f"  {i.seat}: {i.name} health {i.health_left}/{i.health} sanity "
            f"{i.sanity_left}/{i.sanity} {i.status} items {', '.join(i.items) or '-'}"
        )
    if s.revealed and s.objective:
        lines.append("  objective: " + s.objective["investigators"])
    if s.attempter:
        lines.append(render_puzzle(s.alchemy))
    if s.result:
        lines.append(f"  {s.result}")
    if s.epilogue:
        lines.append(f"  epilogue: {s.epilogue}")
    return "\n".join(lines)


def describe(e) -> str:
    if type(e) in ev.PUZZLE_EVENTS:
        return describe_puzzle(e)
    text = DESCRIPTIONS.get(type(e).__name__)
    return text(e) if text else type(e).__name__


DESCRIPTIONS = {
    "MansionBuilt": lambda e: f"the mansion: {len(e.rooms)} rooms",
    "ItemsListed": lambda e: f"{len(e.items)} kinds of item",
    "StoryBegun": lambda e: f"Story {e.story}: {e.name}",
    "InvestigatorJoined": lambda e: f"{e.seat} plays {e.name}, starting in {e.space}",
    "TraitChosen": lambda e: f"{e.seat}'s Trait card: {e.name}",
    "MonstersListed": lambda e: f"{len(e.kinds)} kinds of monster",
    "MonsterTokensSlotted": lambda e: f"tokens slotted into {len(e.tokens)} monster figures",
    "MonsterPlaced": lambda e: f"{e.monster} placed in {e.space}",
    "NamedMonsterPlaced": lambda e: (
        f"{e.name} ({e.monster}) placed in {e.space}, +{e.bonus_health} health"
    ),
    "CombatCardsListed": lambda e: f"{len(e.cards)} Combat cards",
    "CombatDeckShuffled": lambda e: f"{e.deck} Combat deck shuffled ({len(e.order)} cards)",
    "KeeperActionsListed": lambda e: f"{len(e.actions)} Keeper Action cards",
    "TraumaCardsListed": lambda e: f"{len(e.cards)} Trauma cards",
    "SideEffectThreatsListed": lambda e: f"{len(e.threats)} Side Effect cards with a threat cost",
    "TraumaDeckShuffled": lambda e: f"Trauma deck shuffled ({len(e.order)} cards)",
    "TraumaCardsDealt": lambda e: f"the keeper takes {len(e.cards)} Trauma cards",
    "MythosCardsListed": lambda e: f"{len(e.cards)} Mythos cards",
    "MythosDeckShuffled": lambda e: f"Mythos deck shuffled ({len(e.order)} cards)",
    "MythosCardsDealt": lambda e: f"the keeper takes {len(e.cards)} Mythos cards",
    "MythosPlayed": lambda e: f"keeper plays Mythos {e.card} on {e.seat}",
    "InvestigatorMovedByKeeper": lambda e: f"the keeper moves {e.seat} {e.origin} -> {e.to}",
    "MythosDiscarded": lambda e: f"Mythos {e.card} discarded",
    "TimePeriodMarkerPlaced": lambda e: f"Time Period marker on {e.period}",
    "LockCardsPlaced": lambda e: "Lock cards on " + ", ".join(sorted(e.locks)),
    "TimeTravelled": lambda e: f"{e.seat} travels in time: {e.origin} -> {e.to}",
    "SeedsPlanted": lambda e: f"{e.seat} plants the Seeds in the {e.room} ({e.period})",
    "NamedMonsterAwaited": lambda e: (
        f"the keeper must place {e.name} ({e.monster}) in: {', '.join(e.rooms)}"
    ),
    "KeeperGuideRead": lambda e: "the keeper reads the Keeper Guide",
    "StoryChoiceMade": lambda e: "the keeper made the #1 story choice in secret",
    "ExplorationCardsPlaced": lambda e: "Exploration cards placed face down",
    "ObjectiveRevealed": lambda e: f"objective {e.choice} revealed",
    "SecretRevealed": lambda e: "the keeper's secret choice is shown",
    "InvestigatorTurnBegan": lambda e: f"{e.seat}'s turn",
    "TurnEnded": lambda e: f"{e.seat} ends the turn",
    "KeeperTurnBegan": lambda e: f"keeper's turn: +{e.gained} threat",
    "EventCardResolved": lambda e: e.text,
    "InvestigatorMoved": lambda e: f"{e.seat} moves {e.origin} -> {e.to}",
    "InvestigatorRan": lambda e: f"{e.seat} runs",
    "InvestigatorHid": lambda e: f"{e.seat} hides",
    "MistsOfRelehCast": lambda e: f"{e.seat} casts Mists of Releh: moving keeps them hidden",
    "ItemUsed": lambda e: f"{e.seat} uses {e.item}",
    "InvestigatorRecovered": lambda e: f"{e.seat} recovers {e.amount} {e.what}",
    "HidingEnded": lambda e: f"{e.seat} stops hiding",
    "ExplorationCardTaken": lambda e: f"{e.seat} explores the {e.room}: {e.card}",
    "InvestigatorEscaped": lambda e: f"{e.seat} escapes from {e.room}",
    "PuzzleAttemptBegun": lambda e: f"{e.seat} attempts Alchemy Puzzle #{e.tile}",
    "AlchemyCardRevealed": lambda e: (
        f"{e.seat} explores the {e.room}: {e.card} asks for Alchemy Puzzle #{e.tile}"
    ),
    "SideEffectsNowListed": lambda e: f"{len(e.effects)} Side Effect cards act when drawn",
    "MonsterEscaped": lambda e: f"{e.monster} escapes from the {e.room} ({e.space})",
    "SubjectTestMade": lambda e: f"{e.seat} tests {e.test} for Objective 1C",
    "AlchemyCardCleared": lambda e: f"{e.card} is discarded from the {e.room}",
    "PuzzleAttemptEnded": lambda e: f"{e.seat}'s puzzle {'completed' if e.completed else 'failed'}",
    "AttackDeclared": lambda e: f"{e.seat} attacks {e.monster} with {e.item} ({e.weapon})",
    "CombatCardDrawn": lambda e: f"Combat card {e.card}: " + (e.attack or "no matching attack"),
    "CombatCardDiscarded": lambda e: f"Combat card {e.card} discarded",
    "MonsterCombatCardDrawn": lambda e: (
        f"Combat card {e.card} for {e.monster}'s attack"
        + ("" if e.resolved else ": no monster attack")
    ),
    "SpellCast": lambda e: f"{e.seat} casts {e.spell}",
    "ObstacleCleared": lambda e: f"{e.seat} clears the Obstacle {e.card} in the {e.room}",
    "ObstacleHeld": lambda e: f"the Obstacle {e.card} holds the {e.room}",
    "EvadeFailed": lambda e: f"{e.seat} fails to evade {e.monster}: movement ends",
    "CombatDeckReshuffled": lambda e: f"{e.deck} Combat deck reshuffled",
    "AttributeChosen": lambda e: f"{e.seat} tests {e.attribute}",
    "TesterChosen": lambda e: f"{e.seat} chooses {e.tester} to test",
    "TestModified": lambda e: f"{e.seat}: {e.amount:+d} for {e.count} {e.condition}",
    "TestMade": lambda e: (
        f"{e.seat or 'nobody'} tests {e.what} ({e.number}): rolled {e.roll}, "
        + ("passed" if e.passed else "failed")
    ),
    "TestsTallied": lambda e: f"{e.passed} of 2 tests passed: {e.result}",
    "MonsterWounded": lambda e: f"{e.monster} suffers {e.amount} damage",
    "MonsterTokenExamined": lambda e: f"{e.monster}'s token: health {e.health}, damage {e.damage}",
    "ByakheeTokenExamined": lambda e: f"the keeper looks at the bottom of {e.monster}'s token",
    "KeenEyeLooked": lambda e: f"{e.seat} looks at the bottom of {e.monster}'s token (Keen Eye)",
    "MonsterKilled": lambda e: f"{e.monster} is killed",
    "AttackEnded": lambda e: f"{e.seat}'s attack ends",
    "InvestigatorDamaged": lambda e: f"{e.seat} suffers {e.amount} damage",
    "InvestigatorHorrified": lambda e: f"{e.seat} suffers {e.amount} horror",
    "ItemsDropped": lambda e: f"{e.seat}'s items drop in the {e.room}: {', '.join(e.items)}",
    "InvestigatorEliminated": lambda e: f"{e.seat} is eliminated: {e.reason}",
    "HorrorCheckMade": lambda e: f"{e.seat} makes a horror check against {e.monster}",
    "KeeperActionPlayed": lambda e: f"keeper plays {e.card} ({e.cost} threat)",
    "RoomSetOnFire": lambda e: f"room {e.room} is on Fire",
    "RoomDarkened": lambda e: f"room {e.room} goes Dark",
    "TokensSupplied": lambda e: ", ".join(f"{n} {t} tokens" for t, n in e.tokens.items()),
    "TokenPlaced": lambda e: f"a {e.token} token on {e.seat}",
    "MutationTokenPlaced": lambda e: (
        f"a Mutation token on {'the corpse of ' if e.corpse else ''}{e.monster}"
    ),
    "CrawlingHandsDropped": lambda e: f"{e.count} Crawling Hand(s) drop off {e.seat}",
    "SideEffectTargetAsked": lambda e: f"{e.seat} chooses whom {e.card} acts on",
    "SideEffectTargetChosen": lambda e: f"{e.seat} chooses {e.target} for {e.card}",
    "SkillPointGained": lambda e: f"{e.seat} gains {e.amount} skill point(s)",
    "MaxHealthChanged": lambda e: f"{e.seat}'s maximum health {e.amount:+d}",
    "ItemDiscarded": lambda e: f"{e.seat} discards {e.item}",
    "ItemPassed": lambda e: f"{e.item} passes from {e.seat} to {e.to}",
    "InvestigatorStunned": lambda e: f"{e.seat} is stunned",
    "StunEnded": lambda e: f"{e.seat} is stunned: no action this turn",
    "MonsterMoved": lambda e: f"{e.monster} moves {e.origin} -> {e.to}",
    "MonsterAttacked": lambda e: f"{e.monster} attacks {e.seat}",
    "ByakheeQuestionAsked": lambda e: f"{e.monster} asks {e.seat}: {e.question}",
    "ByakheeAnswered": lambda e: f"{e.seat} answers {e.answer}: {e.result}",
    "TraumaPlayed": lambda e: f"keeper plays Trauma {e.card} on {e.seat}",
    "TraumaDiscarded": lambda e: f"Trauma {e.card} discarded",
    "ThreatEffectUsed": lambda e: f"keeper spends {e.cost} threat on {e.card}",
    "KeeperTurnEnded": lambda e: "the keeper ends the turn",
    "GameWon": lambda e: f"the {e.winner} win: {e.reason}",
    "AllPlayersLost": lambda e: f"all players lose: {e.reason}",
    "EpilogueRead": lambda e: f"epilogue ({e.choice}, {e.winner}): {e.text}",
    "NoEpilogue": lambda e: "no epilogue: all players lost",
}
