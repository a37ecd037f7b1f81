/**
 * The public front of the rules: everything the client, the server and the tools may use of
 * `game/`. The bots have their own entry (`game/bots`), loaded in a worker or a server thread.
 * Anything not exported here is an internal of the rules, which a lint rule keeps `client/` and
 * `server/` out of (eslint.config.js), so the rules can be reshaped without touching them.
 */

// The state and the actions, as plain serializable data; what the engine says, as coded messages.
export * from './core/types';
export * from './core/messages';
export type {
  CorporationData,
  OasisPathStep,
  PlanetData,
  PlanetSubPlanet,
  Reward,
  TrackSquareBox,
  TrackSquareExtra,
} from './data/types';

// Components by id (generated from assets/reference).
export {
  CIV_CARDS,
  CORPORATIONS,
  EVENTS,
  EVENT_SOLO_EPILOGUE,
  OBJECTIVES,
  PLANETS,
  SHAPES,
  SYMMETRIC_CORPORATION,
  civCardById,
  corporationById,
  objectiveById,
  planetById,
  shapeById,
  tileById,
} from './data';
export { eventById } from './content/events';
export { planetWaiverRule } from './content/planets';

// The engine's front door: apply an action, list the legal ones, who must act.
export { applyAction, awaiting, legalActions, mayTakeBack, positioned, stageOf } from './engine';
export { PlanetUnknown, isPrivateStep } from './game';
export { GAME_NAME } from './name';
export { playerView } from './view';
export { upgradeState } from './upgrade';
export {
  BOARDS_MODES,
  EVENT_DECK_SIZE,
  EVENT_PRESETS,
  eventMixFrom,
  validateSetupData,
  type EventPreset,
  type SetupData,
} from './setup-data';
export {
  CLOCK_NOTES_KEPT,
  TIME_CONTROL_LIMITS,
  TIME_CONTROL_PRESETS,
  awayOwing,
  clockSettled,
  decisionKey,
  expireClock,
  matchClockOf,
  newMatchClock,
  nextClockDue,
  returnToClock,
  settleClock,
  timeControlError,
  timeControlOf,
  timeLeft,
  type ClockNote,
  type MatchClock,
  type SeatClock,
  type TimeControl,
  type TimeControlPreset,
} from './time-control';
export { CHAT_EVENT, CHAT_KEPT, CHAT_MAX_CHARS, chatText, isChatLine, type ChatLine } from './chat';
export { REJECTED_EVENT, type GuardRejection } from './guard';
export { initialGameState, recordMove, type MatchRecord } from './match';
export { mergeSeatLogs, recordError, recordFromLog, type LogLikeEntry } from './replay';
export { createRng, type Rng } from './core/prng';
export { COMMANDER_MS, PLAYABLE_BOT_LEVELS, isBotLevel, type BotLevel } from './bots/levels';
export {
  costliestTurns,
  REVIEW_WORLDS,
  reviewGame,
  roundTurnsOf,
  type ReviewedTurn,
  type ReviewOptions,
} from './bots/review';

// Questions the table asks of the rules (the rules answer; the client never decides).
export { orientationsOf } from './core/geometry';
export { cellIndex, cellX, cellY, onGrid, planetGeometry } from './rules/board';
export { facingDepot } from './rules/depot';
export { clone } from './rules/draft';
export { type Placement } from './rules/legality';
export { forbiddenRoverTerrain, roverReach } from './rules/rover-steps';
export { isAtTop, techEffects } from './rules/tracker-moves';
export { pendingLabel } from './rules/pending';
export { walkBeforeChoice } from './rules/rover-walk';
export {
  breakdownTotal,
  planetLines,
  scoreGame,
  trackMedal,
  trackMedals,
  type LineStatus,
} from './rules/scoring';
export {
  neighborValue,
  objectiveContext,
  privateObjectiveMedals,
  scoreNeighborObjective,
  scoreObjectiveAmongAll,
} from './rules/objectives';
export { soloTarget } from './rules/solo';
