/**
 * Load run: `npm run -s load -- --matches N --duration S [--url U | --postgres | --instances 2]`.
 *
 * Starts the server as a child process (FlatFile in a temporary directory, or whatever storage the
 * environment configures, e.g. DATABASE_URL) unless --url names one. With --postgres it runs on a
 * throwaway PostgreSQL and Redis (Debian's packages, test/server/services.ts); --instances 2 starts
 * two servers on them, each match's lobby calls and sockets routed to one of them by a hash of its
 * id (its creation goes to either, as a load balancer without a match id would send it). It then
 * keeps N four-player matches going for S seconds: four socket clients per match, each playing
 * random legal moves (`legalActions` on its own view) with one move in flight
 * (server/seat-client.ts), after a think time with --think MS (uniform in 0.5–1.5 × MS; 0 by
 * default, as fast as answered). A finished match is replaced by a new one until the time is up. Figures go to stderr every few seconds; the
 * last line on stdout is one JSON object:
 *   {"matches","completed","moves","movesPerSec","p50Ms","p95Ms","p99Ms","errors","rssMB",
 *    "serverCpuMsPerMove","instances","kill","servicesCpuMsPerMove","toolCpuMsPerMove","loadAvg"}
 * where a move's time is its round trip (sent → seen in the server's log), `matches` counts the
 * matches started, `rssMB` is the servers' resident memory at the end and `serverCpuMsPerMove` the
 * CPU time (user + system, all threads) the servers spent while the clients played, per move
 * acknowledged, read from /proc (both null with --url, which leaves the server's process unknown);
 * then where the rest of the machine went: PostgreSQL's and Redis's CPU per move (with --postgres),
 * this tool's own, and the one-minute load average at the end.
 *
 * --kill-at S (one FlatFile server that the run starts) SIGKILLs the server S seconds in (at the
 * first moment after that when no match is between two games, so that every one is checked;
 * within KILL_WAIT_MS), notes for every seat the highest state id it had been sent (the server
 * releases a state only once its log entry is written, so every one of them is acknowledged; each
 * seat's ids are its own, without other seats' private steps, server/step-veil.ts), restarts the
 * server on the same directory and port, lets the clients reconnect by themselves and checks that
 * the restarted server serves each seat that state id or later (no acknowledged move lost) and
 * that every seat receives such a state within RESYNC_BOUND_MS; play then goes on to the end.
 * `kill` holds those figures (null without --kill-at) and the exit code is 1 if a move was lost or
 * a seat did not resync. Loopback only, bounded in time and in matches.
 *
 * --time-control S gives every match a clock of S seconds a decision (server/clocks.ts): the same
 * play, with the clocks settled after every decision (`npm run load:clocks` runs both and sets
 * their figures side by side).
 *
 * --server-node-options "--flag=value …" starts the servers with those Node options (V8's heap
 * settings, for instance), to measure what they change; by default they get the options `npm start`
 * and `npm run serve` give the server (SERVER_NODE_OPTIONS), and "none" gives them none.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { GameState } from '../game/core/types';
import { createRng } from '../game/core/prng';
import { legalActions, stageOf } from '../game/engine';
import { GAME_NAME } from '../game/game';
import { SeatClient } from '../server/seat-client';
import { freePort } from '../server/free-port';
import { servicesMissing, startPostgres, startRedis, type Service } from './services';
import { LOAD_USAGE, loadOptions, type LoadOptions } from './load-options';
import { UsageError } from './usage-error';

const ROOT = resolve(import.meta.dirname, '..');
const PLAYERS = 4;
/** How long every seat gets, from the restarted server's start, to receive its match again. */
const RESYNC_BOUND_MS = 60_000;
/** How long, after a kill check, the matches it checked have to move on. */
const RESUME_BOUND_MS = 30_000;
/** How long a kill waits past --kill-at for every match to be in play (none between two games). */
const KILL_WAIT_MS = 5_000;

/** The `kill` figures of a --kill-at run. */
interface KillFigures {
  /** Seconds into the run the server was killed. */
  atS: number;
  /** Matches being played at the kill. */
  matches: number;
  /** Acknowledged states (moves) the restarted server no longer had, over all matches. */
  acknowledgedLost: number;
  seatsResynced: number;
  seatsTotal: number;
  /** From the kill to the restarted server listening. */
  restartMs: number;
  /** From the restarted server listening to the last seat's resync (null if one never did). */
  resyncMs: number | null;
  /** Moves sent before the kill and never acknowledged: lost with the server, as expected. */
  inFlightLost: number;
  /**
   * Matches that went on after the check (a later state, or their end) by the end of the run; null
   * when the check took the run to its end (no time left to tell).
   */
  matchesResumed: number | null;
}

interface Instance {
  url: string;
  port: number;
  child: ChildProcess;
  dir: string;
  /** The last of what it printed (its standard error, and its standard output until it ran). */
  output: () => string;
  /** Set before the run stops it: any other exit ends the run. */
  stopping: boolean;
}

/**
 * A server child process; `env` adds to (or overrides) this process's environment. `at` restarts one
 * on the directory and port of a killed one.
 */
async function startChild(
  nodeOptions: string[],
  env: Record<string, string> = {},
  at?: { dir: string; port: number },
): Promise<Instance> {
  const dir = at?.dir ?? mkdtempSync(join(tmpdir(), 'pu-load-'));
  const port = at?.port ?? (await freePort());
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      STATIC_DIR: join(dir, 'no-client'),
      CREATE_LIMIT: '0',
      LIST_LIMIT: '0',
      SEAT_LIMIT: '0',
      BOT_SEATS_PER_ADDRESS: '0',
      // Every client of the run connects from this machine: one address.
      SOCKETS_PER_ADDRESS: '1000000',
      // A load seat moves as soon as its last move is answered, far faster than a person: on a
      // quick server it would meet the per-socket move rate (20 a second) and measure that.
      SOCKET_MOVES_PER_S: '10000',
      BOT_RESUME: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/is running at/.test(output)) done();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    child.once('exit', (code) => fail(new Error(`The server exited (${code}):\n${output}`)));
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`The server did not start:\n${output}`));
    }, 30_000);
  }).finally(() => clearTimeout(timer));
  child.stdout?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();
  const instance: Instance = {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    dir,
    stopping: false,
    output: () => output,
  };
  // Figures from a run whose server died would mean nothing: say why and stop.
  child.once('exit', (code, signal) => {
    if (instance.stopping) return;
    console.error(
      `load: the server at ${instance.url} exited (${code ?? signal}); its last output:\n${output}`,
    );
    process.exit(1);
  });
  return instance;
}

function rssMB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Clock ticks per second of /proc's CPU times (100 on Linux almost everywhere). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time a process has used so far, user + system over all its threads, in ms; null if unknown. */
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * CPU time a process and all its descendants have used so far, in ms (PostgreSQL serves each
 * connection in a child process), the children it already reaped included; null if unknown.
 */
function treeCpuMs(root: number | undefined): number | null {
  if (!root) return null;
  const parents = new Map<number, number>();
  const times = new Map<number, number>();
  let rootReaped = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name: ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      parents.set(pid, Number(fields[1]));
      times.set(pid, Number(fields[11]) + Number(fields[12]));
      if (pid === root) rootReaped = Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  if (!times.has(root)) return null;
  let ticks = rootReaped;
  for (const [pid, own] of times) {
    let at: number | undefined = pid;
    while (at !== undefined && at > 1 && at !== root) at = parents.get(at);
    if (at === root) ticks += own;
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** The sum over processes of a figure, or null if any is unknown. */
function sumOver(
  pids: (number | undefined)[],
  figure: (pid: number | undefined) => number | null,
): number | null {
  let total = 0;
  for (const pid of pids) {
    const value = figure(pid);
    if (value === null) return null;
    total += value;
  }
  return pids.length ? total : null;
}

/** An instance for a match: the same one for every call and socket of that match. */
function routeByMatch(matchID: string, count: number): number {
  let hash = 0;
  for (let i = 0; i < matchID.length; i++) hash = (Math.imul(hash, 31) + matchID.charCodeAt(i)) >>> 0;
  return hash % count;
}

async function api(url: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Latencies in a fixed histogram (1 ms buckets up to 60 s): percentiles without keeping samples. */
class Histogram {
  private readonly buckets = new Uint32Array(60_001);
  count = 0;
  add(ms: number): void {
    this.buckets[Math.min(60_000, Math.max(0, Math.round(ms)))]!++;
    this.count++;
  }
  percentile(p: number): number | null {
    if (this.count === 0) return null;
    const rank = Math.ceil((p / 100) * this.count);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i]!;
      if (seen >= rank) return i;
    }
    return null;
  }
  reset(): void {
    this.buckets.fill(0);
    this.count = 0;
  }
}

function usage(message: string): never {
  console.error(message);
  console.error(LOAD_USAGE);
  process.exit(2);
}

async function main(): Promise<void> {
  let o: LoadOptions;
  try {
    o = loadOptions(process.argv.slice(2), process.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    usage(err.message);
  }

  const instances: Instance[] = [];
  const services: Service[] = [];
  // Never leave a server behind, however this run ends (the services die with this process too).
  const cleanUp = () => {
    for (const instance of instances) {
      instance.stopping = true;
      instance.child.kill('SIGKILL');
      rmSync(instance.dir, { recursive: true, force: true });
    }
  };
  process.once('exit', cleanUp);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      cleanUp();
      void Promise.all(services.map((s) => s.stop())).finally(() => process.exit(130));
    });
  if (!o.url && o.postgres) {
    const missing = servicesMissing();
    if (missing) usage(`--instances and --postgres need PostgreSQL and Redis: ${missing}.`);
    const [postgres, redis] = [await startPostgres(), await startRedis()];
    services.push(postgres, redis);
    // One at a time: the first one creates the tables.
    for (let i = 0; i < o.instances; i++)
      instances.push(await startChild(o.nodeOptions, { DATABASE_URL: postgres.url, REDIS_URL: redis.url }));
  } else if (!o.url) instances.push(await startChild(o.nodeOptions));
  const urls = o.url ? [o.url] : instances.map((instance) => instance.url);
  /** The servers' processes now (a restart after --kill-at replaces one). */
  const serverPids = () =>
    instances.filter((instance) => !instance.stopping).map((instance) => instance.child.pid);
  /** CPU time the servers killed during the run had used when they were killed, in ms. */
  let killedServersCpu = 0;
  const serverCpu = () => {
    const now = sumOver(serverPids(), cpuMs);
    return now === null ? null : now + killedServersCpu;
  };
  /** Where a match's lobby calls and sockets go. */
  const urlOf = (matchID: string) => urls[routeByMatch(matchID, urls.length)]!;
  let creations = 0;
  console.error(
    `load: ${o.matches} concurrent 4-player matches for ${o.duration} s against ${urls.join(' and ')}` +
      (o.think ? `, about ${o.think} ms of thought before each move` : ', moves as fast as answered'),
  );

  const rng = createRng(o.seed);
  const all = new Histogram();
  const window = new Histogram();
  let moves = 0;
  let windowMoves = 0;
  let completed = 0;
  let matchesStarted = 0;
  let errors = 0; // failed lobby calls
  let rejectionsTold = 0;
  const closed = { dropped: 0, refused: 0, rejected: 0 };
  /**
   * Moves never answered, moves the engine refused (a stale decision), moves the server's guard
   * turned away (over a socket's rate, say), failed lobby calls.
   */
  const tally = () => {
    const t = { ...closed };
    for (const m of live)
      for (const s of m.seats) {
        t.dropped += s.dropped;
        t.refused += s.refused;
        t.rejected += s.rejected;
      }
    return { ...t, api: errors, total: t.dropped + t.refused + t.rejected + errors };
  };
  let stopping = false;
  let starting = 0;
  const live = new Set<Match>();

  class Match {
    seats: SeatClient[] = [];
    /** Its seats' clients were started (a match stopped while it was being joined never was). */
    started = false;
    done = false;
    /** The highest state id the server has sent any of its seats (for progress only). */
    highestStateID = -1;
    /**
     * The highest state id the server has sent each seat. Each seat's ids are its own: other
     * seats' private steps are not counted in them (server/step-veil.ts).
     */
    highest = new Map<SeatClient, number>();
    /** At a kill: the highest state id each seat was sent before it, every one of them acknowledged. */
    acknowledged = new Map<SeatClient, number>();
    /** Until the kill check ends: seats that have not synced with the restarted server (they wait). */
    unsynced = new Set<SeatClient>();
    /** Until the kill check ends: seats not yet sent a state at or after their `acknowledged` one. */
    behind = new Set<SeatClient>();
    /**
     * During a kill check: the state id each seat synced at with the restarted server (its first
     * sync comes before any move after the restart, which needs a synced seat): the match as it
     * was loaded, as that seat sees it.
     */
    firstAfterRestart = new Map<SeatClient, number>();
    /** The highest state id sent when the kill check ended. */
    stateIDAtCheck = -1;
    /** The acknowledged states of a seat the restarted server did not serve it (0: none lost). */
    lost(seat: SeatClient): number {
      const served = this.firstAfterRestart.get(seat);
      return served === undefined ? 0 : Math.max(0, (this.acknowledged.get(seat) ?? -1) - served);
    }
    constructor(readonly id: string) {}
    start(): void {
      this.started = true;
      for (const s of this.seats) s.start();
    }
    finish(): void {
      // A match that ends while the kill check runs stays open until every seat has seen it again.
      if (this.done || this.behind.size > 0) return;
      this.done = true;
      completed++;
      this.close();
      live.delete(this);
      void refill();
    }
    close(): void {
      for (const s of this.seats) {
        closed.dropped += s.dropped;
        closed.refused += s.refused;
        closed.rejected += s.rejected;
        if (this.started) s.stop();
      }
    }
  }

  const play = (match: Match, seat: SeatClient, playerID: string) => {
    if (stopping || match.done || serverDown || match.unsynced.has(seat)) return;
    if (seat.over) return match.finish();
    if (!seat.canAct()) return;
    const legal = legalActions(seat.state!.G as GameState, playerID);
    if (legal.length === 0) return;
    seat.send(rng.pick(legal));
  };

  /** A seat's next move: at once, or after a think time drawn uniformly from 0.5–1.5 × --think. */
  const thinking = new Set<SeatClient>();
  const schedule = (match: Match, seat: SeatClient, playerID: string) => {
    if (o.think <= 0) return void setImmediate(() => play(match, seat, playerID));
    if (thinking.has(seat)) return;
    thinking.add(seat);
    setTimeout(
      () => {
        thinking.delete(seat);
        play(match, seat, playerID);
      },
      o.think * (0.5 + rng.int(1000) / 1000),
    );
  };

  /** From a --kill-at kill until the restarted server runs: no moves are sent, no match started. */
  let serverDown: Promise<void> | null = null;
  /** From the snapshot after a kill until its check ends: states come from the restarted server. */
  let checking = false;
  // (Set by a timer: the cast keeps the compiler from narrowing it to null for good.)
  let killRun = null as Promise<KillFigures> | null;
  let lastResyncAt = 0;
  let killChecked: Match[] = [];
  let checkEndedAt = 0;

  /**
   * What a seat was sent: the match's highest state id, and during a kill check its resync. Only a
   * state after the seat's sync with the restarted server counts: until its socket notices the
   * kill, a seat still holds (and may be notified with) the killed server's last state.
   */
  const observe = (match: Match, seat: SeatClient) => {
    const id = seat.state?._stateID;
    if (id === undefined) return;
    match.highestStateID = Math.max(match.highestStateID, id);
    match.highest.set(seat, Math.max(match.highest.get(seat) ?? -1, id));
    const acknowledged = match.acknowledged.get(seat) ?? -1;
    if (checking && !match.unsynced.has(seat) && id >= acknowledged && match.behind.delete(seat))
      lastResyncAt = Date.now();
  };
  /** A seat synced: during a kill check, with the restarted server, at the state it loaded or later. */
  const synced = (match: Match, seat: SeatClient) => {
    const id = seat.state?._stateID;
    if (!checking || id === undefined || !match.unsynced.delete(seat)) return;
    match.firstAfterRestart.set(seat, id);
    observe(match, seat);
  };

  /** SIGKILL the server, restart it on the same directory and port, check every match and seat. */
  async function killAndRestart(): Promise<KillFigures> {
    const old = instances[0]!;
    let running!: () => void;
    serverDown = new Promise((done) => (running = done));
    const droppedBefore = tally().dropped;
    const atS = Math.round((Date.now() - t0) / 100) / 10;
    killedServersCpu += cpuMs(old.child.pid) ?? 0;
    old.stopping = true;
    const exited = new Promise((done) => old.child.once('exit', done));
    const killedAt = Date.now();
    old.child.kill('SIGKILL');
    await exited;
    // The last states the server wrote to its sockets reach the clients (loopback) before this.
    await new Promise((r) => setTimeout(r, 200));
    const checked = [...live].filter((m) => m.started && !m.done);
    for (const m of checked) {
      m.acknowledged = new Map(m.highest);
      m.unsynced = new Set(m.seats);
      m.behind = new Set(m.seats);
    }
    checking = true;
    console.error(
      `load: t=${atS}s server killed (SIGKILL); ${checked.length} matches, highest acknowledged states noted; restarting`,
    );
    instances[0] = await startChild(o.nodeOptions, {}, { dir: old.dir, port: old.port });
    const runningAt = Date.now();
    running();
    serverDown = null;
    const deadline = runningAt + RESYNC_BOUND_MS;
    while (Date.now() < deadline && checked.some((m) => m.behind.size > 0))
      await new Promise((r) => setTimeout(r, 50));
    checking = false;
    const seatsTotal = checked.length * PLAYERS;
    const seatsBehind = checked.reduce((n, m) => n + m.behind.size, 0);
    let acknowledgedLost = 0;
    let matchesShort = 0;
    for (const m of checked) {
      const lost = Math.max(0, ...m.seats.map((seat) => m.lost(seat)));
      acknowledgedLost += lost;
      if (lost > 0) matchesShort++;
    }
    const figures: KillFigures = {
      atS,
      matches: checked.length,
      acknowledgedLost,
      seatsResynced: seatsTotal - seatsBehind,
      seatsTotal,
      restartMs: runningAt - killedAt,
      resyncMs: seatsBehind === 0 ? Math.max(0, lastResyncAt - runningAt) : null,
      inFlightLost: tally().dropped - droppedBefore,
      matchesResumed: null,
    };
    console.error(
      `load: restarted in ${figures.restartMs} ms; ` +
        (acknowledgedLost === 0
          ? `every match served at or after its last acknowledged state (0 moves lost)`
          : `${acknowledgedLost} acknowledged states LOST in ${matchesShort} matches`) +
        `; ${figures.seatsResynced}/${seatsTotal} seats resynced` +
        (figures.resyncMs === null
          ? ` (the rest not within ${RESYNC_BOUND_MS} ms)`
          : ` within ${figures.resyncMs} ms`) +
        `; ${figures.inFlightLost} moves in flight at the kill were never acknowledged (lost with the server)`,
    );
    // The first few failures in detail: what each seat was sent first and last after the restart.
    const short = (m: Match) => m.seats.some((seat) => m.lost(seat) > 0);
    for (const m of [
      ...checked.filter(short),
      ...checked.filter((m) => !short(m) && m.behind.size > 0),
    ].slice(0, 5))
      console.error(
        `load: match ${m.id}; seats ` +
          m.seats
            .map(
              (seat, p) =>
                `${p}: acknowledged ${m.acknowledged.get(seat) ?? '-'}, synced at ` +
                `${m.firstAfterRestart.get(seat) ?? '-'}, now ${seat.state?._stateID ?? '-'}` +
                (m.behind.has(seat) ? ' (behind)' : ''),
            )
            .join('; '),
      );
    if (acknowledgedLost > 0) {
      const lines = instances[0]!.output().split('\n');
      const told = lines.filter((line) => /replay|could not/i.test(line)).slice(-10);
      console.error(
        `load: what the restarted server said of its replays:\n${told.join('\n') || '(nothing)'}`,
      );
    }
    // Seats that never heard from the restarted server may play again; matches that ended close.
    for (const m of checked) {
      m.stateIDAtCheck = m.highestStateID;
      m.unsynced.clear();
      m.behind.clear();
      if (m.seats.some((seat) => seat.over)) m.finish();
    }
    killChecked = checked;
    checkEndedAt = Date.now();
    return figures;
  }

  /** Matches set up before the run; their clients all start together. */
  let holding = true;
  const held: Match[] = [];

  async function startMatch(): Promise<void> {
    matchesStarted++;
    // A creation carries no match id yet: any instance takes it.
    const { matchID } = (await api(urls[creations++ % urls.length]!, `/games/${GAME_NAME}/create`, {
      numPlayers: PLAYERS,
      unlisted: true,
      ...(o.timeControl !== null ? { setupData: { timeControl: { roundSeconds: o.timeControl } } } : {}),
    })) as {
      matchID: string;
    };
    const match = new Match(matchID);
    const url = urlOf(matchID);
    live.add(match);
    for (let p = 0; p < PLAYERS; p++) {
      const playerID = String(p);
      const joined = await api(url, `/games/${GAME_NAME}/${matchID}/join`, {
        playerID,
        playerName: `load-${p}`,
      });
      const seat: SeatClient = new SeatClient({
        server: url,
        matchID,
        playerID,
        credentials: joined.playerCredentials as string,
        // Far above any round trip seen: a move is only given up when the server never answers.
        dropTimeoutMs: 120_000,
        onState: () => {
          observe(match, seat);
          schedule(match, seat, playerID);
        },
        onSync: () => {
          synced(match, seat);
          schedule(match, seat, playerID);
        },
        // The first few reasons are told: with --url, a server's socket limits show here.
        onRejected: (why) => {
          if (rejectionsTold++ < 5) console.error(`load: a move in match ${matchID} was turned away: ${why}`);
        },
        onAck: (ms) => {
          moves++;
          windowMoves++;
          all.add(ms);
          window.add(ms);
        },
      });
      match.seats.push(seat);
    }
    if (stopping) return match.close();
    if (holding) held.push(match);
    else match.start();
  }

  async function refill(): Promise<void> {
    while (!stopping && live.size + starting < o.matches && matchesStarted < o.maxMatches) {
      if (serverDown) {
        await serverDown;
        continue;
      }
      starting++;
      try {
        await startMatch();
      } catch (err) {
        // A match cut short by the end of the run (its server stopping) is no error.
        if (stopping) break;
        errors++;
        console.error(`load: could not start a match: ${String(err)}`);
        await new Promise((r) => setTimeout(r, 500));
      } finally {
        starting--;
      }
    }
  }

  // Set the matches up (create, join) first, then start all their clients at once.
  const setup = Date.now();
  await Promise.all(Array.from({ length: Math.min(16, o.matches) }, () => refill()));
  holding = false;
  const t0 = Date.now();
  for (const m of held.splice(0)) m.start();
  console.error(`load: ${live.size} matches set up in ${((t0 - setup) / 1000).toFixed(1)} s; playing`);

  const serverCpuAtStart = serverCpu();
  const servicesCpu = () =>
    services.length
      ? sumOver(
          services.map((s) => s.pid),
          treeCpuMs,
        )
      : null;
  const servicesCpuAtStart = servicesCpu();
  const toolCpuAtStart = process.cpuUsage();
  let serverCpuBefore = serverCpuAtStart;
  let cpuBefore = process.cpuUsage();
  let windowStart = Date.now();
  const report = setInterval(() => {
    const now = Date.now();
    const cpu = process.cpuUsage(cpuBefore);
    const toolCpu = Math.round(((cpu.user + cpu.system) / 1000 / (now - windowStart)) * 100);
    const serverCpuNow = serverCpu();
    const serverCpuShown =
      serverCpuNow === null || serverCpuBefore === null
        ? '?'
        : `${Math.round(((serverCpuNow - serverCpuBefore) / (now - windowStart)) * 100)}%`;
    serverCpuBefore = serverCpuNow;
    const counts = tally();
    console.error(
      `t=${Math.round((now - t0) / 1000)}s live=${live.size} started=${matchesStarted} completed=${completed} ` +
        `moves=${moves} rate=${Math.round((windowMoves * 1000) / (now - windowStart))}/s ` +
        `p50=${window.percentile(50)}ms p95=${window.percentile(95)}ms p99=${window.percentile(99)}ms ` +
        `errors=${counts.total} (dropped ${counts.dropped}, refused ${counts.refused}, turned away ${counts.rejected}, lobby ${errors}) ` +
        `serverRSS=${sumOver(serverPids(), rssMB) ?? '?'}MB serverCPU=${serverCpuShown} toolCPU=${toolCpu}% loadavg=${loadavg()[0]?.toFixed(1)}`,
    );
    window.reset();
    windowMoves = 0;
    windowStart = now;
    cpuBefore = process.cpuUsage();
  }, o.interval * 1000);

  /** Every match in play: none being set up, none over and waiting for its successor. */
  const allInPlay = () =>
    starting === 0 &&
    (live.size === o.matches || matchesStarted >= o.maxMatches) &&
    [...live].every((m) => m.started && !m.done);
  /** The kill, once every match is in play (a match between two games would go unchecked). */
  async function killWhenAllInPlay(): Promise<KillFigures> {
    const until = Date.now() + KILL_WAIT_MS;
    while (!allInPlay() && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    return killAndRestart();
  }
  const killTimer =
    o.killAt === null ? null : setTimeout(() => (killRun = killWhenAllInPlay()), o.killAt * 1000);
  await new Promise((r) => setTimeout(r, o.duration * 1000));
  if (killTimer) clearTimeout(killTimer);
  // A check still under way ends first (within its bound): its figures are the point of the run.
  const kill = killRun ? await killRun : null;
  // Play goes on after the check until every match it checked has moved on (or ended), within a
  // bound: the figure waits for that event, not for a time, so a busy machine only makes it later.
  if (kill && checkEndedAt > 0) {
    const resumed = (m: Match) => m.done || m.highestStateID > m.stateIDAtCheck;
    const deadline = checkEndedAt + RESUME_BOUND_MS;
    while (Date.now() < deadline && !killChecked.every(resumed)) await new Promise((r) => setTimeout(r, 50));
    kill.matchesResumed = killChecked.filter(resumed).length;
    console.error(
      `load: ${kill.matchesResumed} of the ${kill.matches} matches played at the kill went on after it` +
        (kill.matchesResumed < kill.matches ? ` (the rest not within ${RESUME_BOUND_MS} ms)` : ''),
    );
    // What each seat of a match that did not go on holds: what it waits for is the bug.
    for (const m of killChecked.filter((m) => !resumed(m)))
      console.error(
        `load: match ${m.id} at state ${m.highestStateID}; seats ` +
          m.seats
            .map((seat, p) => {
              const s = seat.state;
              const G = s?.G as GameState | undefined;
              return (
                `${p}: state ${s?._stateID ?? '-'}, step ${G?.step ?? '-'}, stage ` +
                `${G ? (stageOf(G, String(p)) ?? 'none') : '-'}, active ${s?.isActive ?? '-'}, ` +
                `in flight ${seat.inFlightMs ?? '-'} ms, can act ${seat.canAct()}, ` +
                `dropped ${seat.dropped}, refused ${seat.refused}, turned away ${seat.rejected}`
              );
            })
            .join('; '),
      );
  }
  stopping = true;

  clearInterval(report);
  const elapsed = (Date.now() - t0) / 1000;
  const serverCpuAtEnd = serverCpu();
  const servicesCpuAtEnd = servicesCpu();
  const toolCpu = process.cpuUsage(toolCpuAtStart);
  const rss = sumOver(serverPids(), rssMB);
  const errorTotal = tally().total;
  for (const m of live) m.close();
  live.clear();

  const perMove = (ms: number | null) =>
    ms === null || moves === 0 ? null : Math.round((ms / moves) * 1000) / 1000;
  const result = {
    matches: matchesStarted,
    completed,
    moves,
    movesPerSec: Math.round((moves / elapsed) * 10) / 10,
    p50Ms: all.percentile(50),
    p95Ms: all.percentile(95),
    p99Ms: all.percentile(99),
    errors: errorTotal,
    rssMB: rss,
    serverCpuMsPerMove:
      serverCpuAtStart === null || serverCpuAtEnd === null
        ? null
        : perMove(serverCpuAtEnd - serverCpuAtStart),
    instances: o.url ? null : instances.length,
    timeControl: o.timeControl,
    kill,
    servicesCpuMsPerMove:
      servicesCpuAtStart === null || servicesCpuAtEnd === null
        ? null
        : perMove(servicesCpuAtEnd - servicesCpuAtStart),
    toolCpuMsPerMove: perMove((toolCpu.user + toolCpu.system) / 1000),
    loadAvg: Math.round((loadavg()[0] ?? 0) * 10) / 10,
  };
  for (const instance of instances) {
    instance.stopping = true;
    instance.child.kill('SIGTERM');
  }
  await new Promise((r) => setTimeout(r, 500));
  cleanUp();
  instances.length = 0;
  await Promise.all(services.map((s) => s.stop()));
  console.log(JSON.stringify(result));
  process.exit(kill && (kill.acknowledgedLost > 0 || kill.seatsResynced < kill.seatsTotal) ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
