/**
 * Scores and objective standings as the viewing player may know them, computed by the engine's own
 * scoring functions on the state the client holds (already that player's view): public boards for
 * everyone, the viewer's turn in progress for the viewer, and only the viewer's private objectives.
 */
import {
  breakdownTotal,
  corporationById,
  type GameState,
  neighborValue,
  objectiveById,
  objectiveContext,
  planetById,
  type PlayerBoard,
  type PlayerID,
  privateObjectiveMedals,
  type ScoreBreakdown,
  scoreGame,
  scoreNeighborObjective,
  scoreObjectiveAmongAll,
  type PlayerScore,
} from '../../game';

/** Every board as the viewer sees it: their own turn in progress replaces their public board. */
export function visibleBoards(
  G: GameState,
  viewer: PlayerID | null,
): { boards: GameState['boards']; draft: boolean } {
  const draft = viewer === null ? null : (G.private[viewer]?.turn?.draft.board ?? null);
  if (viewer === null || !draft) return { boards: G.boards, draft: false };
  return { boards: { ...G.boards, [viewer]: draft }, draft: true };
}

const contextOf = (board: PlayerBoard) =>
  objectiveContext(planetById(board.planet), corporationById(board.corporation));

export interface LiveScore {
  breakdown: ScoreBreakdown;
  /** Of `breakdown.objectives`: shared objectives and the viewer's private ones. */
  neighbour: number;
  private: number;
  total: number;
  /** The viewer's turn in progress is counted. */
  draft: boolean;
}

/** The viewer's score if the game ended now, counting only what the viewer can see. */
export function liveScore(G: GameState, viewer: PlayerID): LiveScore | null {
  if (!G.boards[viewer]) return null;
  const { boards, draft } = visibleBoards(G, viewer);
  const input = { ...G, boards };
  const kept = G.private[viewer]?.objectives ?? [];
  const withPrivate = scoreGame(input, { [viewer]: kept }).scores.find((s) => s.player === viewer);
  if (!withPrivate) return null;
  const board = boards[viewer] as PlayerBoard;
  const ctx = contextOf(board);
  const privateMedals = kept.reduce(
    (sum, id) => sum + privateObjectiveMedals(objectiveById(id), board, ctx),
    0,
  );
  const breakdown = withPrivate.breakdown;
  return {
    breakdown,
    neighbour: breakdown.objectives - privateMedals,
    private: privateMedals,
    total: breakdownTotal(breakdown),
    draft,
  };
}

export interface ObjectiveStanding {
  card: number;
  entries: { player: PlayerID; value: number; medals: number }[];
  /** The players who would take the win now; empty when everyone is tied. */
  ahead: PlayerID[];
}

/** Each shared objective: every involved player's count, the medals it would give, who leads. */
export function objectiveStandings(G: GameState, viewer: PlayerID | null): ObjectiveStanding[] {
  const { boards } = visibleBoards(G, viewer);
  return G.objectives.map(({ card: cardId, players }) => {
    const card = objectiveById(cardId);
    const present = players.filter((p) => boards[p]);
    const values = present.map((p) =>
      neighborValue(card, boards[p] as PlayerBoard, contextOf(boards[p] as PlayerBoard)),
    );
    const medals =
      present.length === 2
        ? scoreNeighborObjective(card, values[0] ?? 0, values[1] ?? 0)
        : scoreObjectiveAmongAll(card, values);
    const entries = present.map((player, k) => ({ player, value: values[k] ?? 0, medals: medals[k] ?? 0 }));
    const allEqual = values.every((v) => v === values[0]);
    const best = Math.max(...entries.map((e) => e.medals));
    return {
      card: cardId,
      entries,
      ahead: allEqual ? [] : entries.filter((e) => e.medals === best).map((e) => e.player),
    };
  });
}

/** The viewer's kept private objectives, each met or not on what the viewer has built so far. */
export function privateObjectiveStatus(G: GameState, viewer: PlayerID): { card: number; met: boolean }[] {
  const kept = G.private[viewer]?.objectives ?? [];
  const { boards } = visibleBoards(G, viewer);
  const board = boards[viewer];
  if (!board) return [];
  const ctx = contextOf(board);
  return kept.map((card) => ({ card, met: privateObjectiveMedals(objectiveById(card), board, ctx) > 0 }));
}

/** One row of the end screen's objectives table: a card and each player it scored, with their count. */
export interface ObjectiveResult {
  card: number;
  shared: boolean;
  entries: { player: PlayerID; medals: number; value?: number }[];
}

/**
 * Every objective of a finished game as the engine scored it (each score's `detail`): a shared card
 * once with every player it compared (their counts from the final boards when `G` is given), and
 * each kept private card on a row of its own.
 */
export function objectiveResults(scores: readonly PlayerScore[], G?: GameState): ObjectiveResult[] {
  const counts = new Map<number, Map<PlayerID, number>>();
  for (const s of G ? objectiveStandings(G, null) : [])
    counts.set(s.card, new Map(s.entries.map((e) => [e.player, e.value])));
  const shared = new Map<number, ObjectiveResult>();
  const kept: ObjectiveResult[] = [];
  for (const score of scores)
    for (const entry of score.detail.objectives)
      for (const card of entry.cards) {
        const line = { player: score.player, medals: entry.medals };
        if (!entry.shared) {
          kept.push({ card, shared: false, entries: [line] });
          continue;
        }
        const value = counts.get(card)?.get(score.player);
        const row = shared.get(card) ?? { card, shared: true, entries: [] };
        row.entries.push(value === undefined ? line : { ...line, value });
        shared.set(card, row);
      }
  return [...shared.values(), ...kept];
}
