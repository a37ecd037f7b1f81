/**
 * PostgreSQL storage: bgio-postgres's `Games` table for each match's metadata, initial state and
 * state checkpoint, and a `MatchLog` table of our own that each move appends to (bgio-postgres
 * rewrites a match's whole log on every move). Loaded only when `DATABASE_URL` is set.
 */
import type { PostgresStore } from 'bgio-postgres';
import type { QueryTypes } from 'sequelize';
import { type ChatLine, isChatLine } from '../chat';
import type { FetchOpts, FetchResult, Fetched, LogBackend, LogEntries, State } from './checkpoint';

/** One row per log entry: the state its move produced, its place in that move's entries. */
const CREATE_LOG_TABLE = `
CREATE TABLE IF NOT EXISTS "MatchLog" (
  "matchID" VARCHAR(255) NOT NULL,
  "stateID" INTEGER NOT NULL,
  "idx" INTEGER NOT NULL,
  "entry" JSONB NOT NULL,
  PRIMARY KEY ("matchID", "stateID", "idx")
)`;

/** The table chat: one row per message, in the order written. */
const CREATE_CHAT_TABLE = `
CREATE TABLE IF NOT EXISTS "MatchChat" (
  "n" BIGSERIAL PRIMARY KEY,
  "matchID" VARCHAR(255) NOT NULL,
  "line" JSONB NOT NULL
);
CREATE INDEX IF NOT EXISTS "MatchChat_match" ON "MatchChat" ("matchID", "n")`;

/** How long an `updatedAt`-only change of a match's metadata may wait for the database. */
const TOUCH_DELAY_MS = 5000;

// sequelize is bgio-postgres's dependency, not ours: only its types are imported.
const SELECT = 'SELECT' as unknown as QueryTypes.SELECT;

interface GamesRow {
  gameName: string;
  players: Record<string, unknown> | null;
  setupData: unknown;
  gameover: unknown;
  nextRoomID: string | null;
  unlisted: boolean | null;
  createdAt: Date;
  updatedAt: Date;
  state?: State | null;
  initialState?: State | null;
  log?: LogEntries | null;
}

/**
 * bgio-postgres with the log appended rather than rewritten and the state written as a
 * checkpoint (only ever replaced by a newer one, bgio-postgres's rule). The primary key of a log
 * row also refuses a second move logged for the same state, which two instances serving one match
 * could otherwise both acknowledge.
 */
export async function postgresBackend(url: string): Promise<LogBackend> {
  const { PostgresStore } = await import('bgio-postgres');
  const store = new PostgresStore(url, { logging: false }) as PostgresStore & LogBackend;
  const sql = store.sequelize;
  const select = <T extends object>(query: string, replacements: Record<string, unknown>) =>
    sql.query<T>(query, { replacements, type: SELECT });

  const connect = store.connect.bind(store);
  const wipe = store.wipe.bind(store);

  // `updatedAt` after each move (bgio-postgres would write the whole row's metadata every time):
  // the newest per match, written for all of them in one statement every few seconds, and only
  // ever moved forward, so another instance's change to the row is never undone.
  const touched = new Map<string, number>();
  let touchTimer: NodeJS.Timeout | null = null;
  const flushTouched = async () => {
    if (touchTimer) clearTimeout(touchTimer);
    touchTimer = null;
    if (touched.size === 0) return;
    const values: Record<string, unknown> = {};
    const rows = [...touched].map(([matchID, at], i) => {
      values[`id${i}`] = matchID;
      values[`at${i}`] = at / 1000;
      return `(:id${i}, to_timestamp(:at${i}))`;
    });
    touched.clear();
    await sql.query(
      `UPDATE "Games" AS g SET "updatedAt" = v."at" FROM (VALUES ${rows.join(', ')}) AS v("id", "at")
       WHERE g."id" = v."id" AND g."updatedAt" < v."at"`,
      { replacements: values },
    );
  };

  return Object.assign(store, {
    async connect() {
      await connect();
      await sql.query(CREATE_LOG_TABLE);
      await sql.query(CREATE_CHAT_TABLE);
    },

    async appendChat(matchID: string, line: ChatLine) {
      await sql.query(`INSERT INTO "MatchChat" ("matchID", "line") VALUES (:matchID, :line::jsonb)`, {
        replacements: { matchID, line: JSON.stringify(line) },
      });
    },

    async chatOf(matchID: string, limit: number): Promise<ChatLine[]> {
      const rows = await select<{ line: unknown }>(
        `SELECT "line" FROM (SELECT "n", "line" FROM "MatchChat" WHERE "matchID" = :matchID
         ORDER BY "n" DESC LIMIT :limit) AS newest ORDER BY "n"`,
        { matchID, limit },
      );
      return rows.map((r) => r.line).filter(isChatLine);
    },

    async appendLog(matchID: string, stateID: number, entries: LogEntries) {
      const rows = entries.map((_, i) => `(:matchID, :stateID, ${i}, :entry${i}::jsonb)`).join(', ');
      const values: Record<string, unknown> = { matchID, stateID };
      entries.forEach((e, i) => (values[`entry${i}`] = JSON.stringify(e)));
      await sql.query(`INSERT INTO "MatchLog" ("matchID", "stateID", "idx", "entry") VALUES ${rows}`, {
        replacements: values,
      });
    },

    async writeCheckpoint(matchID: string, state: State) {
      await sql.query(
        `UPDATE "Games" SET "state" = :state::json
         WHERE "id" = :matchID AND ("state" IS NULL OR ("state"->>'_stateID')::int < :stateID)`,
        { replacements: { matchID, state: JSON.stringify(state), stateID: state._stateID } },
      );
    },

    async logAfter(matchID: string, stateID: number): Promise<LogEntries> {
      const rows = await select<{ entry: LogEntries[number] }>(
        `SELECT "entry" FROM "MatchLog" WHERE "matchID" = :matchID AND "stateID" > :stateID
         ORDER BY "stateID", "idx"`,
        { matchID, stateID },
      );
      return rows.map((r) => r.entry);
    },

    touchMetadata(matchID: string, metadata: { updatedAt: number }): Promise<void> {
      touched.set(matchID, Math.max(touched.get(matchID) ?? 0, metadata.updatedAt));
      if (!touchTimer) {
        touchTimer = setTimeout(
          () =>
            void flushTouched().catch((err: unknown) =>
              console.error(`could not write the matches' updatedAt: ${String(err)}`),
            ),
          TOUCH_DELAY_MS,
        );
        touchTimer.unref();
      }
      return Promise.resolve();
    },

    async releaseLog() {},

    async newestStateID(matchID: string): Promise<number | null> {
      const [row] = await select<{ newest: number | null }>(
        `SELECT GREATEST(
           (SELECT max("stateID") FROM "MatchLog" WHERE "matchID" = :matchID),
           (SELECT ("state"->>'_stateID')::int FROM "Games" WHERE "id" = :matchID)) AS "newest"`,
        { matchID },
      );
      return row?.newest ?? null;
    },

    /** Only the columns asked for (bgio-postgres reads the whole row, log included, every time). */
    async fetch<O extends FetchOpts>(matchID: string, opts: O): Promise<FetchResult> {
      const columns = [
        ...(opts.metadata
          ? [
              'gameName',
              'players',
              'setupData',
              'gameover',
              'nextRoomID',
              'unlisted',
              'createdAt',
              'updatedAt',
            ]
          : []),
        ...(opts.state ? ['state'] : []),
        ...(opts.initialState ? ['initialState'] : []),
        ...(opts.log ? ['log'] : []),
      ];
      const [row] = await select<GamesRow>(
        `SELECT ${['id', ...columns].map((c) => `"${c}"`).join(', ')} FROM "Games" WHERE "id" = :matchID`,
        { matchID },
      );
      const result: Fetched = {};
      if (!row) return result as FetchResult;
      if (opts.metadata)
        result.metadata = {
          gameName: row.gameName,
          players: (row.players ?? []) as NonNullable<Fetched['metadata']>['players'],
          setupData: row.setupData,
          gameover: row.gameover,
          nextMatchID: row.nextRoomID ?? undefined,
          unlisted: row.unlisted ?? undefined,
          createdAt: new Date(row.createdAt).getTime(),
          updatedAt: new Date(row.updatedAt).getTime(),
        };
      if (opts.state) result.state = row.state ?? undefined;
      if (opts.initialState) result.initialState = row.initialState ?? undefined;
      if (opts.log) {
        // Matches logged before the log table keep their log in the row.
        const appended = await select<{ entry: LogEntries[number] }>(
          `SELECT "entry" FROM "MatchLog" WHERE "matchID" = :matchID ORDER BY "stateID", "idx"`,
          { matchID },
        );
        result.log = [...(row.log ?? []), ...appended.map((r) => r.entry)];
      }
      return result as FetchResult;
    },

    async wipe(matchID: string) {
      await wipe(matchID);
      await sql.query(`DELETE FROM "MatchLog" WHERE "matchID" = :matchID`, { replacements: { matchID } });
      await sql.query(`DELETE FROM "MatchChat" WHERE "matchID" = :matchID`, { replacements: { matchID } });
    },

    async close() {
      await flushTouched().catch(() => {});
      await sql.close();
    },
  });
}
