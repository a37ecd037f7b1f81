/**
 * The bots' reasons as messages (`hint.*` codes of game/messages, rendered in each player's
 * language): what a step does, and why, from the features that changed between two boards: lines
 * completed, milestones and medals reached, lifepods and meteorites collected, squares lost to
 * holes. Coordinates, line indexes, depots and orientations are the board's own numbering (0 to
 * 11 on the grid), exactly as in the action they explain; rovers are given by id, as in actions.
 */
import { message, type Message, type MessageCode, type MessageValue } from '../core/messages';
import { TRACKS, type Action, type PendingItem, type PlayerBoard } from '../core/types';
import { corporationById, objectiveById } from '../data';
import { neighborValue } from '../rules/objectives';
import { pendingLabel } from '../rules/pending';
import { newDetail, planetValue, type EvalEnv } from './features';
import { pathFrom, trackerMedals } from './features/corporation-tables';

export type HintCode = Extract<MessageCode, `hint.${string}`>;
export type Hint = Message<HintCode>;

/** A bot's reason: `hint('hint.placesTile', { x, y })`. */
export const hint = (code: HintCode, values?: Record<string, MessageValue>): Hint => message(code, values);

/** One thing a step changes, and its rough worth in medals (what decides which are told). */
export interface Phrase {
  message: Hint;
  value: number;
}

type Counted = 'medal' | 'square' | 'lifepod' | 'meteorite' | 'rover' | 'patch';

/** "a medal" or "3 medals", in each language. */
export const counted = (n: number, what: Counted): Hint =>
  n === 1 ? hint(`hint.${what}One`) : hint(`hint.${what}Many`, { count: n });

/** The texts of the techs' effects (corporations.json `techs[].effect`), for "unlocks tech 3 (…)". */
const TECH_TEXTS: Record<string, HintCode> = {
  ignoreAdjacency: 'hint.techIgnoreAdjacency',
  storeBiomass: 'hint.techStoreBiomass',
  roverMovePlusOne: 'hint.techRoverMovePlusOne',
  doubleWaterFromPlacement: 'hint.techDoubleWaterFromPlacement',
  meteorImmune: 'hint.techMeteorImmune',
};

function linePhrases(before: PlayerBoard, after: PlayerBoard, env: EvalEnv): Phrase[] {
  const a = newDetail();
  const b = newDetail();
  planetValue(before, env, 1, a);
  planetValue(after, env, 1, b);
  const out: Phrase[] = [];
  b.lines.forEach((line, k) => {
    const was = a.lines[k];
    if (!was) return;
    const where = { line: line.row ? 'row' : 'column', index: line.index };
    const medals = counted(line.medal, 'medal');
    if (line.missing === 0 && was.missing > 0) {
      if (line.meteor) out.push({ message: hint('hint.completesSpoiltLine', where), value: 0.1 });
      else out.push({ message: hint('hint.completesLine', { ...where, medals }), value: line.medal });
    } else if (line.missing === 0 && !line.meteor && was.meteor) {
      out.push({ message: hint('hint.clearsMeteoriteForMedals', { ...where, medals }), value: line.medal });
    } else if (line.missing === 1 && was.missing > 1 && !line.meteor && !line.dead) {
      out.push({ message: hint('hint.oneSquareShort', where), value: line.medal * 0.35 });
    } else if (line.meteor && !was.meteor) {
      out.push({ message: hint('hint.meteoriteLands', where), value: -line.medal * 0.3 });
    } else if (!line.meteor && was.meteor) {
      out.push({ message: hint('hint.clearsMeteorite', where), value: line.medal * 0.3 });
    }
  });
  if (b.deadSquares > a.deadSquares) {
    const n = b.deadSquares - a.deadSquares;
    out.push({ message: hint('hint.leavesUnfillable', { squares: counted(n, 'square') }), value: -0.6 * n });
  } else if (b.deadSquares < a.deadSquares) {
    const n = a.deadSquares - b.deadSquares;
    out.push({ message: hint('hint.fillsUnfillable', { squares: counted(n, 'square') }), value: 0.6 * n });
  }
  return out;
}

function trackPhrases(before: PlayerBoard, after: PlayerBoard): Phrase[] {
  const corp = corporationById(after.corporation);
  const out: Phrase[] = [];
  for (const t of TRACKS) {
    const from = before.trackers[t];
    const to = after.trackers[t];
    if (to.col === from.col && to.row === from.row) continue;
    // The squares passed on the way, as the rules advance the tracker; none if it went back.
    const path = pathFrom(before, t, from, to);
    const end = path.findIndex((s) => s.col === to.col && s.row === to.row);
    if (end < 0) continue;
    // As the corporation scores its trackers (§5.6, §8.2: shared columns, covered squares…).
    const medalBefore = trackerMedals(before, t);
    const medalAfter = trackerMedals(after, t);
    if (medalAfter > medalBefore)
      out.push({
        message: hint('hint.raisesTrack', { track: t, medals: counted(medalAfter, 'medal') }),
        value: medalAfter - medalBefore,
      });
    for (const square of path.slice(0, end + 1)) {
      for (const r of corp.tracks[square.col].levels[square.row]?.rewards ?? []) {
        switch (r.kind) {
          case 'civMilestone':
            out.push({ message: hint('hint.civMilestone', { rank: r.rank }), value: 1.5 + r.rank * 0.5 });
            break;
          case 'techMilestone': {
            const k = typeof r.tech === 'number' ? r.tech : Number(r.tech);
            const effect = TECH_TEXTS[corp.techs[k - 1]?.effect ?? ''];
            out.push({
              message: effect
                ? hint('hint.unlocksNamedTech', { tech: r.tech, effect: hint(effect) })
                : hint('hint.unlocksTech', { tech: r.tech }),
              value: 1.2,
            });
            break;
          }
          case 'biomassMilestone':
            out.push({ message: hint('hint.biomassMilestone'), value: 0.8 });
            break;
          case 'roverMilestone':
            out.push({ message: hint('hint.roverMilestone'), value: 1 });
            break;
          case 'synergy':
            out.push({ message: hint('hint.synergy', { track: t }), value: 0.5 });
            break;
          default:
            break;
        }
      }
    }
  }
  return out;
}

function piecePhrases(before: PlayerBoard, after: PlayerBoard, env: EvalEnv): Phrase[] {
  const out: Phrase[] = [];
  const pods = after.collected.lifepods - before.collected.lifepods;
  if (pods > 0)
    out.push({ message: hint('hint.collects', { pieces: counted(pods, 'lifepod') }), value: pods });
  const rocks = after.collected.meteorites - before.collected.meteorites;
  if (rocks > 0)
    out.push({ message: hint('hint.collects', { pieces: counted(rocks, 'meteorite') }), value: rocks * 0.5 });
  const lost = before.lifepods.length - after.lifepods.length - Math.max(0, pods);
  if (lost > 0)
    out.push({ message: hint('hint.coversLifepods', { lifepods: counted(lost, 'lifepod') }), value: -lost });
  const roversLost =
    after.rovers.filter((r) => r.destroyed).length - before.rovers.filter((r) => r.destroyed).length;
  if (roversLost > 0)
    out.push({
      message: hint('hint.destroysRovers', { rovers: counted(roversLost, 'rover') }),
      value: -roversLost,
    });
  const landed =
    after.rovers.filter((r) => r.cell !== null).length - before.rovers.filter((r) => r.cell !== null).length;
  if (landed > 0)
    out.push({
      message: hint('hint.landsRovers', { rovers: counted(landed, 'rover') }),
      value: 0.8 * landed,
    });
  const patches =
    after.pieces.filter((p) => p.kind === 'patch').length -
    before.pieces.filter((p) => p.kind === 'patch').length;
  if (patches > 0)
    out.push({ message: hint('hint.placesPatches', { patches: counted(patches, 'patch') }), value: 0.2 });
  for (const o of env.objectives) {
    const sign = o.card.neighbor.direction === 'most' ? 1 : -1;
    const was = neighborValue(o.card, before, o.ctx);
    const now = neighborValue(o.card, after, o.ctx);
    const objective = objectiveById(o.card.id).neighbor.name;
    for (const other of o.others) {
      const d0 = sign * (was - other);
      const d1 = sign * (now - other);
      if (d1 > 0 && d0 <= 0) out.push({ message: hint('hint.pullsAhead', { objective }), value: 2.5 });
      else if (d1 === 0 && d0 < 0) out.push({ message: hint('hint.drawsLevel', { objective }), value: 1.5 });
      else if (d1 < 0 && d0 >= 0) out.push({ message: hint('hint.fallsBehind', { objective }), value: -2.5 });
    }
  }
  return out;
}

/** What changed between two boards that matters: the gains best first, then the costs worst first. */
export interface Explanation {
  gains: Hint[];
  costs: Hint[];
}

export function explain(before: PlayerBoard, after: PlayerBoard, env: EvalEnv): Explanation {
  const phrases = [
    ...linePhrases(before, after, env),
    ...trackPhrases(before, after),
    ...piecePhrases(before, after, env),
  ];
  const gains = phrases.filter((p) => p.value > 0).sort((a, b) => b.value - a.value);
  const costs = phrases.filter((p) => p.value < 0).sort((a, b) => a.value - b.value);
  return { gains: gains.map((p) => p.message), costs: costs.map((p) => p.message) };
}

/** The leading gains as one clause, with the worst cost: "completes row 5 for 3 medals and …, but …". */
export function summary(why: Explanation, max = 2): Hint | null {
  const gains = why.gains.slice(0, max);
  const cost = why.costs[0];
  let head: Hint | null = gains[0] ?? null;
  for (const next of gains.slice(1)) head = hint('hint.both', { first: head as Hint, second: next });
  if (!cost) return head;
  return head ? hint('hint.but', { gains: head, cost }) : cost;
}

/** What a single action does, in a few words; the squares are the action's own. */
export function actionText(action: Action, item?: PendingItem, board?: PlayerBoard): Hint {
  switch (action.type) {
    case 'rotate':
      return hint('hint.rotates', { rotation: action.rotation });
    case 'takeTile':
      return hint('hint.takesTile', { stack: action.stack });
    case 'placeTile':
      return hint('hint.placesTile', { x: action.x, y: action.y });
    case 'moveRover': {
      const [x, y] = action.path[action.path.length - 1] ?? [];
      return hint('hint.movesRover', { rover: action.rover, x: x ?? '?', y: y ?? '?' });
    }
    case 'pickCiv':
      return hint('hint.keepsCard', { card: action.card });
    case 'confirm':
      return hint('hint.confirms');
    case 'useAbility':
      return hint('hint.usesPower', { tech: powerLabel(action.ability, board) });
    case 'resolve': {
      const c = action.choice ?? {};
      if (c.spot) return spotText(c.spot);
      if (c.col !== undefined && c.row !== undefined && item?.kind === 'advance')
        return hint('hint.movesTrackerTo', { track: item.track, col: c.col, row: c.row });
      if (c.track) return hint('hint.advancesTrack', { track: c.track });
      if (c.store) return hint('hint.storesPatch');
      if (c.done) return hint('hint.finishes');
      if (c.stack !== undefined && c.x !== undefined)
        return hint('hint.placesDepotTile', { stack: c.stack, x: c.x, y: c.y ?? '?' });
      if (c.x !== undefined) {
        const at = { x: c.x, y: c.y ?? '?' };
        if (item?.kind === 'patch') return hint('hint.placesPatchAt', at);
        if (item?.kind === 'rover') return hint('hint.landsRoverAt', at);
        return hint('hint.choosesSquare', at);
      }
      if (c.line) return hint('hint.clearsLine', { line: c.line, index: c.index ?? 0 });
      return item ? hint('hint.resolvesItem', { gain: pendingLabel(item) }) : hint('hint.resolvesGain');
    }
    default:
      return hint('hint.otherStep', { step: action.type });
  }
}

/** A power by its tech's printed level (1–5, or A–F on Jump Drive), or its effect's name. */
function powerLabel(ability: string, board: PlayerBoard | undefined): string {
  const tech = board ? corporationById(board.corporation).techs.find((t) => t.effect === ability) : undefined;
  return tech ? String(tech.level) : ability;
}

/** Where a collected lifepod goes (R32): the scoring area, a tech slot or a track square. */
function spotText(spot: string): Hint {
  if (spot === 'area') return hint('hint.lifepodToArea');
  const [where = '', at = '0'] = spot.split(':');
  if (where === 'slot') return hint('hint.lifepodToSlot', { tech: String.fromCharCode(65 + Number(at)) });
  return hint('hint.lifepodToSquare', { track: where, row: Number(at) });
}

/** A step's reason: what it does, and why if the features say so. */
export function describeStep(
  action: Action,
  item: PendingItem | undefined,
  why: Hint | null,
  board?: PlayerBoard,
): Hint {
  const what = actionText(action, item, board);
  return why ? hint('hint.because', { action: what, why }) : what;
}
