/**
 * Choices answered on the corporation board itself (§8.2): where a tracker goes when it has several
 * next squares (R7), where a collected lifepod rests (R32), which square or slot a power names.
 * The choices are the engine's legal actions as they are; this module only groups them by task and
 * by square, so the board and the controls offer exactly what the rules list.
 */
import { useState } from 'react';
import type { Action, Choice, LifepodSpot, PendingItem, Track } from '../../game';

/** A gain or a power with its listed choices, and the action that sends one. */
export interface ChoiceTask {
  /** `item:<id>` for a pending gain, `ability:<name>` for a power. */
  id: string;
  /** The pending gain, or the power (a tech's effect name), the task answers. */
  item?: PendingItem;
  ability?: string;
  choices: Choice[];
  send(choice: Choice): void;
}

/** A square or slot of the board that answers the active task when picked. */
export interface BoardPick {
  choice: Choice;
  /** Picking it only selects which lifepod moves (the destination comes next). */
  selectsFrom?: boolean;
  pick(): void;
}

export interface BoardPicks {
  /** Which task the board answers for, and the lifepod chosen to move (memo key of the drawing). */
  key: string;
  task: ChoiceTask;
  /** By square, `col:row` (a tracker's destination or a lifepod spot on a track square). */
  squares: Map<string, BoardPick>;
  /** By tech slot index (Jump Drive's A–F are slots 0–5). */
  slots: Map<number, BoardPick>;
  /** The lifepod scoring area as a spot. */
  area: BoardPick | null;
}

export const squareKey = (col: Track, row: number): string => `${col}:${row}`;

/** A lifepod spot as a board place: a track square, a slot index, or the scoring area. */
export function spotPlace(
  spot: LifepodSpot,
): { kind: 'area' } | { kind: 'slot'; slot: number } | { kind: 'square'; key: string } {
  if (spot === 'area') return { kind: 'area' };
  const [where, n] = spot.split(':') as [string, string];
  return where === 'slot' ? { kind: 'slot', slot: Number(n) } : { kind: 'square', key: `${where}:${n}` };
}

/** Whether a choice names a place on the corporation board. */
export const onCorporationBoard = (c: Choice): boolean =>
  (c.col !== undefined && c.row !== undefined) || c.spot !== undefined || c.from !== undefined;

/** The distinct lifepods a task may move (`from`), in listed order; empty when nothing is moved. */
export function fromSpots(choices: Choice[]): LifepodSpot[] {
  return [...new Set(choices.flatMap((c) => (c.from === undefined ? [] : [c.from])))];
}

/**
 * The choices left once the lifepod to move is known (all of them when there is none to choose);
 * a choice that moves nothing (declining) stays offered throughout.
 */
export function choicesFrom(choices: Choice[], from: LifepodSpot | null): Choice[] {
  if (fromSpots(choices).length <= 1) return choices;
  return choices.filter((c) => c.from === undefined || (from !== null && c.from === from));
}

/** Every pending gain and power whose choices name places on the board, from the legal actions. */
export function boardTasks(
  actions: Action[],
  pending: PendingItem[],
  send: (a: Action) => void,
): ChoiceTask[] {
  const tasks: ChoiceTask[] = [];
  for (const item of pending) {
    const choices = actions.flatMap((a) =>
      a.type === 'resolve' && a.item === item.id ? [a.choice ?? {}] : [],
    );
    if (choices.some(onCorporationBoard))
      tasks.push({
        id: `item:${item.id}`,
        item,
        choices,
        send: (choice) => send({ type: 'resolve', item: item.id, choice }),
      });
  }
  const abilities = [...new Set(actions.flatMap((a) => (a.type === 'useAbility' ? [a.ability] : [])))];
  for (const ability of abilities) {
    const choices = actions.flatMap((a) =>
      a.type === 'useAbility' && a.ability === ability ? [a.choice ?? {}] : [],
    );
    if (choices.some(onCorporationBoard))
      tasks.push({
        id: `ability:${ability}`,
        ability,
        choices,
        send: (choice) => send({ type: 'useAbility', ability, choice }),
      });
  }
  return tasks;
}

/** The board's picks for one task: its destinations, or first the lifepods it may move. */
export function picksFor(
  task: ChoiceTask,
  from: LifepodSpot | null,
  setFrom: (s: LifepodSpot) => void,
): BoardPicks {
  const picks: BoardPicks = {
    key: `${task.id}|${from ?? ''}`,
    task,
    squares: new Map(),
    slots: new Map(),
    area: null,
  };
  const put = (spot: LifepodSpot, pick: BoardPick) => {
    const place = spotPlace(spot);
    if (place.kind === 'area') picks.area = pick;
    else if (place.kind === 'slot') picks.slots.set(place.slot, pick);
    else picks.squares.set(place.key, pick);
  };
  const froms = fromSpots(task.choices);
  if (froms.length > 1 && from === null) {
    for (const spot of froms)
      put(spot, { choice: { from: spot }, selectsFrom: true, pick: () => setFrom(spot) });
    return picks;
  }
  for (const choice of choicesFrom(task.choices, from)) {
    const pick = { choice, pick: () => task.send(choice) };
    if (choice.col !== undefined && choice.row !== undefined)
      picks.squares.set(squareKey(choice.col, choice.row), pick);
    else if (choice.spot !== undefined) put(choice.spot, pick);
  }
  return picks;
}

export interface CorporationPicks {
  tasks: ChoiceTask[];
  /** The task the board answers for: the one chosen, else the first pending gain (powers wait to be chosen). */
  active: ChoiceTask | null;
  select(taskId: string): void;
  /** The lifepod chosen to move for the active task, if it moves one. */
  from: LifepodSpot | null;
  /** Choose the lifepod a task moves (null to choose again); the task becomes the active one. */
  setFrom(taskId: string, spot: LifepodSpot | null): void;
  picks: BoardPicks | null;
}

export function useCorporationPicks(
  actions: Action[],
  pending: PendingItem[],
  send: (a: Action) => void,
): CorporationPicks {
  const [chosen, setChosen] = useState<string | null>(null);
  const [fromChoice, setFromChoice] = useState<{ task: string; spot: LifepodSpot } | null>(null);
  const tasks = boardTasks(actions, pending, send);
  const active = tasks.find((t) => t.id === chosen) ?? tasks.find((t) => t.id.startsWith('item:')) ?? null;
  const from =
    active && fromChoice?.task === active.id && fromSpots(active.choices).includes(fromChoice.spot)
      ? fromChoice.spot
      : null;
  const setFrom = (taskId: string, spot: LifepodSpot | null) => {
    setChosen(taskId);
    setFromChoice(spot === null ? null : { task: taskId, spot });
  };
  return {
    tasks,
    active,
    select: setChosen,
    from,
    setFrom,
    picks: active ? picksFor(active, from, (spot) => setFrom(active.id, spot)) : null,
  };
}
