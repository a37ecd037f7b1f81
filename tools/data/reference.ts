/**
 * The reference data's folder, and the checks every reader uses: anything that does not fit the
 * types of game/data/types.ts throws an error naming the culprit (`where` always reads
 * "<file>: <entry>").
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventColor, Terrain, Track, XY } from '../../game/data/types';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const REFERENCE_DIR = path.join(PROJECT_ROOT, 'assets', 'reference');
export const OUT_DIR = path.join(PROJECT_ROOT, 'game', 'data');

export const TERRAINS: readonly Terrain[] = ['civ', 'water', 'biomass', 'rover', 'tech', 'energy'];
export const TRACKS: readonly Track[] = ['civ', 'water', 'biomass', 'rover', 'tech'];
export const EVENT_COLORS: readonly EventColor[] = ['green', 'orange', 'red'];

export type Obj = Record<string, unknown>;

export class ReferenceDataError extends Error {
  constructor(where: string, message: string) {
    super(`${where}: ${message}`);
    this.name = 'ReferenceDataError';
  }
}

export function fail(where: string, message: string): never {
  throw new ReferenceDataError(where, message);
}

export function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export function obj(value: unknown, where: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(where, `expected an object, got ${show(value)}`);
  }
  return value as Obj;
}

export function arr(value: unknown, where: string, length?: number): unknown[] {
  if (!Array.isArray(value)) fail(where, `expected an array, got ${show(value)}`);
  if (length !== undefined && value.length !== length) {
    fail(where, `expected ${length} elements, got ${value.length}`);
  }
  return value;
}

export function str(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(where, `expected a string, got ${show(value)}`);
  return value;
}

export function bool(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') fail(where, `expected a boolean, got ${show(value)}`);
  return value;
}

export function int(value: unknown, where: string, min = -Infinity, max = Infinity): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    fail(where, `expected an integer, got ${show(value)}`);
  }
  if (value < min || value > max) fail(where, `expected an integer in ${min}..${max}, got ${value}`);
  return value;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(where, `expected one of ${allowed.join(' | ')}, got ${show(value)}`);
  }
  return value as T;
}

export function xy(value: unknown, where: string): XY {
  const a = arr(value, where, 2);
  return [int(a[0], `${where}[0]`), int(a[1], `${where}[1]`)];
}

export function xyList(value: unknown, where: string): XY[] {
  return arr(value, where).map((c, i) => xy(c, `${where}[${i}]`));
}

/** The object must have exactly these keys (the optional ones may be missing). */
export function exactKeys(
  o: Obj,
  required: readonly string[],
  optional: readonly string[],
  where: string,
): void {
  for (const k of required) if (!(k in o)) fail(where, `missing field "${k}"`);
  for (const k of Object.keys(o)) {
    if (!required.includes(k) && !optional.includes(k)) fail(where, `unexpected field "${k}"`);
  }
}

export function requireKeys(o: Obj, keys: readonly string[], where: string): void {
  for (const k of keys) if (!(k in o)) fail(where, `missing field "${k}"`);
}

/** Fields of `o` other than `core`, verbatim and in their original order. */
export function rest(o: Obj, core: readonly string[]): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) if (!core.includes(k)) out[k] = v;
  return out;
}

export const sameXY = (a: XY, b: XY): boolean => a[0] === b[0] && a[1] === b[1];
export const keyXY = (c: XY): string => `${c[0]},${c[1]}`;

export function uniqueIds<T>(items: readonly T[], id: (t: T) => string | number, where: string): void {
  const seen = new Set<string | number>();
  for (const item of items) {
    const k = id(item);
    if (seen.has(k)) fail(where, `duplicate id ${show(k)}`);
    seen.add(k);
  }
}

export function readReference(file: string): Obj {
  const full = path.join(REFERENCE_DIR, file);
  if (!existsSync(full)) {
    throw new Error(
      `Reference file not found: ${full} (the project keeps its reference data in assets/reference/${file})`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(full, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
  }
  return obj(parsed, file);
}
