"""Rule references for `roundtable`: rule id -> rulebook section, our explanation.

Sections are those of "Anna's Roundtable: The Fan Made Fire Emblem Board
Game Rulebook" (`../shared/rulebooks/annas-roundtable.txt`).  Explanations
are written for this project.  Where the rulebook is silent the entry says
"Our reading" or "Our rule" and gives the reason.
"""

from engine.core.rules import CORE_RULES, RuleBook, table

SETUP = "I. Game Setup"
CARD = "II. Card Breakdown"
START = "III. Turn Actions > Start of Turn"
SUMMARY = "III. Turn Actions > Turn Action Summary"
DEPLOY = "III. Turn Actions > Deploying Units"
GENERAL = "III. Turn Actions > General Turn Actions"
DV = "III. Turn Actions > Dragon Vein Abilities"
MOVE = "IV. Tiles & Movement Rules > General Movement Rules"
TERRAIN = "IV. Tiles & Movement Rules > Terrain Effects"
TILES = "IV. Tiles & Movement Rules > DV Map Tiles"
MAPS = "IV. Tiles & Movement Rules > Map Overview"
ACTIONS = "V. Unit Actions"
ATTACK = "V. Unit Actions > Attacking"
CAPTURE = "V. Unit Actions > Capturing"
RETIRE = "V. Unit Actions > Retire / Work"
STEPS = "VI. Combat Rules > Steps to Combat"
RANGE = "VI. Combat Rules > Attack Range"
DEATH = "VI. Combat Rules > Unit Death"
OURS = "Not in the rulebook (our rule)"
POSITIONS = "Not in the rulebook: positions written by hand (docs/positions/roundtable.md)"
BOSS = "VIII. Boss Mode"
B_SETUP = BOSS + " > Setup"
B_CLAR = BOSS + " > Clarifications & Changes in Boss Mode"
B_BASICS = BOSS + " > Boss Mode Basics"
B_PLAYER = BOSS + " > On Player Turns"
B_ATTACK = BOSS + " > Attacking Bosses"
B_TURN = BOSS + " > On Boss Turns"


RULES = CORE_RULES + RuleBook(
    # I. Game Setup
    *table(SETUP, {
        "roundtable.setup.players": "Two players; p1 takes the first turn. The rulebook lets the table pick the first player, so the seat order stands for that choice. The end-of-game rule chosen at setup is recorded here too.",
    }),
    *table(SETUP + " (step 4); " + MAPS, {
        "roundtable.setup.map": "The chosen 6x6 map is laid out: its terrain, each player's deployment zone (p1 at the bottom edge, p2 at the top) and, on the Pixel Art map, its two special Work squares. The layouts are stand-in data because the printed maps are pictures.",
    }),
    *table(SETUP + " (step 1)", {
        "roundtable.setup.unit-deck": "The unit cards are listed with their stats and shuffled into one face-down unit deck.",
    }),
    *table(SETUP + " (step 2)", {
        "roundtable.setup.deal": "Each player is dealt six unit cards from the top of the deck into a hidden hand.",
        "roundtable.setup.cheer": "The player who goes second gets the card Anna's Cheer.",
        "roundtable.setup.mulligan": "Once during setup each player, first player first, may discard any number of their six cards (none is allowed) and then draws back up to six.",
        "roundtable.setup.mulligan-once": "The mulligan is a one-off during setup; it cannot be taken again later.",
        "roundtable.setup.mulligan-cards": "Only cards actually held can be discarded in the mulligan.",
    }),
    *table(SETUP + " (step 3)", {
        "roundtable.setup.vp-deck": "The nine VP cards form a face-up deck sorted with the smallest value on top; captures take from the top. Values are stand-in data.",
        "roundtable.setup.first-game": "For a first (or quicker) game the two 8-point cards at the bottom of the VP deck are left out (option first_game=yes).",
    }),
    *table(SETUP + " (step 6)", {
        "roundtable.setup.dv-tile": "Each player holds one two-sided DV Map Tile (Plains / Ruins), off the map until placed.",
    }),
    *table(SETUP + " (step 7)", {
        "roundtable.setup.shop": "Anna's Shop deck is shuffled and three cards are dealt face down to the shop; only the coin cost on their backs shows.",
    }),
    *table(DEPLOY + "; " + CARD, {
        "roundtable.deploy.slots": "Our reading: the 1 vs 1 player board has three unit slots, red, green and blue (a Gray unit takes any of them, so at most three units are deployed). The four meeples per player are one per colour including Gray.",
    }),
    # III. Turn Actions
    *table(SUMMARY, {
        "roundtable.turn.order": "Players alternate whole turns, p1 first; the turn number counts both players' turns.",
        "roundtable.turn.end": "You take turn actions in any order and as many as the rules allow, then end your turn.",
        "roundtable.activate.own": "You only activate, move or shift your own units.",
    }),
    *table(START, {
        "roundtable.turn.start-coin": "At the start of your turn you gain one Anna Coin.",
        "roundtable.turn.start-ready": "At the start of your turn every one of your exhausted units becomes Ready.",
    }),
    *table(SUMMARY + " (NOTE)", {
        "roundtable.turn.complete-action": "A started action is completed before another begins: while a unit is mid-activation, only its unit action (or waiting) may follow.",
    }),
    *table(DEPLOY, {
        "roundtable.deploy.once": "The ordinary deploy is limited to one per turn.",
        "roundtable.deploy.in-hand": "You deploy a unit card from your own hand.",
        "roundtable.deploy.slot-free": "The unit slot must be unoccupied.",
        "roundtable.deploy.one-gray": "A Gray unit may use any free slot, but only one Gray unit may be deployed at a time.",
        "roundtable.deploy.one-legendary": "Only one Legendary unit may be deployed at a time.",
        "roundtable.deploy.zone": "The unit's meeple goes onto an unoccupied square of your own deployment zone.",
        "roundtable.deploy.exhausted": "A unit arrives Exhausted, so it cannot be activated in the turn it is deployed; a [Shapeshifter] arrives with its Shapestone token.",
        "roundtable.deploy.draw": "After deploying you draw straight back up to six unit cards.",
    }),
    *table(DEPLOY + "; " + CARD + " (5)", {
        "roundtable.deploy.slot-colour": "A coloured unit only goes into the unit slot of its own colour.",
    }),
    *table(GENERAL, {
        "roundtable.cards.reshuffle": "Our reading: the rulebook never says what happens when the unit deck runs out; the discard pile is shuffled into a new deck so players can always draw back up to six.",
        "roundtable.discard.first-free": "Your first discard in a turn costs nothing.",
        "roundtable.discard.cost": "Every further discard in the same turn costs one Anna Coin.",
        "roundtable.discard.in-hand": "Only a unit card in your hand can be discarded.",
        "roundtable.discard.draw": "After a discard you draw back up to six unit cards.",
        "roundtable.shift.gray": "Only a deployed Gray unit can change unit slots.",
        "roundtable.shift.slot-free": "The Gray unit moves to another of your unit slots that is unoccupied.",
        "roundtable.shift.cost": "Shifting a Gray unit costs one Anna Coin.",
        "roundtable.shop.slot": "You buy one of the face-down cards lying in Anna's Shop.",
        "roundtable.shop.cost": "A shop card costs the Anna Coins printed on its back.",
        "roundtable.shop.buy": "A bought shop card goes into your hand, where you now see what it does.",
        "roundtable.shop.refill": "A new card from the shop deck replaces the one bought, face down. Our reading: with the shop deck empty, the slot stays empty.",
        "roundtable.coins.not-enough": "You cannot pay Anna Coins you do not have.",
        "roundtable.shop.in-hand": "You only use shop cards from your own hand.",
    }),
    # Dragon Vein
    *table(DV, {
        "roundtable.dv.not-enough": "You cannot spend Dragon Vein crystals you do not have.",
        "roundtable.dv.tile-unit": "A DV Map Tile can only be put on a square without a unit.",
        "roundtable.dv.tile-other": "A DV Map Tile cannot go onto another DV Map Tile, and you never move your opponent's tile.",
        "roundtable.dv.tile-pinned": "While a unit stands on your DV Map Tile, the tile cannot be moved.",
        "roundtable.dv.tile-same": "Our reading: paying to put the tile back exactly as it lies changes nothing, so it is refused; turning it over in place is allowed.",
        "roundtable.dv.bump": "For two DV you BUMP any unit, yours or an enemy's, one square.",
        "roundtable.dv.haste": "For three DV you deploy a unit with [Haste]: it arrives Ready and may be activated this turn. This is on top of the ordinary deploy of the turn; the other deploy rules hold.",
        "roundtable.dv.haste-once": "Our reading of 'in addition to your normal deploy action once per turn': the [Haste] deploy itself is limited to one per turn (besides the ordinary deploy), in 1 vs 1 and in Boss Mode.",
    }),
    *table(DV + "; " + TILES, {
        "roundtable.dv.tile": "For one DV you place your DV Map Tile, or move it, with either side up: Plains makes the square plain, Ruins makes it impassable to every unit.",
    }),
    *table(TILES, {
        "roundtable.dv.tile-side": "A DV Map Tile shows one of its two sides, plains or ruins.",
        "roundtable.terrain.ruins": "A square covered by a DV Map Tile's Ruins side cannot be entered by any unit.",
    }),
    *table(DV + "; " + TERRAIN + " (**)", {
        "roundtable.dv.tile-deployment": "Deployment squares are the only squares a DV Map Tile may never cover.",
    }),
    *table(DV + "; " + MOVE + "; " + CARD + " (4)", {
        "roundtable.dv.bump-step": "Our reading: the BUMP's 'any direction' means any of the four orthogonal directions, since movement is never diagonal and map stats count cardinal directions only. Players who read it literally may choose option bump=any: the unit goes to any of the eight squares around it.",
    }),
    *table(DV + "; " + TERRAIN, {
        "roundtable.dv.bump-enter": "A BUMP cannot put a unit on a square it could not enter by moving, nor on an occupied square.",
    }),
    # IV. Movement
    *table(SUMMARY + "; " + ACTIONS, {
        "roundtable.activate.ready": "Only a Ready unit can be activated; activating it exhausts it. It moves (or not) and then takes one unit action.",
    }),
    *table(ACTIONS, {
        "roundtable.activate.one-action": "An activated unit takes one unit action after its move, and its activation is over.",
        "roundtable.activate.wait": "A unit that moved may end its activation without a unit action; 'wait' applies only to the unit that just moved.",
    }),
    *table(MOVE, {
        "roundtable.move.mov": "An activated unit moves up to its MOV in orthogonal steps (never diagonally).",
        "roundtable.move.stay": "A move must go somewhere; a unit that acts where it stands gives its unit action directly.",
        "roundtable.move.no-end-on-unit": "A unit may pass its allies but may not end its move on a square holding a unit.",
    }),
    *table(MOVE + "; " + TERRAIN, {
        "roundtable.move.blocked": "A unit cannot move through enemy units (in Boss Mode: the boss tile and its summons; every player's units are allies there and may be passed), squares it cannot enter, or past forest, water and mountain squares, which end its move when entered.",
    }),
    *table(TERRAIN, {
        "roundtable.terrain.forest": "Forest ends a move when entered; [Cavalry] cannot enter it; [Flying] ignores it.",
        "roundtable.terrain.water": "Water ends a move when entered; [Cavalry] and [Armored] cannot enter it; [Flying] ignores it, even when also [Cavalry] or [Armored].",
        "roundtable.terrain.mountain": "Mountain ends a move when entered; [Cavalry] and [Flying] cannot enter it.",
    }),
    *table(TERRAIN + " (Deployment Zone)", {
        "roundtable.terrain.deployment": "Enemy units may not enter your deployment zone. In Boss Mode the players are allies ('ally units' include every player's units), so a unit may enter another player's zone.",
    }),
    *table(MAPS, {
        "roundtable.map.square": "Squares are named A1 to F6, A1 at the top left (p2's side).",
    }),
    # V. Unit Actions
    *table(ATTACK, {
        "roundtable.attack.enemy": "An attack targets an enemy unit.",
    }),
    *table(ATTACK + "; " + RANGE, {
        "roundtable.attack.range": "The target must be exactly at a distance the attacker's RNG allows, counted orthogonally (1, 2, or 1-2).",
    }),
    *table(CAPTURE, {
        "roundtable.capture.castle": "A unit can only capture while standing on a castle tile.",
        "roundtable.capture.once": "Only one capture per turn; the same castle may be captured again on later turns, even by the same unit.",
        "roundtable.capture.vp": "Capturing takes the top card of the VP deck.",
    }),
    *table(CAPTURE + "; " + DV, {
        "roundtable.capture.dv-tile": "A castle covered by a DV Map Tile cannot be captured.",
        "roundtable.capture.dv": "A capture gives the opponent one DV.",
    }),
    *table(OURS, {
        "roundtable.capture.vp-deck": "Our reading: with the VP deck empty there is nothing to capture (only possible with end=rounds).",
        "roundtable.end.vp-deck": "Our rule, because the 1 vs 1 rulebook gives no end: the game ends as soon as the last VP card is taken. Most VP (VP cards plus VP tokens) wins, then more VP tokens; otherwise a draw. Option end=vp-deck (the default).",
        "roundtable.end.rounds": "Our rule: the game also ends after the round limit (option rounds, default 20; 0 for none), scored as for end.vp-deck, so that a game without captures still ends. With end=rounds only the limit ends it.",
    }),
    *table(RETIRE, {
        "roundtable.work.coin": "Work gains one Anna Coin.",
        "roundtable.retire.cost": "Retiring costs three Anna Coins and is the unit's action.",
        "roundtable.retire.discard": "The retired unit is discarded; no one gains VP for it. Our reading: it does not count as a unit lost for the second-loss DV rule.",
        "roundtable.retire.dv": "Retiring gains its owner one DV.",
    }),
    *table(MAPS + " (*)", {
        "roundtable.work.pixel-dv": "Working on the Pixel Art map's * square gives one DV instead of the coin.",
    }),
    *table(MAPS + " (**)", {
        "roundtable.work.pixel-coin": "Working on the Pixel Art map's ** square gives one extra Anna Coin.",
    }),
    *table(TILES + "; " + MAPS, {
        "roundtable.work.dv-tile": "A DV Map Tile covering one of the Pixel Art map's special Work squares takes its bonus away while it lies there: its Plains side leaves a square no special properties (Work then gains the ordinary coin).",
    }),
    # VII. Unit Tags: the assist tags
    *table("V. Unit Actions > Assist Abilities", {
        "roundtable.assist.none": "Only a unit with an assist ability can take the Assist action: one of the assist tags Grab, Reposition, Shove and Physic, or an Assist skill.",
        "roundtable.assist.enter": "Like a BUMP, an assist only moves a unit onto a free square it could enter by moving.",
    }),
    *table("VII. Unit Tags", {
        "roundtable.assist.ally": "The assist tags target an ally: in 1 vs 1 another of your own units. Our reading: a unit never targets itself.",
        "roundtable.assist.square": "Grab and Reposition name the square the move ends on; Physic and Shove name none.",
        "roundtable.assist.adjacent": "Grab, Reposition and Shove target an ally orthogonally next to the assisting unit.",
    }),
    *table("VII. Unit Tags (Physic)", {
        "roundtable.assist.physic": "Physic restores 3 HP to an ally up to 2 squares away (orthogonally counted), never above its printed HP.",
    }),
    *table("VII. Unit Tags (Shove)", {
        "roundtable.assist.shove": "Shove pushes the adjacent ally one square further away, in line with the assisting unit.",
    }),
    *table("VII. Unit Tags (Reposition)", {
        "roundtable.assist.reposition": "Reposition moves the adjacent ally to any free square next to the assisting unit.",
    }),
    *table("VII. Unit Tags (Grab)", {
        "roundtable.assist.grab": "Grab either swaps places with the adjacent ally, or moves the assisting unit one square and puts the ally on the square it left.",
    }),
    # II. Card Breakdown: skills, and the shop cards' effects
    *table(CARD + " (6): Assist", {
        "roundtable.assist.skill": "A unit whose skill is an Assist uses it as its unit action, resolving its effect (here: restore HP to an ally within its range).",
    }),
    *table(CARD + " (6): Special; V. Unit Actions > Special Abilities", {
        "roundtable.special.none": "Only a unit whose skill is a (non-reaction) Special can use it as its unit action.",
        "roundtable.special.token": "A unit is deployed with one Special Ability token when its skill is a special (reactions included) and never gains another; using the special discards it.",
    }),
    *table(CARD + " (6): Special", {
        "roundtable.special.effect": "The special's effect resolves as written on the card (stand-in effects: damage an enemy in range or every enemy in an area, restore HP to an ally, Ready an ally, give an ally a bonus until your next turn, push an enemy, gain coins).",
    }),
    *table(CARD + " (6)", {
        "roundtable.effect.target": "An effect takes the target its text calls for (an enemy or ally unit within its range, or none); a unit's own effect never targets itself (our reading).",
    }),
    *table(CARD + " (6): Reaction specials; " + GENERAL + ": Reaction", {
        "roundtable.reaction.window": "When an attack is declared (in Boss Mode: when the boss attacks a unit), the defender's player may react before any blow. Our reading: the question is asked whenever a reaction could exist from what everyone sees (a reaction special with its token, or any shop card in hand), so asking betrays nothing; nothing else happens until they pass.",
    }),
    *table(CARD + " (6): Reaction specials; V. Unit Actions > Special Abilities", {
        "roundtable.reaction.special": "A reaction special is used when its condition arises, even in the opponent's turn, without using the unit's action; it discards the Special Ability token. Stand-in reactions trigger on the unit being attacked and give it stats for that combat.",
        "roundtable.reaction.ally-attacked": "A reaction special's condition need not be its own unit being attacked: the stand-in trigger 'ally-attacked' lets a unit answer an attack on a unit of the same player next to it, giving the attacked unit the bonus and discarding the reacting unit's token. In Boss Mode every player's units are allies, so another player whose unit stands next to the attacked one may react too (listed among the seats that may act); the attacked unit's player still closes the window by passing (our reading: the players agree among themselves first).",
    }),
    *table(GENERAL + ": Reaction", {
        "roundtable.reaction.card": "A reaction shop card is played when its condition is met, resolved at once and discarded.",
        "roundtable.reaction.condition": "A reaction is only played while its condition holds: here, while an attack on the unit waits for reactions.",
    }),
    *table(CARD + " (6): Reaction specials", {
        "roundtable.reaction.pass": "Reactions are never compulsory; once the player passes, the combat goes ahead with any bonuses gained.",
    }),
    *table(STEPS, {
        "roundtable.combat.end": "The combat is over; bonuses that lasted for it lapse.",
    }),
    *table(GENERAL + ": Item", {
        "roundtable.shop.item": "An item resolves its effect and is discarded (a healing item can target any of your units).",
    }),
    *table(GENERAL + ": Attachment", {
        "roundtable.shop.attachment": "An attachment goes beneath one of your deployed units and gives it its effect; a new attachment on the same unit discards the old, and it is discarded with the unit.",
    }),
    *table(CARD + " (6): Passive; VI. Combat Rules > Skill Effects in Combat", {
        "roundtable.combat.passive": "A passive skill or attachment adds its stats during combat while its condition holds; a passive counts once however many times its condition is met. An 'ally next to it' condition counts, in Boss Mode, every player's units (they are all allies).",
    }),
    # VI. Combat
    *table(STEPS + " (1); VI. Combat Rules > Weapon Triangle; VI. Combat Rules > Skill Effects in Combat", {
        "roundtable.combat.attack": "The attacker strikes first: damage is its ATK minus the defender's DEF (never below 0). ATK gets +1 with weapon-triangle advantage (red beats green, green beats blue, blue beats red) and -1 with disadvantage, nothing for same colours or Gray; an effectiveness tag adds +2 ATK against a unit with the tag it names.",
    }),
    *table(STEPS + " (2); " + RANGE, {
        "roundtable.combat.counter": "A surviving defender strikes back if the attacker stands at a distance its own RNG covers.",
        "roundtable.combat.counter-range": "No counter attack when the attacker is outside the defender's range.",
    }),
    *table(STEPS + " (2)", {
        "roundtable.combat.counter-defeated": "A defender brought to 0 HP is removed at once and never counters.",
    }),
    *table(STEPS + " (3)", {
        "roundtable.combat.follow-up": "If both units still stand, the one with the higher SPD, attacker or defender, strikes once more if its range reaches.",
        "roundtable.combat.follow-up-equal": "Equal SPD: no follow-up attack.",
        "roundtable.combat.follow-up-range": "The faster unit does not follow up when its range does not reach its opponent.",
    }),
    *table(STEPS + " (1); " + CARD + " (2)", {
        "roundtable.combat.shapestone": "A [Shapeshifter] with its Shapestone fights with its shapeshifted ATK, SPD and DEF; the token is discarded when the combat ends.",
    }),
    *table(DEATH, {
        "roundtable.death.discard": "A unit at 0 HP is defeated: its card goes to the discard pile and its meeple leaves the map.",
    }),
    *table(DEATH + "; " + ATTACK, {
        "roundtable.death.vp": "Defeating an enemy unit gains one VP token.",
    }),
    *table(DEATH + "; " + CARD + " (1)", {
        "roundtable.death.vp-legendary": "Defeating a Legendary unit gains two VP tokens.",
    }),
    *table(DEATH + "; " + DV, {
        "roundtable.death.dv": "Losing a unit gains its owner one DV.",
        "roundtable.death.dv-second": "Losing another unit in the same turn (whoever's turn it is) gains two DV instead.",
    }),
    # VIII. Boss Mode
    *table(B_SETUP + "; " + BOSS, {
        "roundtable.boss.setup": "Boss Mode is co-op for 2 to 4 players (option mode=boss, the default with 3 or 4): the chosen boss's board and shuffled card deck, its 2x2 tile in the middle of the flat map, and each player's deployment zone along their own edge (p1 bottom, p2 top - opposite, as two players must sit - p3 left, p4 right: our reading of the edges). No shop, coins, VP cards or DV Map Tiles; the hands are dealt as in 1 vs 1. Bosses are stand-in data.",
    }),
    *table(B_BASICS + " (Turn Order)", {
        "roundtable.boss.turn-order": "The boss takes a turn after every player (P1, Boss, P2, Boss, ...), or after every two players with four (P1, P2, Boss, P3, P4, Boss). The boss's turns are the system seat's; the player whose turn came just before answers the questions a boss turn raises (our reading: the players decide together, one seat records it).",
    }),
    *table(B_PLAYER + " (Turn Overview); " + B_PLAYER + " (Dragon Vein)", {
        "roundtable.boss.start-dv": "At the start of your turn in Boss Mode you gain one DV (not coins) and ready your units.",
    }),
    *table(B_PLAYER, {
        "roundtable.boss.deploy-colour": "The Boss Mode player board has two unit slots, and you may not have two deployed units of the same colour.",
        "roundtable.boss.discard-once": "In Boss Mode you discard at most one card per turn, free, and draw back up to six.",
    }),
    *table(B_PLAYER + " (Unit Actions)", {
        "roundtable.boss.no-capture": "Units cannot Capture or Retire in Boss Mode.",
        "roundtable.boss.work": "Work in Boss Mode gains one DV.",
    }),
    *table(BOSS + "; " + B_CLAR, {
        "roundtable.boss.no-shop": "Boss Mode has no shop cards and no Anna Coins: no buying, using shop cards or shifting a Gray unit for a coin.",
    }),
    *table(B_PLAYER + " (Dragon Vein)", {
        "roundtable.boss.dv-uses": "In Boss Mode DV buys only the three Boss Mode abilities; no DV Map Tile and no BUMP.",
        "roundtable.boss.dv-move": "For one DV a unit you control moves up to 2 squares in one cardinal direction. Our reading: by the movement rules - only over squares it could enter by moving, past other player units (allies) but never ending on a unit; the move does not activate or exhaust it.",
        "roundtable.boss.dv-remove": "For two DV you remove a unit you control from the map (its card is discarded; nobody gains anything).",
        "roundtable.boss.death-dv": "When a unit of yours is defeated you gain one DV (only its owner does, and nothing for a Legendary unit); nobody gains VP in Boss Mode.",
    }),
    *table(B_CLAR, {
        "roundtable.boss.coins-as-dv": "An effect that would gain or spend Anna Coins gains or spends a single DV for the whole effect instead.",
        "roundtable.boss.enemy-tokens": "Effects and attacks aimed at enemy units may target the boss or its minions, never tokens: a token is not a unit.",
    }),
    *table(B_SETUP + " (step 2)", {
        "roundtable.boss.tile": "The boss tile covers 2x2 squares: no unit may enter or pass them, nor be deployed there.",
    }),
    *table(B_ATTACK, {
        "roundtable.boss.corner": "An attack on the boss names the corner it strikes by the colour that corner shows now.",
        "roundtable.boss.corner-range": "A unit may only attack a boss corner within its range (counted orthogonally to that corner's square).",
        "roundtable.boss.attack": "Damage goes to the HP bar of the attacked corner's colour, and that colour counts for the weapon triangle; the boss's DEF and tags are the current boss card's. A bar never goes below empty, so striking an empty bar achieves nothing (allowed, as the rulebook only calls it pointless).",
    }),
    *table(B_ATTACK + " (Boss Stats & Counter Attacks)", {
        "roundtable.boss.counter": "Unless the attack took a life, the boss counters when the attacker is within the current card's range of the attacked corner, with the card's ATK and the corner's colour (an effectiveness tag on the card adds +2 ATK against a unit with the named tag, as for units).",
        "roundtable.boss.no-counter": "No counter attack when the boss lost a life to the attack, or when the attacker is outside the card's range.",
    }),
    *table(STEPS + " (3); " + B_ATTACK, {
        "roundtable.boss.follow-up": "A follow-up between a unit and the boss goes to the faster side (the boss's SPD is the card's), if its range reaches.",
    }),
    *table(B_ATTACK + " (Defeating a Boss)", {
        "roundtable.boss.life": "When every HP bar is empty the boss loses a life and all its damage is removed. Our reading: the passage speaks of the damage going when the 'last' life is lost, yet a boss with lives to spare could never lose another one with its bars still empty, so the damage is cleared at every life lost.",
    }),
    *table(B_BASICS + " (Win / Lose Conditions)", {
        "roundtable.boss.win": "The boss losing its last life is the players' victory.",
        "roundtable.boss.lose": "Each boss board sets the players' defeat; the stand-in bosses complete their plan, and the players lose, when the boss finishes its N-th turn (plan_turns on the board).",
    }),
    *table(B_TURN + " (Step 1)", {
        "roundtable.boss.start": "A boss turn starts with the start-of-turn effects its board lists (stand-in: restoring HP, summoning a minion or token).",
    }),
    *table(B_TURN + " (Step 1: Boss Effects & Summoning)", {
        "roundtable.boss.summon": "To summon, two dice are rolled: X counts columns from the left edge and Y rows up from the bottom edge (p1's side), so (1, 1) is A6 and (2, 3) is B4 - our reading of the rulebook's example on the 6x6 map. The minion or token is put on that square if it is free.",
        "roundtable.boss.summon-supply": "The boss board gives how many pieces of each minion or token there are; with all of them on the map the boss summons nothing. Our reading: a defeated minion's piece goes back and can be summoned again.",
        "roundtable.boss.summon-square": "A minion is an enemy unit, so player units cannot pass or stop on its square; our reading: a token fills its square in the same way, and nothing is deployed onto a summon.",
    }),
    *table(B_TURN + " (Step 1: Boss Effects & Summoning); " + B_SETUP + " (step 1)", {
        "roundtable.boss.reference": "When the rolled square is taken - by a unit, the boss tile, another summon, or a player's deployment square (closed to the boss's pieces as deployment zones are to enemy units: our reading) - the boss's reference card decides: stand-in cards either hurt a player unit standing there and use the nearest free square (ties: top-most, then left-most), or roll again a limited number of times and then summon nothing.",
    }),
    *table(B_TURN + " (Step 2A)", {
        "roundtable.boss.summon-cleared": "Our reading, the rulebook being silent: when the boss tile moves onto its own minions or tokens, those pieces go back to the supply.",
        "roundtable.boss.roll": "One die picks the destination among the targets on the current boss card's back.",
        "roundtable.boss.move": "With no player unit on the destination's squares, the tile moves there, wherever it was.",
    }),
    *table(B_PLAYER + " (Unit Actions: Attack)", {
        "roundtable.boss.minion-attack": "A unit may attack a summoned minion within its range: the ordinary combat steps, the minion using its printed colour, stats, range and tags (stand-in data on the boss board). Our reading: the rulebook gives minions no turn and no action of their own (it only says how they are summoned, that units may attack them and that effects on enemy units may target them), so they never move or attack by themselves: they act only when the boss board or the current boss card says so (stand-in: Dragon Scales, minions-strike), and they fight back when attacked.",
    }),
    *table(B_PLAYER + " (Unit Actions: Attack); " + B_CLAR, {
        "roundtable.boss.minion-defeated": "A minion at 0 HP leaves the map; nobody gains VP or DV for it (Boss Mode has none for defeating enemies).",
    }),
    *table(B_TURN + " (Step 2A/2B)", {
        "roundtable.boss.blocked": "Player units on the destination cancel the move: the boss attacks every one of them instead, however far away it is.",
    }),
    *table(B_TURN + " (Step 2B)", {
        "roundtable.boss.attack-choice": "The players choose the order of the boss's attacks; it attacks with the corner whose colour beats the unit, or, if that bar is empty, a corner of the players' choice (our reading: also for Gray units, which no colour beats, and only corners with HP left); with a 1-2 card the players choose the range. When only one choice exists the boss takes it by itself.",
        "roundtable.boss.strike": "The boss's attack: the card's ATK (with the corner's colour for the triangle, and +2 from an effectiveness tag on the card against the named tag) minus the unit's DEF; the unit counters only if the chosen range is within its own, then the faster side follows up.",
    }),
    *table(B_TURN + " (Step 3); " + B_SETUP + " (step 3)", {
        "roundtable.boss.card": "The current boss card is flipped, its effect executed, and the next card of the deck becomes current (its stats and movement targets are public; the deck's order is hidden). Our reading: the deck lies mini-map side up, but the players must know the current card's ATK, SPD, DEF and RNG to fight it, and with them the card is known, so the whole current card, effect included, is shown to everyone; only the cards below it stay hidden.",
    }),
    *table(B_TURN + " (Step 3)", {
        "roundtable.boss.card-effect": "The flipped card's effect (stand-in primitives: damage to every player unit, restoring the boss's bars, exhausting units near the tile, summoning, each minion hurting the player units next to it).",
        "roundtable.boss.card-order": "When the card's effect hits several player units one after the other (damage to every unit, minions striking the units next to them), the players choose the order: they name the next unit until all have taken it, and only then does the next boss card become current. With one unit hit there is nothing to choose. Our reading: exhausting units near the tile happens to all of them at once, so it asks nothing.",
        "roundtable.boss.reshuffle": "When the boss deck runs out, every discarded boss card is shuffled into a new deck.",
    }),
    *table(B_TURN + " (Step 4)", {
        "roundtable.boss.rotate": "Every boss turn ends with the tile turning 90 degrees clockwise: each corner's colour moves one corner on, which changes the corners units can reach. (The section announces three steps but lists four; all four are played, in the listed order.)",
    }),
    # VIII. Boss Mode: the clarifications (stand-in cards and skills use each one)
    *table(B_CLAR + " (Dancers)", {
        "roundtable.boss.dancer": "A Ready effect used in your turn may target another player's unit; that player then moves and acts with it straight away (or passes), before anything else happens in your turn. Our reading: only the Readied unit may act, and an ally acting with such a unit cannot in turn Ready a third player's unit, since it is not their own turn.",
    }),
    *table(B_CLAR + " ([Pickpocket])", {
        "roundtable.boss.pickpocket": "In Boss Mode a [Pickpocket] unit's attack gains its player one DV, with no die roll.",
    }),
    *table(B_CLAR + " (area effects)", {
        "roundtable.boss.area-once": "An effect hitting every enemy in an area hits the boss once, however many of its squares are inside, on the HP bar the player names; minions in the area are hit too, tokens never.",
    }),
    *table(B_CLAR + " (non-lethal damage)", {
        "roundtable.boss.non-lethal": "Non-lethal damage never deals the last point of one of the boss's HP bars: it takes the bar down to 1 at most, whichever way it reaches the boss - an effect on one target, an area effect with the boss inside it, or the boss board's own action. The blow it holds back cites this rule. Our reading: the stand-in cards' non-lethal damage likewise leaves a unit or a minion at 1 HP.",
    }),
    *table(B_CLAR + " (more units)", {
        "roundtable.boss.more-units": "An effect that checks whether the enemy has more units deployed than you always finds that the boss has (the stand-in passive 'outnumbered' always holds in Boss Mode).",
    }),
    *table(B_CLAR + " (moving enemies)", {
        "roundtable.boss.move-enemy": "An effect that moves an enemy unit cannot target the boss tile; it may move a minion (never a token).",
    }),
    *table(B_PLAYER + " (Unit Actions: Boss Specific Action)", {
        "roundtable.boss.action": "A unit may spend its unit action on the boss board's own action. Stand-in actions: Grima's Dragon's Gate (a unit next to the tile pushes the boss's plan back one boss turn, three turns in all) and Medeus's Starlight Rite (a unit within 2 of the tile deals 1 non-lethal damage to a bar of the player's choice). Outside Boss Mode there is none.",
    }),
    *table(B_CLAR + " (until your next turn); " + CARD + " (6)", {
        "roundtable.effect.until-next-turn": "A bonus given 'until your next turn' lasts until the turn of the player who gave it starts again: in Boss Mode it holds through the other players' turns and the boss's turns. A stand-in special (Guard Stance) gives an ally +3 DEF this way; it counts in every combat of that unit meanwhile.",
    }),
    *table(B_CLAR + " (all units you control); " + CARD + " (6)", {
        "roundtable.effect.rally": "An effect on 'all units you control' reaches your own units only - in Boss Mode never the other players' units, though they are allies. Stand-in: Royal Rally gives each of them +1 ATK until your next turn.",
    }),
    *table(CARD + " (6); V. Unit Actions > Assist Abilities", {
        "roundtable.effect.push": "A pushing effect moves the targeted enemy one square straight away from the unit using it, only onto a free square that enemy could enter (as assists and BUMPs are limited). Stand-in: Lance Push.",
    }),
    *table(B_CLAR + " ([Pickpocket]); VII. Unit Tags", {
        "roundtable.tag.pickpocket": "Our reading: the tag table does not print [Pickpocket]; its Boss Mode clarification says it gives extra Anna Coins with a die roll in the ordinary game. Stand-in: after a [Pickpocket] unit's attack, if it is still on the map, a die of 4 or more gains its player 1 Anna Coin.",
    }),
    # Positions (docs/positions/roundtable.md): what a position written by hand may not say
    *table(POSITIONS, {
        "roundtable.position.field": "A position is JSON of a fixed shape: each section and field has its type (a whole number, a list of card ids, ...), and a name the format does not know is refused rather than ignored.",
        "roundtable.position.options": "A position's options are the setup options the game accepts (mode, map, boss, first_game, end, rounds, bump, players); any left out take their defaults.",
        "roundtable.position.card": "Every card a position names is one of this game's: a unit card, a shop card of Anna's Shop, a boss card or a summonable piece of the chosen boss.",
        "roundtable.position.card-twice": "A card lies in one place only: a hand, the map, a deck or a discard pile (for shop cards also a shop slot or beneath a unit).",
        "roundtable.position.hand": "A player draws back up to six unit cards and never beyond, so no hand holds more than six.",
        "roundtable.position.vp-cards": "The VP cards never leave play: the VP deck and the cards the players took are, together, exactly the game's VP cards (without the two 8-point cards in a first game).",
        "roundtable.position.occupied": "Units and the boss's summons each fill their square: no two stand on one.",
        "roundtable.position.mode": "The 1 vs 1 game and Boss Mode have their own sections: no shop or VP deck in Boss Mode, no boss in 1 vs 1.",
        "roundtable.position.turn": "A finished game names its result, and only a finished game does.",
        "roundtable.position.pending": "The questions a position leaves open must fit it: the unit mid-activation is an exhausted unit of the player acting, an attack waiting for reactions names units on the map (in Boss Mode the boss's attack and its target), combat bonuses exist only while an attack waits, and the boss has a step only during its turn.",
    }),
)
