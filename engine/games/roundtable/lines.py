"""A fact in one line, as the timeline and the boss's latest turn tell it.

`describe` reads nothing but the fact: the fold (`state.py`) keeps the lines
of the boss's latest turn with it, for the players to read what the boss did
(`Table.boss_news`), and the view re-exports it for the timeline.
"""

from __future__ import annotations

from . import events as ev


def describe(e) -> str:
    match e:
        case ev.GameConfigured():
            return f"players {', '.join(e.seats)}; the game ends by {e.end}"
        case ev.MapLaidOut():
            return f"{e.name} laid out"
        case ev.UnitCardsListed():
            return f"{len(e.cards)} unit cards in the game"
        case ev.UnitDeckShuffled():
            return f"unit deck of {len(e.order)} cards shuffled"
        case ev.CardsDealt():
            return f"{len(e.cards)} unit cards dealt to {e.seat}"
        case ev.CheerGiven():
            return f"{e.seat} receives {e.name}"
        case ev.VictoryPointDeckSorted():
            return f"VP deck sorted: {', '.join(map(str, e.cards))}"
        case ev.DragonVeinTilesGiven():
            return "each player takes a DV Map Tile"
        case ev.ShopCardsListed():
            return f"{len(e.cards)} cards in Anna's Shop deck"
        case ev.ShopDeckShuffled():
            return "Anna's Shop deck shuffled"
        case ev.ShopCardDealt():
            return f"a shop card costing {e.cost} dealt face down to slot {e.slot}"
        case ev.MulliganTaken():
            return (f"{e.seat} keeps the hand" if not e.discarded
                    else f"{e.seat} mulligans {', '.join(e.discarded)}")
        case ev.TurnStarted():
            return f"turn {e.turn}: {e.seat}"
        case ev.CoinsGained():
            return f"{e.seat} gains {e.coins} Anna Coin(s)"
        case ev.CoinsSpent():
            return f"{e.seat} pays {e.coins} Anna Coin(s)"
        case ev.UnitsReadied():
            return f"{e.seat} readies {', '.join(e.units) or 'no units'}"
        case ev.TurnEnded():
            return f"{e.seat} ends the turn"
        case ev.GameEnded():
            return f"game over: {e.result}"
        case ev.CardsDrawn():
            return f"{e.seat} draws {len(e.cards)} card(s)"
        case ev.DiscardsReshuffled():
            return f"discard pile of {len(e.order)} shuffled into the unit deck"
        case ev.CardDiscarded():
            return f"{e.seat} discards {e.card}"
        case ev.ShopCardBought():
            return f"{e.seat} buys the shop card in slot {e.slot} for {e.cost}"
        case ev.UnitDeployed():
            return (f"{e.seat} deploys {e.card} to the {e.slot} slot on {e.square}"
                    + (" with [Haste]" if e.haste else ""))
        case ev.GrayUnitShifted():
            return f"{e.unit} shifts to the {e.slot} slot"
        case ev.UnitActivated():
            return f"{e.unit} activated"
        case ev.UnitMoved():
            return f"{e.unit} moves {e.origin} -> {e.to}"
        case ev.ActivationEnded():
            return f"{e.unit} done"
        case ev.CombatStarted():
            return f"{e.attacker} attacks {e.defender} at range {e.distance}"
        case ev.Struck():
            extra = f" ({', '.join(e.modifiers)})" if e.modifiers else ""
            return (f"{e.blow}: {e.unit} hits {e.target} for {e.damage} "
                    f"(ATK {e.atk} - DEF {e.defence}){extra}, {e.hp} HP left")
        case ev.BlowSkipped():
            return f"no {e.blow} by {e.unit}: {e.reason}"
        case ev.ShapestoneDiscarded():
            return f"{e.unit} discards its Shapestone"
        case ev.UnitDefeated():
            return f"{e.unit} ({e.owner}) is defeated"
        case ev.VictoryPointTokensGained():
            return f"{e.seat} gains {e.tokens} VP token(s)"
        case ev.DragonVeinGained():
            return f"{e.seat} gains {e.dv} DV"
        case ev.DragonVeinSpent():
            return f"{e.seat} spends {e.dv} DV"
        case ev.CastleCaptured():
            return f"{e.unit} captures the castle on {e.square}: {e.seat} takes the {e.vp} VP card"
        case ev.UnitRetired():
            return f"{e.unit} retires"
        case ev.DragonVeinTilePlaced():
            return f"{e.seat}'s DV Map Tile on {e.square}, {e.side} up"
        case ev.UnitBumped():
            return f"{e.unit} BUMPed {e.origin} -> {e.to}"
        case ev.HitPointsRestored():
            return f"{e.target} restores {e.restored} HP ({e.hp} HP)"
        case ev.UnitPlaced():
            return f"{e.unit} placed {e.origin} -> {e.to}"
        case ev.DamageDealt():
            return f"{e.target} takes {e.damage} damage ({e.hp} HP left)"
        case ev.SpecialUsed():
            return f"{e.unit} uses its special {e.skill}"
        case ev.AttackDeclared():
            return f"{e.attacker} attacks {e.defender}: {e.seat} may react"
        case ev.CombatBonusGranted():
            gains = ", ".join(f"{n:+d} {stat.upper()}" for stat, n in e.bonuses)
            return f"{e.unit} gets {gains} for this combat ({e.source})"
        case ev.ReactionsDeclined():
            return f"{e.seat} reacts no further"
        case ev.CombatEnded():
            return f"combat of {e.attacker} and {e.defender} over"
        case ev.ShopCardUsed():
            return f"{e.seat} plays {e.name}"
        case ev.BossChosen():
            return f"the boss is {e.board['name']} with {e.lives} lives"
        case ev.BossTilePlaced():
            return f"the boss tile is placed on {e.square}"
        case ev.BossDeckShuffled():
            return f"boss deck of {len(e.order)} cards shuffled"
        case ev.BossCardDrawn():
            return f"current boss card: {e.card}"
        case ev.BossTurnStarted():
            return f"turn {e.turn}: the boss ({e.asker} answers its questions)"
        case ev.BossRolled():
            return f"the boss rolls {e.value}: target {e.target}"
        case ev.BossMoved():
            return f"the boss moves {e.origin} -> {e.to}"
        case ev.BossAttacksQueued():
            return f"units in the way: the boss attacks {', '.join(e.units)}"
        case ev.BossEffectQueued():
            return f"the boss card hits {', '.join(e.units)}: the players choose the order"
        case ev.BossEffectOrdered():
            return f"the boss card's effect hits {e.unit} next"
        case ev.BossAttackChosen():
            return f"the boss attacks {e.unit} with its {e.colour} corner at range {e.distance}"
        case ev.BossStruck():
            return (f"{e.blow}: {e.unit or 'an effect'} hits the boss's {e.colour} bar for {e.damage}, "
                    f"{e.hp} left")
        case ev.BossLifeLost():
            return f"the boss loses a life: {e.lives} left"
        case ev.BossRestored():
            return "the boss restores " + ", ".join(f"{n} {c}" for c, n in e.restored.items())
        case ev.UnitsExhausted():
            return f"exhausted: {', '.join(e.units)}"
        case ev.BossCardFlipped():
            details = ", ".join(f"{k} {v}" for k, v in e.effect.items() if k != "do")
            return f"boss card {e.name} flipped: {e.effect['do']}" + (f" ({details})" if details else "")
        case ev.BossDeckReshuffled():
            return f"boss deck rebuilt from {len(e.order)} cards"
        case ev.BossRotated():
            return "the boss turns clockwise: " + ", ".join(f"{d} {c}" for d, c in e.corners.items())
        case ev.BossTurnEnded():
            return "the boss's turn ends"
        case ev.UnitRemoved():
            return f"{e.unit} removed"
        case ev.SummonRolled():
            return f"summoning {e.what}: X {e.x}, Y {e.y} -> {e.square}"
        case ev.SummonPlaced():
            return f"the boss summons {e.summon} ({e.kind}) on {e.square}"
        case ev.SummonLost():
            return f"no {e.what} summoned: {e.reason}"
        case ev.MinionDefeated():
            return f"{e.summon} is defeated"
        case ev.SummonsCleared():
            return f"the boss moves over {', '.join(e.summons)}: back to the supply"
        case ev.AllyInvited():
            return f"{e.seat} may now move and act with {e.unit}"
        case ev.AllyActionEnded():
            return f"{e.seat} is done with {e.unit}"
        case ev.BuffGranted():
            gains = ", ".join(f"{n:+d} {stat.upper()}" for stat, n in e.bonuses)
            return f"{e.unit} gets {gains} until {e.seat}'s next turn ({e.source})"
        case ev.BuffsExpired():
            return f"{e.seat}'s turn: bonuses on {', '.join(e.units)} end"
        case ev.BossPlanDelayed():
            return f"{e.unit} delays the boss's plan: it completes after boss turn {e.plan_turns}"
        case ev.PickpocketRolled():
            return f"{e.unit} picks a pocket: rolled {e.value}"
        case ev.AttachmentPlaced():
            return f"{e.seat} attaches {e.name} to {e.unit}" + (
                f" (replacing {e.replaced})" if e.replaced else "")
    return type(e).__name__
