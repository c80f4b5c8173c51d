"""Rule references for `fmp`: rule id -> rulebook section, our explanation.

Sections are those of the Full Metal Planète rulebook
(`../shared/rulebooks/full-metal-planete.txt`) and of the tables the scan
lost (`full-metal-planete-gaps.md`, cited as "gaps: ...").  Explanations are
written for this project.  "Our reading" marks a case the text leaves open
and says what we chose and why.
"""

from engine.core.rules import CORE_RULES, RuleBook, table

START = "Mission start"
FIELD = "The planet > The playing field"
TURN1 = "First turns > Turn 1: Arrival of the Freighters"
TURN2 = "First turns > Turn 2: Deployment"
TURN3 = "First turns > Turn 3 / Turn 4 / Turn 5"
TIDES = "The planet > The tides"
AP = "Play mechanics > Action point system (gaps: action-point costs, bonus, super-bonus)"
TIME = "Play mechanics > Time"
TRANSPORT = "Transporters > Barges, crabs, loading and unloading (gaps: transporters and cargo)"
PONTOONS = "Pontoons"
DESTROY = "Destroyers > Destroying elements"
MECHANISM = "Destroyers > Destroying elements > Mechanism"
CAPTURE = "Destroyers > Capturing units"
FREIGHTER = "The Freighter > Entering and leaving the Freighter"
HEN = "Weather Hen > Tide prediction"
END = "Mission end"
POSITION = "boardlog: positions (docs/positions/fmp.md)"


RULES = CORE_RULES + RuleBook(*[
    *table(START, {
        "fmp.setup.map": "The mission plays on a 37 x 23 sector of flat-topped hexes; this project's map is stand-in data (fixtures/fmp/map.toml), not the printed one.",
        "fmp.setup.freighters": "Each player commands a Freighter of their colour holding a barge, a crab, a Weather Hen, two motorboats, four tanks, the Heap, a pontoon and three turrets.",
        "fmp.setup.ore": "Ore goes on one hex in three, in a lattice where no two pieces touch; none on open sea, none in a landing zone, none on a reef touching a zone's coast.",
        "fmp.setup.reserve": "The Weather Hens build from a shared reserve: 16 tanks, 4 crabs and 4 pontoons with 2 or 4 players, 12, 3 and 3 with 3 players.",
        "fmp.setup.tides": "The 15 tide cards (5 low, 5 normal, 5 high) are shuffled unseen: 6 set aside, 9 form the future-tides pile."}),
    *table(FIELD, {
        "fmp.map.hex": "Hexes are named by column letters A..AK and row 1..23 (A1 top left); a name off the map is refused."}),
    *table(TURN1, {
        "fmp.turn.landing": "Turn 1 is the arrival: the Freighters land one after another in the order drawn.",
        "fmp.landing.order": "Lots decide the order in which the Freighters land.",
        "fmp.landing.land": "A Freighter covers four hexes: its central bubble and three pods around it.",
        "fmp.landing.pods": "Our reading: the three pods sit on alternate sides of the bubble, so a Freighter lies one of two ways, written 'a' (pods N, SE, SW) and 'b' (pods NE, S, NW).",
        "fmp.landing.terrain": "A Freighter lands on plain or swamp hexes only, or a mix of the two.",
        "fmp.landing.zone": "A Freighter lands inside one landing zone: an island or a stretch of coast between two dotted boundaries.",
        "fmp.landing.edge": "A landed Freighter leaves at least one hex free between itself and the edge of the map.",
        "fmp.landing.adjacent-zones": "No two Freighters land in neighbouring landing zones (an island neighbours no zone); our reading: nor in the same zone."}),
    *table(TURN2, {
        "fmp.turn.deployment": "Turn 2 is the deployment, without action points.",
        "fmp.deploy.place": "A unit leaves its Freighter for a free hex of its own landing zone that suits it at normal tide. All players deploy at the same time: any player still deploying may act, each command recorded in the order it arrives.",
        "fmp.deploy.unit": "Only units still inside the player's own Freighter are deployed; turrets stay on their pods.",
        "fmp.deploy.barge": "A barge is deployed on two touching hexes.",
        "fmp.deploy.zone": "Deployment stays inside the Freighter's own landing zone.",
        "fmp.deploy.terrain": "During deployment the tide counts as normal: a unit goes only where it may stand at normal tide.",
        "fmp.deploy.coast": "The pontoon and the marine units are deployed touching the coast of their own landing zone. Our reading: on the zone's shoreline, a water hex next to its land or a land hex next to its water (for a barge, one of its two hexes).",
        "fmp.deploy.occupied": "A unit is deployed on a free hex: no other unit, no ore, no Freighter there.",
        "fmp.deploy.done": "A player says when their deployment is finished; the tide phase of turn 3 starts once every player is done."}),
    *table(TURN3, {
        "fmp.turn.begin": "A new turn begins: the turn marker moves on and the tide phase follows.",
        "fmp.turn.order": "At turn 3 lots decide the first player, for good; the others follow clockwise around the map, from the positions of their Freighters.",
        "fmp.turn.ap": "A player's turn begins with 5 action points at turn 3, 10 at turn 4 and 15 from turn 5, plus any saved points.",
        "fmp.turn.end": "A player ends their turn; the next player in the order begins.",
        "fmp.turn.phase": "Each action belongs to a phase of the mission (landing, deployment, play, the turn-21 choice); it is refused outside it."}),
    *table(TIDES, {
        "fmp.tide.change": "At the start of each turn from turn 3 the next tide card becomes the current tide; the fact lists the units it neutralises and frees and the pontoons it sinks.",
        "fmp.tide.neutralised": "A unit on a hex the tide forbids it is neutralised: it can do nothing until the tide turns in its favour.",
        "fmp.tide.pontoons": "A pontoon structure whose only ground support sinks at the change of tide is destroyed, with everything on it.",
        "fmp.tide.reshuffle": "When the future-tides pile runs out (turns 11 and 19), every card but the current one is reshuffled unseen, six set aside and the rest become the pile.",
        "fmp.tide.table": "Low tide: reefs and swamps are land. Normal tide: swamps are land, reefs are sea. High tide: both are sea. Marine units use what is sea, terrain units what is land."}),
    *table(HEN, {
        "fmp.tide.forecast": "At each change of tide a player sees as many future tides as they have operational Weather Hens (on the map, not stuck, not under unfavourable fire); nobody else sees them."}),
    *table(AP, {
        "fmp.ap.not-enough": "No action may cost more action points than the player has left.",
        "fmp.turn.bonus": "Unspent points are saved in blocks of five, at most ten saved in all, and added to a later turn's credit.",
        "fmp.move.step": "Moving a unit costs one action point per hex entered; a barge pays one for each new hex it comes to occupy. Our reading: a barge has no front, so a pivot around either of its hexes brings one new hex under it and costs one point, like a step forward or backward (stepping backward and turning reaches the same two hexes).",
        "fmp.load.cost": "Loading one unit or one ore costs one action point; a crab is loaded with its cargo for that one point."}),
    *table(TIME, {
        "fmp.time.limit": "With the timer on (setup option `timer`, off by default for bots and tests) each player's turn has a deadline recorded when it begins.",
        "fmp.time.landing": "Turn 1: each player has three minutes, from their turn to land, to set their Freighter down. Our reading: a Freighter still in orbit when they run out never lands; its player has no Freighter on the planet and is out of the mission.",
        "fmp.time.deployment": "Turn 2: all players deploy at the same time within one shared three minutes; when they run out, every deployment is over and the units not yet deployed stay in their Freighters.",
        "fmp.time.over": "Once the deadline has passed the player can do nothing more: the turn ends there. Our reading: every action is one instant command, so a shot or capture counts when recorded before the deadline; a move never stops half-way."}),
    *table("Units > Movement (and The tides)", {
        "fmp.unit.unknown": "A command names a unit that exists on the planet.",
        "fmp.unit.own": "A player gives orders only to the units of the Freighters they control.",
        "fmp.move.inert": "Pontoons and turrets do not move by themselves.",
        "fmp.move.path": "A move goes hex by hex, each hex touching the unit's position. A barge steps forward (its front enters a new hex, the back follows), backward, or, naming one of its two hexes first, pivots around that hex.",
        "fmp.move.carried": "A carried unit is neutralised: it moves only once unloaded.",
        "fmp.move.terrain": "A unit enters only the hexes its kind may use at the current tide.",
        "fmp.move.strand": "A unit may strand itself on purpose: it stops on the first hex the tide makes unusable for it and is neutralised there.",
        "fmp.move.occupied": "A hex holds one unit (on a pontoon or not); a Freighter's hexes are closed but through a pod.",
        "fmp.move.ore": "A piece of ore occupies its hex and blocks movement.",
        "fmp.move.pontoon": "Motorboats and barges never enter a hex with a pontoon.",
        "fmp.move.fire": "No unit is moved into or through a hex under unfavourable fire, except a destroyer attacking as the second unit (see the Theory of the Second Unit)."}),
    *table(MECHANISM, {
        "fmp.move.heap-mountain": "The Heap never goes on a mountain, even carried. Our reading: nor onto a pontoon laid on a mountain: the pontoon covers the hex, which is still a mountain hex, and the rule says never. Carried means anywhere a carrier stands: the Heap (or a crab holding it) is never unloaded, laid or deployed onto a mountain, nor aboard a transporter standing on one.",
        "fmp.move.mountain-tanks": "When a turn ends, no two tanks stand on neighbouring mountain hexes. Our readings: the rule binds the tanks one player controls (a player is never put in breach by where another parks), and it holds at every moment, not only at the turn's end: whatever would bring one of a player's tanks onto such a mountain for that player is refused (a move, the one-hex retreat of a neutralised tank, an unload, a laying by a Freighter or a Weather Hen, a deployment, the capture of a tank standing there, the taking of a Freighter whose tanks stand there). Why: the end of a turn cannot be refused (a player may have no point left to move a tank away, and the timer ends a turn by itself), so the pair must never arise. A path may cross such a mountain; a pontoon on a mountain leaves it a mountain; a carried tank is not parked."}),
    *table("The Freighter", {
        "fmp.freighter.load": "The Freighter is a transporter without limit: for one point it takes in a unit, a pontoon or ore from a hex next to one of its pods (a unit taken in takes its colour).",
        "fmp.freighter.unload": "For one point the Freighter lays a unit or pontoon it holds on a hex next to a pod, as a transporter unloads; ore never leaves it.",
        "fmp.freighter.stow": "Inside the Freighter, loading and unloading transporters costs nothing (not in a Freighter that has taken off: its load is final).",
        "fmp.deploy.loaded": "At turn 2 transporters may be deployed loaded: they are loaded inside the Freighter first."}),
    *table(FREIGHTER, {
        "fmp.move.enter": "A unit enters its own Freighter through a pod for one action point (a barge whole). Our reading: even through a pod under unfavourable fire, the path to it staying outside: the unit ends inside the Freighter, out of reach, and the rulebook's remarks let a capturing destroyer enter through such a pod too.",
        "fmp.move.exit": "A unit leaves its Freighter through a pod to a hex next to it, for one action point; a barge takes its two hexes at once. A Freighter that has taken off lets nothing out: it left with what it held."}),
    *table(TRANSPORT, {
        "fmp.load.transporter": "Only barges, crabs and Weather Hens load and unload.",
        "fmp.load.neutralised": "A neutralised transporter can neither load nor unload.",
        "fmp.load.kind": "A barge carries ore, tanks, the Heap, pontoons (one slot each), a crab or a Weather Hen (two slots); a crab ore, tanks, the Heap, pontoons; a Weather Hen one ore.",
        "fmp.load.own": "A transporter loads its own side's units; pontoons are neutral and anyone may load them.",
        "fmp.load.occupied": "A pontoon with something on it cannot be loaded.",
        "fmp.load.adjacent": "Loading takes a unit or ore from a hex touching the transporter.",
        "fmp.load.sunken": "Nothing on a sunken reef or swamp can be loaded, except a pontoon; what stands on a pontoon is not on the sunken hex (a pontoon counts as a plain).",
        "fmp.load.fire": "Nothing is loaded from a hex under unfavourable fire.",
        "fmp.load.slots": "A transporter cannot take more than its free slots.",
        "fmp.load.barge-crab": "A crab carried on a barge may take items from the barge's cargo or put its own on the barge, at no cost, within both transporters' slots.",
        "fmp.unload.cargo": "A transporter unloads only what it carries.",
        "fmp.unload.adjacent": "Unloading puts the item on a hex touching the transporter.",
        "fmp.unload.cost": "Unloading one unit or one ore costs one action point.",
        "fmp.unload.sea": "Nothing is unloaded in open sea, except a pontoon.",
        "fmp.unload.occupied": "The hex unloaded onto must be free, or hold only a pontoon, or a transporter with room.",
        "fmp.unload.transporter": "An item may be unloaded onto a hex holding one of the player's transporters with enough free slots: it goes aboard.",
        "fmp.unload.fire": "Nothing is unloaded onto a hex under unfavourable fire.",
        "fmp.unload.sunken": "A unit unloaded on a sunken reef or swamp is neutralised until the tide turns.",
        "fmp.unload.freighter": "A transporter next to a pod of a Freighter its player controls may unload into it; ore put in a Freighter never comes out. Our reading: not through a pod under unfavourable fire, since the transporter rules forbid unloading to any hex under such fire (a unit moving in may still pass such a pod: move.enter)."}),
    *table("Weather Hen > Manufacturing units", {
        "fmp.hen.build": "A Weather Hen carrying an ore lays a tank, crab or pontoon from the reserve on a hex next to it, as a transporter unloads, for one point (one more was paid to load the ore); the ore goes back to the box. As a transporter unloads: so also aboard one of the player's transporters with room standing on that hex.",
        "fmp.hen.builder": "Only a Weather Hen builds units.",
        "fmp.hen.kind": "A Weather Hen builds tanks, crabs and pontoons only.",
        "fmp.hen.ore": "A Weather Hen builds from the ore it carries: it loads one first, in this turn or an earlier one.",
        "fmp.hen.reserve": "New units come from the common reserve; when a kind runs out, no more of it can be built.",
        "fmp.hen.twice": "A Weather Hen lays at most two units a turn, and never two crabs or two pontoons in the same turn.",
        "fmp.hen.inoperative": "A Weather Hen standing under unfavourable fire is inoperative: it neither loads, lays nor unloads (nor forecasts the tide) until it is out of that fire."}),
    *table(PONTOONS, {
        "fmp.pontoon.ground": "A pontoon must touch ground: directly, or through a chain of pontoons that does.",
        "fmp.pontoon.collapse": "When a pontoon is loaded or destroyed, the pontoons it leaves cut off from the ground are destroyed, with everything on them. Our reading: a structure stands while any of its pontoons still touches ground."}),
    *table(DESTROY, {
        "fmp.fire.pair": "It always takes two destroyers of one player to destroy: one point each.",
        "fmp.fire.destroyer": "Only tanks, the Heap, motorboats and turrets are destroyers.",
        "fmp.fire.neutralised": "A neutralised destroyer (stuck, carried, inside the Freighter, turned over by fire) cannot fire; turrets always can.",
        "fmp.fire.under-fire": "A destroyer standing under unfavourable fire does not fire: the rulebook grants that only to turrets and to the second unit of an assault (so the partner of an assault, the first unit, fires from outside the zone). Our reading: nor does it hold an enemy unit under its fire to neutralise it, since holding is fire withheld.",
        "fmp.fire.ammo": "A destroyer fires at most twice a turn; all are restocked when the next player's turn begins.",
        "fmp.fire.range": "Range is 2 hexes, 3 for the Heap and for a tank on a mountain; fire passes over anything. Our reading: a tank on a pontoon laid on a mountain still stands on a mountain hex (range 3).",
        "fmp.fire.freighter": "A Freighter and what it holds cannot be destroyed; only its turrets can.",
        "fmp.fire.nothing": "Fire needs a target: a unit or ore on the hex.",
        "fmp.fire.own": "A player's destroyers never destroy that player's own units, except pontoons.",
        "fmp.fire.destroy": "Everything on the hex under fire goes to the cemetery: units with their cargo, ore, a pontoon and what stands on it."}),
    *table("Destroyers > Attacking a sector defended by unfavourable fire", {
        "fmp.second-unit.fire": "An assault names the path of the second unit, then its shots: one or two pairs of a partner destroyer and a target, fired at once.",
        "fmp.second-unit.destroyer": "Only a destroyer that moves by itself can be the second unit.",
        "fmp.second-unit.needless": "The Theory of the Second Unit is for entering a hex under unfavourable fire; anywhere else a unit moves and then fires.",
        "fmp.second-unit.enter": "The second unit enters the fire zone only on the last hex of its path, by its own means (never unloaded there), and stops at once.",
        "fmp.second-unit.clear": "After its shots, and before anything else, the second unit must no longer be under unfavourable fire; otherwise it may not go in at all. Our reading: the move and the shots are one command, accepted whole or refused."}),
    *table(CAPTURE, {
        "fmp.capture.target": "Only an enemy unit on the map can be captured; pontoons are neutral and turrets fixed.",
        "fmp.capture.contact": "Both capturing destroyers touch the unit captured.",
        "fmp.capture.fire": "Neither capturing destroyer nor the captured unit may be under unfavourable fire for the capturer.",
        "fmp.capture.colour": "For one point the unit takes the captors' colour, with all its cargo, and is operational at once; a destroyer without ammunition may still capture."}),
    *table("The Freighter > Capturing the Freighter", {
        "fmp.freighter.capture": "Once its three turrets are destroyed, the first enemy destroyer to enter a Freighter through a pod takes it, with everything inside and every unit of its colour; it keeps its colour, and its new master gains five action points at once and every later turn. The destroyer comes by a path outside enemy fire but may enter through a pod under fire.",
        "fmp.freighter.rebuild": "Only the player who has just captured a Freighter, in that same turn, may rebuild its turrets: two points each, never on a pod under enemy fire; the new turret may fire at once. Our reading: 'just captured' means during the turn of the capture.",
        "fmp.freighter.evacuate": "Right after taking a Freighter, before any other action, its new master moves the captured units under enemy fire out of it; those that cannot get out are neutralised.",
        "fmp.freighter.none-left": "A player left without any Freighter loses the game, and their saved points go back to the box."}),
    *table("Destroyers > Retreat and neutralization", {
        "fmp.neutralise.hold": "Two destroyers of a player holding an enemy unit within their range may turn it over: it is neutralised and can do nothing. Our readings: this costs no action point, as the cost table lists none and no shot is fired (so a destroyer out of ammunition may hold); each destroyer must be able to fire (not under unfavourable fire, turrets excepted).",
        "fmp.neutralise.target": "Only an enemy unit on the map that is not neutralised yet can be neutralised; turrets never can.",
        "fmp.neutralise.stay": "The neutralising destroyers stay where they are until the end of the turn (neither moved nor loaded onto a transporter), unless every unit they hold has been destroyed or captured; they may still fire or capture.",
        "fmp.neutralise.retreat": "On its owner's turn a neutralised unit may move one hex, for one point, to a free hex outside the fire zone; that frees it. It may do nothing else. A barge retreats like any barge step: the hex it enters touches one of its two hexes, which it keeps, so it always lies on two touching hexes.",
        "fmp.neutralise.freed": "Only other destroyers free a neutralised unit: it is freed as soon as its owner's destroyers leave the neutralising player with fewer than two destroyers reaching it, and, our reading, at the start of its owner's turn if that fire no longer holds it for any other reason."}),
    *table(END, {
        "fmp.departure.secret": "At the start of turn 21 each player chooses in secret, for each Freighter they hold, to stay until turn 25 or to leave now.",
        "fmp.departure.own": "A player chooses for, or lifts off, only a Freighter they control on the planet.",
        "fmp.departure.once": "Each Freighter's choice is made once.",
        "fmp.departure.choice": "The hand holds a unit (stay) or an ore (leave).",
        "fmp.departure.reveal": "When every choice is made, all hands open together.",
        "fmp.departure.leave": "A Freighter that leaves at turn 21 takes off at once, without playing the turn, with what it held. Our reading: that take-off costs no action points, as its player plays no turn. Its turrets (each scored as a unit) leave the map with it, at turn 21 or 25.",
        "fmp.departure.abandoned": "Units of a departed Freighter left on the planet are neutralised for good; the others may destroy or capture them.",
        "fmp.liftoff.turn": "A Freighter still on the planet takes off during its player's turn 25, as its last act.",
        "fmp.liftoff.cost": "Taking off costs 1 action point plus 1 for each destroyed turret.",
        "fmp.liftoff.stranded": "A Freighter that has not taken off when its player's turn 25 ends stays forever and scores nothing.",
        "fmp.score.points": "A Freighter that took off scores 2 points per ore and 1 per unit aboard, each turret on it counting as a unit; a player scores the Freighters they took off.",
        "fmp.score.tiebreak": "Equal scores are decided by the most Freighters taken off, then the most ore brought back; a player left without a Freighter has lost and ranks last."}),
    *table(POSITION, {
        "fmp.position.shape": "A position is JSON of the documented shape: known sections and fields, each of its type (a whole number, a text, a list, an object); options of 2 to 4 players; scores and a winner only once the mission is over.",
        "fmp.position.turn": "The turn fits the phase: turn 1 is the landing, turn 2 the deployment, turns 3 to 25 are played, the turn-21 choice comes at turn 21.",
        "fmp.position.seat": "Seats named in a position are those the options give (red, blue, green, yellow by the number of players); the order of play names each once.",
        "fmp.position.active": "The seat whose turn it is: at the landing, one whose Freighter is still in orbit; in play, one who holds a landed Freighter (between two turns the tide phase runs at once, so a turn always has its player); nobody during the deployment (all deploy at once) or the turn-21 choice.",
        "fmp.position.tides": "The tide cards are 5 low, 5 normal and 5 high: no more of a kind between the current tide, the future-tides pile and the six set aside; the pile is never empty while turns remain (it is reshuffled as it empties).",
        "fmp.position.unit": "Each unit has a known kind and colour and stands in one place: on the map, inside the Freighter of its colour, or in one transporter's cargo; turrets stand on their own Freighter's pods; the count of built units is not below the names already given.",
        "fmp.position.cargo": "A cargo names units that exist, each in one cargo only, and a unit said to be aboard a transporter is in that transporter's cargo.",
        "fmp.position.occupied": "A hex holds one unit and at most one pontoon under it; no unit and no ore stand on a Freighter's hexes (turrets on its pods aside), nor ore under a unit."}),
])
