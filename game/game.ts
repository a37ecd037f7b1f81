/**
 * Planet Unknown as a boardgame.io game. The rules live in the engine; this file maps them onto
 * boardgame.io: each round is a turn led by the commander, the simultaneous part is a stage every
 * player is in at once (R1–R4), the civ picks and the end of the game are sequential stages.
 */
import type { Game, Move, Plugin } from 'boardgame.io';
import type { Action, GameState, PlayerID, PrivateState } from './core/types';
import { applyAction, awaiting } from './engine';
import { matchOptionsFrom, validateSetupData, type SetupData } from './setup-data';
import { setupGame } from './rules/setup';
import { clone } from './rules/draft';
import { playerView } from './view';

import { GAME_NAME } from './name';
export { GAME_NAME };

type Ctx = Parameters<NonNullable<Game<GameState>['endIf']>>[0]['ctx'];
type Events = {
  setActivePlayers(arg: { value: Record<string, string> }): void;
  endTurn(arg?: { next?: string }): void;
  endPhase(): void;
};

/** Keep boardgame.io's turn, phase and active players in step with the engine. */
function syncFlow(G: GameState, ctx: Ctx, events: Events, roundBefore: number): void {
  if ((G.step === 'endgame' || G.step === 'over') && ctx.phase === 'play') return events.endPhase();
  if (G.round !== roundBefore) return events.endTurn({ next: G.commander });
  events.setActivePlayers({ value: awaiting(G) });
}

/**
 * The state a move starts from, as plain data: boardgame.io wraps every move in immer, and game
 * plugins wrap outside it, so a plugin sees G before it is turned into a draft.
 */
const plainState: { G: GameState | null } = { G: null };
const plainStatePlugin: Plugin<unknown, unknown, GameState> = {
  name: 'plain-state',
  fnWrap:
    (method) =>
    (context, ...args) => {
      const outer = plainState.G;
      plainState.G = context.G;
      try {
        return method(context, ...args) as unknown;
      } finally {
        plainState.G = outer;
      }
    },
};

/**
 * The steps of a turn in progress: the engine applies them to the player's own turn (its draft and
 * steps) and reads the rest of the state only.
 */
const TURN_STEPS: ReadonlySet<Action['type']> = new Set([
  'takeTile',
  'placeTile',
  'resolve',
  'moveRover',
  'useAbility',
  'undo',
  'restart',
]);

/**
 * Whether a move is a private step: a step of its player's turn in progress, which changes nothing
 * but that turn (the rest of the state is only read, see `stateForMove`). What others may know of
 * a turn is that it is going on and, once confirmed, what it did (§9): neither the kind of its
 * steps nor how many there were. The server tells them nothing of such a move
 * (server/step-veil.ts).
 */
export const isPrivateStep = (moveType: string): boolean => TURN_STEPS.has(moveType as Action['type']);

/** Whether the parts a move shares with the state before it are frozen (see below): on in the tests. */
let checkShared = false;

/** Freeze what a move shares with the state before it, so that a move writing to it throws. */
export function checkSharedStateInMoves(on: boolean): void {
  checkShared = on;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

/**
 * The copy of the state a move works on. A step of a turn copies only the mover's turn and shares
 * everything else with the state before it (a whole copy is most of a move's cost on the server);
 * other actions (confirm, rotate, picks) copy the whole state. In the tests the shared parts are
 * frozen (`checkSharedStateInMoves`), so a step that wrote to them would throw rather than change
 * the state before the move.
 */
function stateForMove(G: GameState, player: PlayerID, type: Action['type']): GameState {
  const priv = G.private[player] as PrivateState | undefined;
  if (!TURN_STEPS.has(type) || !priv?.turn) return clone(G);
  const copy: GameState = { ...G, private: { ...G.private, [player]: { ...priv, turn: clone(priv.turn) } } };
  if (checkShared) {
    for (const [key, part] of Object.entries(copy)) if (key !== 'private') deepFreeze(part);
    for (const [id, part] of Object.entries(copy.private)) {
      if (id !== player) deepFreeze(part);
      else for (const [key, item] of Object.entries(part)) if (key !== 'turn') deepFreeze(item);
    }
  }
  return copy;
}

/** Every player move: one engine action. A rejected action changes nothing but the player's own notice. */
function move(type: Action['type'], client = true): Move<GameState> {
  return {
    // Simultaneous moves from the same state are all valid (STACK §2.7). And the state ids the
    // server shows a client are its own, without other seats' private steps (server/step-veil.ts):
    // a move must not be checked against the stored id.
    ignoreStaleStateID: true,
    // boardgame.io sends every move's arguments to every client in its log unless the move is
    // redacted: a kept objective, an End Game card or a step of a turn in progress would leak. The
    // state shows others what they may see of a move; its arguments go to its player only (§9).
    redact: true,
    client,
    move: ({ G: draft, ctx, playerID, events }, args?: Record<string, unknown>) => {
      // The engine works on a plain copy rather than boardgame.io's immer draft: reading a large
      // state through proxies costs several times the move itself.
      const G = stateForMove(plainState.G ?? draft, playerID as PlayerID, type);
      const action = { ...(typeof args === 'object' && args !== null ? args : {}), type } as Action;
      const roundBefore = G.round;
      const why = applyAction(G, playerID as PlayerID, action);
      const priv = G.private[playerID as PlayerID] as PrivateState | undefined;
      if (why !== null) {
        if (priv) priv.rejection = { serial: (priv.rejection?.serial ?? 0) + 1, action: type, reason: why };
      } else {
        if (priv?.rejection) priv.rejection = null;
        syncFlow(G, ctx, events as unknown as Events, roundBefore);
      }
      // A frozen root tells immer the new state holds no drafts, so it does not walk all of it.
      return Object.freeze(G);
    },
  };
}

const turnMoves = {
  resolve: move('resolve'),
  moveRover: move('moveRover'),
  // A power may read hidden state (Jump Drive F looks at the objective deck): only the server runs it.
  useAbility: move('useAbility', false),
  undo: move('undo'),
  restart: move('restart'),
  // Confirming closes rounds and picking reads civ piles: both need hidden state, so only the server runs them.
  confirm: move('confirm', false),
};

const stages = {
  boards: { moves: { chooseBoard: move('chooseBoard') } },
  // Keeping objectives can start a round or close one (Jump Drive F, §3.8): hidden state, server only.
  objectives: { moves: { keepObjectives: move('keepObjectives', false) } },
  rotate: { moves: { rotate: move('rotate') } },
  build: { moves: { takeTile: move('takeTile'), placeTile: move('placeTile'), ...turnMoves } },
  civ: { moves: { pickCiv: move('pickCiv', false), ...turnMoves } },
  endgame: { moves: { pickCiv: move('pickCiv', false), ...turnMoves } },
};

const commanderOrder = {
  first: ({ G, ctx }: { G: GameState; ctx: Ctx }) => Math.max(0, ctx.playOrder.indexOf(G.commander)),
  next: ({ G, ctx }: { G: GameState; ctx: Ctx }) => Math.max(0, ctx.playOrder.indexOf(G.commander)),
};

const turn = {
  order: commanderOrder,
  onBegin: ({ G, events }: { G: GameState; events: unknown }) =>
    (events as Events).setActivePlayers({ value: awaiting(G) }),
  stages,
};

export const PlanetUnknown: Game<GameState, Record<string, unknown>, SetupData> = {
  name: GAME_NAME,
  minPlayers: 1,
  maxPlayers: 6,
  setup: ({ ctx, random }, setupData) =>
    setupGame(ctx.playOrder, matchOptionsFrom(ctx.numPlayers, setupData), random),
  validateSetupData: (setupData, numPlayers) => validateSetupData(setupData, numPlayers) ?? undefined,
  playerView: ({ G, playerID }) => playerView(G, playerID),
  phases: {
    play: { start: true, next: 'endgame', turn },
    endgame: { turn },
  },
  endIf: ({ G }) => (G.result ? G.result : undefined),
  disableUndo: true, // undo is the engine's, per player (R4)
  plugins: [plainStatePlugin],
};
