/**
 * The shape every kind of pending gain has (R1): one module per kind owns its list of choices, how a
 * listed choice is applied, its label and the words for a refused choice. The list decides: a
 * choice is accepted exactly when it is listed, and the apply step receives the listed choice in
 * its kind's own shape (`ChoiceOf`), so it never checks again and the refusal only explains.
 */
import {
  GRID,
  type Choice,
  type ChoiceOf,
  type Draft,
  type PendingItem,
  type PendingKind,
  type SquareChoice,
} from '../../core/types';
import type { Message, PendingCode, Reason } from '../../core/messages';
import { cellIndex, cellX, cellY } from '../board';
import type { TurnEnv } from '../../core/types';

export type ItemOf<K extends PendingKind> = Extract<PendingItem, { kind: K }>;

export interface GainKind<K extends PendingKind> {
  /** Every way the item can be resolved now; empty means it is lost at confirmation (§3.7). */
  choices(env: TurnEnv, d: Draft, item: ItemOf<K>): ChoiceOf<K>[];
  /**
   * For a costly list only: the listed choice equal to `choice`, found by the very predicate the
   * list is built with (so asking does not build the whole list), or undefined when it is not listed.
   */
  listed?(env: TurnEnv, d: Draft, item: ItemOf<K>, choice: Choice): ChoiceOf<K> | undefined;
  /** For a costly list only: whether the list is not empty, by the same predicate. */
  hasChoices?(env: TurnEnv, d: Draft, item: ItemOf<K>): boolean;
  /** Apply a listed choice (it is one the list holds: nothing is checked again). */
  apply(env: TurnEnv, d: Draft, item: ItemOf<K>, choice: ChoiceOf<K>): void;
  /** The item as a player reads it on the pending list. */
  label(item: ItemOf<K>): Message<PendingCode>;
  /** Why a choice that is not listed is refused: it explains, the list has already decided. */
  refusal(env: TurnEnv, d: Draft, item: ItemOf<K>, choice: Choice): Reason;
}

/** Whether the choice names exactly these fields (others absent), so it can equal a listed one. */
export function hasOnlyKeys<Key extends keyof Choice>(
  choice: Choice,
  keys: readonly Key[],
): choice is Choice & Required<Pick<Choice, Key>> {
  for (const key of Object.keys(choice) as (keyof Choice)[]) {
    if (choice[key] !== undefined && !(keys as readonly (keyof Choice)[]).includes(key)) return false;
  }
  return keys.every((key) => choice[key] !== undefined);
}

/** Two choices are the same when they give the same fields with the same values. */
export function sameChoice(a: Choice, b: Choice): boolean {
  for (const key of Object.keys(a) as (keyof Choice)[]) if (a[key] !== b[key]) return false;
  for (const key of Object.keys(b) as (keyof Choice)[]) if (a[key] !== b[key]) return false;
  return true;
}

/** The listed choice equal to `choice`, in the list's own shape, or undefined when none is. */
export const findListed = <T extends Choice>(list: readonly T[], choice: Choice): T | undefined =>
  list.find((listed) => sameChoice(listed, choice));

/** A square as a choice, in the grid's own coordinates. */
export const squareChoice = (cell: number): SquareChoice => ({ x: cellX(cell), y: cellY(cell) });

/** The cell a listed square names. */
export const cellOf = (choice: SquareChoice): number => cellIndex(choice.x, choice.y);

/** The square a choice names, or null when it names none of the grid (for explaining a refusal). */
export function squareOf(choice: Choice): number | null {
  const { x, y } = choice;
  if (x === undefined || y === undefined || !Number.isInteger(x) || !Number.isInteger(y)) return null;
  if (x < 0 || y < 0 || x >= GRID || y >= GRID) return null;
  return cellIndex(x, y);
}
