/**
 * One-line reasons for the bots' decisions, built from the features that changed: lines completed,
 * milestones and medals reached, lifepods and meteorites collected, squares lost to holes.
 */
import { TRACKS, type Action, type PendingItem, type PlayerBoard } from '../core/types';
import { corporationById, objectiveById } from '../data';
import { neighborValue } from '../rules/objectives';
import { newDetail, planetValue, type EvalEnv } from './features';

interface Phrase {
  text: string;
  /** Rough worth in medals: what decides which phrases are told. */
  value: number;
}

const TECH_NAMES: Record<string, string> = {
  ignoreAdjacency: 'tiles free of adjacency',
  storeBiomass: 'stored patches',
  roverMovePlusOne: '+1 rover movement',
  doubleWaterFromPlacement: 'double water on ice',
  meteorImmune: 'meteor immunity',
};

const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? `a ${one}` : `${n} ${many}`);

function linePhrases(before: PlayerBoard, after: PlayerBoard, env: EvalEnv): Phrase[] {
  const a = newDetail();
  const b = newDetail();
  planetValue(before, env, 1, a);
  planetValue(after, env, 1, b);
  const out: Phrase[] = [];
  b.lines.forEach((line, k) => {
    const was = a.lines[k];
    if (!was) return;
    const name = `${line.row ? 'row' : 'column'} ${line.index + 1}`;
    const medals = plural(line.medal, 'medal');
    if (line.missing === 0 && was.missing > 0) {
      if (line.meteor) out.push({ text: `completes ${name}, spoilt by a meteorite`, value: 0.1 });
      else out.push({ text: `completes ${name} for ${medals}`, value: line.medal });
    } else if (line.missing === 0 && !line.meteor && was.meteor) {
      out.push({ text: `clears the meteorite from ${name} (${medals})`, value: line.medal });
    } else if (line.missing === 1 && was.missing > 1 && !line.meteor && !line.dead) {
      out.push({ text: `brings ${name} to one square short`, value: line.medal * 0.35 });
    } else if (line.meteor && !was.meteor) {
      out.push({ text: `a meteorite lands in ${name}`, value: -line.medal * 0.3 });
    } else if (!line.meteor && was.meteor) {
      out.push({ text: `clears the meteorite from ${name}`, value: line.medal * 0.3 });
    }
  });
  if (b.deadSquares > a.deadSquares) {
    const n = b.deadSquares - a.deadSquares;
    out.push({ text: `leaves ${plural(n, 'square')} no tile can fill`, value: -0.6 * n });
  } else if (b.deadSquares < a.deadSquares) {
    const n = a.deadSquares - b.deadSquares;
    out.push({ text: `fills ${plural(n, 'square')} no tile could fill`, value: 0.6 * n });
  }
  return out;
}

function trackPhrases(before: PlayerBoard, after: PlayerBoard): Phrase[] {
  const corp = corporationById(after.corporation);
  const out: Phrase[] = [];
  for (const t of TRACKS) {
    const from = before.trackers[t];
    const to = after.trackers[t];
    if (to.col !== from.col || to.row <= from.row) continue;
    const levels = corp.tracks[to.col].levels;
    let medalBefore = 0;
    let medalAfter = 0;
    for (let row = 0; row <= to.row; row++) {
      for (const r of levels[row]?.rewards ?? []) {
        if (r.kind !== 'medal') continue;
        if (row <= from.row) medalBefore = r.value;
        medalAfter = r.value;
      }
    }
    if (medalAfter > medalBefore)
      out.push({ text: `raises ${t} to ${plural(medalAfter, 'medal')}`, value: medalAfter - medalBefore });
    for (let row = from.row + 1; row <= to.row; row++) {
      for (const r of levels[row]?.rewards ?? []) {
        switch (r.kind) {
          case 'civMilestone':
            out.push({ text: `reaches the rank ${r.rank} civ milestone`, value: 1.5 + r.rank * 0.5 });
            break;
          case 'techMilestone': {
            const k = typeof r.tech === 'number' ? r.tech : Number(r.tech);
            const effect = corp.techs[k - 1]?.effect ?? '';
            const name = TECH_NAMES[effect];
            out.push({ text: `unlocks tech ${r.tech}${name ? ` (${name})` : ''}`, value: 1.2 });
            break;
          }
          case 'biomassMilestone':
            out.push({ text: 'reaches the biomass milestone (a patch)', value: 0.8 });
            break;
          case 'roverMilestone':
            out.push({ text: 'reaches the rover milestone', value: 1 });
            break;
          case 'synergy':
            out.push({ text: `earns a synergy boost on the ${t} track`, value: 0.5 });
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
  if (pods > 0) out.push({ text: `collects ${plural(pods, 'lifepod')}`, value: pods });
  const rocks = after.collected.meteorites - before.collected.meteorites;
  if (rocks > 0) out.push({ text: `collects ${plural(rocks, 'meteorite')}`, value: rocks * 0.5 });
  const lost = before.lifepods.length - after.lifepods.length - Math.max(0, pods);
  if (lost > 0) out.push({ text: `covers ${plural(lost, 'lifepod')}`, value: -lost });
  const roversLost =
    after.rovers.filter((r) => r.destroyed).length - before.rovers.filter((r) => r.destroyed).length;
  if (roversLost > 0) out.push({ text: `destroys ${plural(roversLost, 'rover')}`, value: -roversLost });
  const landed =
    after.rovers.filter((r) => r.cell !== null).length - before.rovers.filter((r) => r.cell !== null).length;
  if (landed > 0) out.push({ text: `lands ${plural(landed, 'rover')}`, value: 0.8 * landed });
  const patches =
    after.pieces.filter((p) => p.kind === 'patch').length -
    before.pieces.filter((p) => p.kind === 'patch').length;
  if (patches > 0)
    out.push({ text: `places ${plural(patches, 'biomass patch', 'biomass patches')}`, value: 0.2 });
  for (const o of env.objectives) {
    const sign = o.card.neighbor.direction === 'most' ? 1 : -1;
    const was = neighborValue(o.card, before, o.ctx);
    const now = neighborValue(o.card, after, o.ctx);
    const name = objectiveById(o.card.id).neighbor.name;
    for (const other of o.others) {
      const d0 = sign * (was - other);
      const d1 = sign * (now - other);
      if (d1 > 0 && d0 <= 0) out.push({ text: `pulls ahead on ${name}`, value: 2.5 });
      else if (d1 === 0 && d0 < 0) out.push({ text: `draws level on ${name}`, value: 1.5 });
      else if (d1 < 0 && d0 >= 0) out.push({ text: `falls behind on ${name}`, value: -2.5 });
    }
  }
  return out;
}

/** What changed between two boards that matters, most important first. */
export function explain(before: PlayerBoard, after: PlayerBoard, env: EvalEnv): string[] {
  const phrases = [
    ...linePhrases(before, after, env),
    ...trackPhrases(before, after),
    ...piecePhrases(before, after, env),
  ];
  // The gains first, best first; then the costs, worst first (marked so `summary` can say "but").
  const gains = phrases.filter((p) => p.value > 0).sort((a, b) => b.value - a.value);
  const costs = phrases.filter((p) => p.value < 0).sort((a, b) => a.value - b.value);
  return [...gains.map((p) => p.text), ...costs.map((p) => `${COST}${p.text}`)];
}

const COST = '\u0000';

/** Join the leading phrases into one clause: "completes row 6 for 3 medals and reaches …, but …". */
export function summary(phrases: readonly string[], max = 2): string {
  const gains = phrases.filter((p) => !p.startsWith(COST)).slice(0, max);
  const cost = phrases.find((p) => p.startsWith(COST))?.slice(1);
  const head =
    gains.length <= 1 ? (gains[0] ?? '') : `${gains.slice(0, -1).join(', ')} and ${gains[gains.length - 1]}`;
  if (!cost) return head;
  return head ? `${head}, but ${cost}` : cost;
}

const at = (x: number | undefined, y: number | undefined) => `(${(x ?? 0) + 1}, ${(y ?? 0) + 1})`;

/** What a single action does, in a few words. */
export function actionText(action: Action, item?: PendingItem): string {
  switch (action.type) {
    case 'rotate':
      return `turns the station to orientation ${action.rotation}`;
    case 'takeTile':
      return `takes the ${action.stack} tile`;
    case 'placeTile':
      return `places it at ${at(action.x, action.y)}`;
    case 'moveRover': {
      const step = action.path[action.path.length - 1];
      return `moves rover ${action.rover + 1} to ${at(step?.[0], step?.[1])}`;
    }
    case 'pickCiv':
      return `keeps civ card ${action.card}`;
    case 'confirm':
      return 'confirms the turn';
    case 'resolve': {
      const c = action.choice ?? {};
      const kind = item?.kind ?? 'gain';
      if (c.track)
        return `${kind === 'energy' ? 'energy' : kind === 'synergy' ? 'synergy boost' : kind} → ${c.track}`;
      if (c.store) return 'stores the biomass patch';
      if (c.done) return `finishes the ${kind}`;
      if (c.stack) return `places the ${c.stack} depot tile at ${at(c.x, c.y)}`;
      if (c.x !== undefined)
        return `${kind === 'patch' ? 'patch' : kind === 'rover' ? 'rover' : kind} at ${at(c.x, c.y)}`;
      if (c.line) return `clears ${c.line} ${(c.index ?? 0) + 1}`;
      return `resolves the ${kind}`;
    }
    default:
      return action.type;
  }
}

/** A step's reason: what it does, and why if the features say so. */
export function describeStep(
  action: Action,
  item: PendingItem | undefined,
  phrases: readonly string[],
): string {
  const why = summary(phrases);
  return why ? `${actionText(action, item)}: ${why}` : actionText(action, item);
}
