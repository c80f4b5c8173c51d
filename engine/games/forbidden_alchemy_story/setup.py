"""Setting up a story: the options (story, characters, their Trait cards, who
plays the keeper), the seats, and the setup facts: the mansion for the
story's map, the investigators, the monsters and their secret tokens, the
decks (Combat, Trauma, Mythos, the Alchemy pile and the Side Effect deck),
the Keeper Guide read in secret, the token supply and the Lock cards.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import BadOptions
from engine.games.forbidden_alchemy import events as pev

from . import content
from . import events as ev
from .pieces import KEEPER_SEAT
from .rulebook import in_story

MAX_INVESTIGATORS = 4  # base game: up to five players, one of whom is the keeper


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
            rooms=tuple(_room(r, story["id"]) for r in content.rooms_of(c, story["id"])),
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
            rule=in_story("forbidden_alchemy.setup.shuffle"), pile=dice.shuffled(c.puzzle.pieces)
        ),
        pev.SideEffectDeckShuffled(
            rule=in_story("forbidden_alchemy.setup.side-effect-deck"),
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


def _room(r: dict[str, Any], story: str) -> tuple:
    """A room as MansionBuilt lists it (the rift flag only where the room is the
    story's rift)."""
    found = (
        r["id"],
        r["name"],
        r["tile"],
        tuple(r["spaces"]),
        tuple(r["edge"]),
        r["hiding"],
        r["hallway"],
    )
    return (*found, True) if story in r.get("rift", ()) else found
