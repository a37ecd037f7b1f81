/** corporations.json: the corporations, their tracks, rewards and techs. */
import type {
  CorporationData,
  CorporationExtra,
  Reward,
  TechData,
  Track,
  TrackData,
  TrackShape,
  TrackSquareData,
  TrackSquareExtra,
} from '../../game/data/types';
import {
  TRACKS,
  arr,
  bool,
  exactKeys,
  fail,
  int,
  obj,
  oneOf,
  readReference,
  requireKeys,
  rest,
  show,
  str,
  uniqueIds,
} from './reference';
import { listModule, type Output } from './output';

export function buildReward(raw: unknown, where: string): Reward {
  const o = obj(raw, where);
  const kind = str(o.kind, `${where}.kind`);
  switch (kind) {
    case 'medal':
      exactKeys(o, ['kind', 'value'], [], where);
      return { kind, value: int(o.value, `${where}.value`, 0) };
    case 'synergy':
    case 'biomassMilestone':
    case 'roverMilestone':
      exactKeys(o, ['kind'], [], where);
      return { kind };
    case 'civMilestone':
      exactKeys(o, ['kind', 'rank'], [], where);
      return { kind, rank: int(o.rank, `${where}.rank`, 1, 4) };
    case 'techMilestone': {
      exactKeys(o, ['kind', 'tech'], [], where);
      const tech = typeof o.tech === 'string' ? o.tech : int(o.tech, `${where}.tech`, 1);
      return { kind, tech };
    }
    case 'roverMove':
      exactKeys(o, ['kind', 'value'], [], where);
      return { kind, value: int(o.value, `${where}.value`, 0) };
    case 'advanceTrack':
      exactKeys(o, ['kind', 'track'], [], where);
      return { kind, track: oneOf(o.track, TRACKS, `${where}.track`) };
    case 'choice':
      exactKeys(o, ['kind', 'options'], [], where);
      return {
        kind,
        options: arr(o.options, `${where}.options`).map((opt, i) =>
          arr(opt, `${where}.options[${i}]`).map((r, j) => buildReward(r, `${where}.options[${i}][${j}]`)),
        ),
      };
    default:
      return fail(`${where}.kind`, `unknown reward kind ${show(kind)}`);
  }
}

export function buildTrack(raw: unknown, where: string): TrackData {
  const o = obj(raw, where);
  requireKeys(o, ['top', 'atTop', 'levels'], where);
  const top = int(o.top, `${where}.top`, 1);
  const levels = arr(o.levels, `${where}.levels`).map((l, i): TrackSquareData => {
    const lw = `${where}.levels[${i}]`;
    const lo = obj(l, lw);
    requireKeys(lo, ['level', 'rewards'], lw);
    const level = int(lo.level, `${lw}.level`);
    if (level !== i) fail(lw, `level ${level} at index ${i}: levels must be listed in order from 0`);
    const square: TrackSquareData = {
      level,
      rewards: arr(lo.rewards, `${lw}.rewards`).map((r, j) => buildReward(r, `${lw}.rewards[${j}]`)),
      square: 'square' in lo ? bool(lo.square, `${lw}.square`) : true,
    };
    const extra: TrackSquareExtra = rest(lo, ['level', 'rewards', 'square']);
    // A box and its half come together: the board draws the square as that half of the box.
    if ('box' in lo || 'half' in lo) {
      extra.box = int(lo.box, `${lw}.box`, 1);
      extra.half = oneOf(lo.half, ['lower', 'upper'] as const, `${lw}.half`);
    }
    if ('note' in lo) extra.note = str(lo.note, `${lw}.note`);
    if (Object.keys(extra).length > 0) square.extra = extra;
    return square;
  });
  if (levels.length !== top + 1)
    fail(`${where}.levels`, `top is ${top} but ${levels.length} levels are listed`);
  const track: TrackData = { top, atTop: str(o.atTop, `${where}.atTop`), levels };
  if ('topMovement' in o) track.topMovement = int(o.topMovement, `${where}.topMovement`, 1);
  const extra: NonNullable<TrackData['extra']> = rest(o, ['top', 'atTop', 'topMovement', 'levels']);
  if ('topLabel' in o) extra.topLabel = str(o.topLabel, `${where}.topLabel`);
  if ('note' in o) extra.note = str(o.note, `${where}.note`);
  if (Object.keys(extra).length > 0) track.extra = extra;
  // Re-order so `levels` (long) comes last and `extra` right before it: easier to read.
  const { levels: lv, extra: ex, ...head } = track;
  return { ...head, ...(ex ? { extra: ex } : {}), levels: lv };
}

export function buildTech(raw: unknown, where: string): TechData {
  const o = obj(raw, where);
  requireKeys(o, ['level', 'text', 'effect', 'timing'], where);
  const tech: TechData = {
    level: typeof o.level === 'string' ? o.level : int(o.level, `${where}.level`, 1),
    text: str(o.text, `${where}.text`),
    effect: str(o.effect, `${where}.effect`),
    timing: str(o.timing, `${where}.timing`),
  };
  const extra = rest(o, ['level', 'text', 'effect', 'timing']);
  if (Object.keys(extra).length > 0) tech.extra = extra;
  return tech;
}

const tracksList = (value: unknown, where: string): Track[] =>
  arr(value, where).map((t, i) => oneOf(t, TRACKS, `${where}[${i}]`));

const rewardList = (value: unknown, where: string): Reward[] =>
  arr(value, where).map((r, i) => buildReward(r, `${where}[${i}]`));

/**
 * A board's `trackShape`: the fields its hooks read (game/content/corporations/) checked and typed,
 * its prose kept verbatim, in the reference's order.
 */
export function buildTrackShape(raw: unknown, where: string): TrackShape {
  const o = obj(raw, where);
  const kind = str(o.kind, `${where}.kind`);
  switch (kind) {
    case 'republicCiv': {
      requireKeys(o, ['civMilestones', 'regression'], where);
      const regression = obj(o.regression, `${where}.regression`);
      requireKeys(regression, ['choices', 'steps'], `${where}.regression`);
      return {
        ...o,
        kind,
        civMilestones: arr(o.civMilestones, `${where}.civMilestones`).map((m, i) => {
          const mw = `${where}.civMilestones[${i}]`;
          const milestone = obj(m, mw);
          exactKeys(milestone, ['level', 'rank'], [], mw);
          return {
            level: int(milestone.level, `${mw}.level`, 0),
            rank: int(milestone.rank, `${mw}.rank`, 1, 4),
          };
        }),
        regression: {
          ...regression,
          choices: tracksList(regression.choices, `${where}.regression.choices`),
          steps: int(regression.steps, `${where}.regression.steps`, 1),
        },
      };
    }
    case 'wormholeChoiceBoxes': {
      requireKeys(o, ['track', 'positions'], where);
      const positions = arr(o.positions, `${where}.positions`).map((p, i) => {
        const pw = `${where}.positions[${i}]`;
        const position = obj(p, pw);
        exactKeys(position, ['position', 'rows', 'medalPassedToReach', 'options'], [], pw);
        const rows = arr(position.rows, `${pw}.rows`).map((r, j) => int(r, `${pw}.rows[${j}]`, 0));
        if (rows.length === 0) fail(`${pw}.rows`, 'a box holds at least one row');
        const options = arr(position.options, `${pw}.options`).map((opt, j) =>
          rewardList(opt, `${pw}.options[${j}]`),
        );
        if (i > 0 && options.length !== rows.length) fail(`${pw}.options`, 'one option per row of the box');
        return {
          position: int(position.position, `${pw}.position`, 0),
          rows,
          medalPassedToReach:
            position.medalPassedToReach === null
              ? null
              : int(position.medalPassedToReach, `${pw}.medalPassedToReach`, 0),
          options,
        };
      });
      if (positions.length === 0) fail(`${where}.positions`, 'the track needs its start square');
      return { ...o, kind, track: oneOf(o.track, TRACKS, `${where}.track`), positions };
    }
    case 'oasisWaterPath': {
      requireKeys(o, ['path'], where);
      const path = arr(o.path, `${where}.path`).map((s, i) => {
        const sw = `${where}.path[${i}]`;
        const step = obj(s, sw);
        requireKeys(step, ['step', 'track', 'level', 'benefits'], sw);
        return {
          ...step,
          step: int(step.step, `${sw}.step`, 0),
          track: oneOf(step.track, TRACKS, `${sw}.track`),
          level: int(step.level, `${sw}.level`, 0),
          benefits: rewardList(step.benefits, `${sw}.benefits`),
          ...('waterMedal' in step ? { waterMedal: int(step.waterMedal, `${sw}.waterMedal`, 0) } : {}),
        };
      });
      return { ...o, kind, path };
    }
    case 'makeshiftDiagonal': {
      requireKeys(o, ['columnOrder'], where);
      const columnOrder = tracksList(o.columnOrder, `${where}.columnOrder`);
      if (new Set(columnOrder).size !== TRACKS.length)
        fail(`${where}.columnOrder`, `must name each of the ${TRACKS.length} tracks once`);
      return { ...o, kind, columnOrder };
    }
    case 'jumpDriveTechSlots':
      requireKeys(o, ['slots'], where);
      return {
        ...o,
        kind,
        slots: arr(o.slots, `${where}.slots`).map((s, i) => str(s, `${where}.slots[${i}]`)),
      };
    case 'cosmosLifepods':
    case 'horizonCarry':
    case 'fluxToken':
      return { ...o, kind };
    default:
      return fail(`${where}.kind`, `unknown track shape ${show(kind)}`);
  }
}

/** The fields beyond the core: the French name and the track shape checked, the rest verbatim. */
export function buildCorporationExtra(o: Record<string, unknown>, where: string): CorporationExtra {
  requireKeys(o, ['frenchName'], where);
  return {
    ...o,
    frenchName: str(o.frenchName, `${where}.frenchName`),
    ...('trackShape' in o ? { trackShape: buildTrackShape(o.trackShape, `${where}.trackShape`) } : {}),
  };
}

export const CORPORATION_CORE = [
  'id',
  'name',
  'side',
  'deluxe',
  'complexity',
  'roverCount',
  'specialRule',
  'tracks',
  'techUnlock',
  'techs',
] as const;

export function buildCorporation(raw: unknown, where: string): CorporationData {
  const o = obj(raw, where);
  requireKeys(o, CORPORATION_CORE, where);
  const here = `${where} (${show(o.id)})`;
  const rawTracks = obj(o.tracks, `${here}.tracks`);
  exactKeys(rawTracks, TRACKS, [], `${here}.tracks`);
  const tracks = Object.fromEntries(
    TRACKS.map((t) => [t, buildTrack(rawTracks[t], `${here}.tracks.${t}`)]),
  ) as Record<Track, TrackData>;
  const unlock = obj(o.techUnlock, `${here}.techUnlock`);
  str(unlock.mode, `${here}.techUnlock.mode`);
  if ('milestoneRows' in unlock) {
    arr(unlock.milestoneRows, `${here}.techUnlock.milestoneRows`).forEach((r, i) =>
      int(r, `${here}.techUnlock.milestoneRows[${i}]`, 0),
    );
  }
  if ('cumulative' in unlock) bool(unlock.cumulative, `${here}.techUnlock.cumulative`);
  const corporation: CorporationData = {
    id: str(o.id, `${here}.id`),
    name: str(o.name, `${here}.name`),
    side: oneOf(o.side, ['symmetric', 'asymmetric'] as const, `${here}.side`),
    deluxe: bool(o.deluxe, `${here}.deluxe`),
    complexity: int(o.complexity, `${here}.complexity`, 1),
    roverCount: int(o.roverCount, `${here}.roverCount`, 0),
    specialRule: str(o.specialRule, `${here}.specialRule`),
    tracks,
    techUnlock: unlock as CorporationData['techUnlock'],
    techs: arr(o.techs, `${here}.techs`).map((t, i) => buildTech(t, `${here}.techs[${i}]`)),
    extra: buildCorporationExtra(rest(o, CORPORATION_CORE), here),
  };
  const milestones = TRACKS.flatMap((t) => tracks[t].levels)
    .flatMap((l) => l.rewards)
    .filter((r) => r.kind === 'roverMilestone');
  if (milestones.length !== corporation.roverCount) {
    fail(
      here,
      `roverCount is ${corporation.roverCount} but the tracks hold ${milestones.length} roverMilestone squares`,
    );
  }
  return corporation;
}

export function buildCorporations(): CorporationData[] {
  const file = 'corporations.json';
  const root = readReference(file);
  const list = arr(root.corporations, `${file}: corporations`).map((c, i) =>
    buildCorporation(c, `${file}: corporations[${i}]`),
  );
  if (list.length !== 9) fail(`${file}: corporations`, `expected 9 corporations, got ${list.length}`);
  uniqueIds(list, (c) => c.id, `${file}: corporations`);
  return list;
}

/** game/data/corporations.generated.ts: CORPORATIONS. */
export function corporationsOutput(): Output {
  return listModule(
    'corporations.json',
    'CorporationData',
    'CORPORATIONS',
    buildCorporations(),
    'The 9 corporation boards.',
  );
}
