/**
 * The options of `npm run load` (tools/load.ts): what each means, their defaults and bounds, and
 * the sentence that refuses a bad one.
 */
import { UsageError } from './usage-error';

/**
 * The Node options `npm start` and `npm run serve` run the server with (package.json): a larger
 * young generation, where a move's short-lived garbage dies (docs/server.md, "The young generation").
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=64'];

export interface LoadOptions {
  matches: number;
  duration: number;
  url: string | null;
  seed: string;
  maxMatches: number;
  interval: number;
  /** Mean pause before each move, in ms (0: as fast as the server answers). */
  think: number;
  /** Server instances to start (2: on PostgreSQL and Redis, matches routed by id). */
  instances: number;
  /** Run the servers on a throwaway PostgreSQL and Redis (always with several instances). */
  postgres: boolean;
  /** Seconds into the run at which to SIGKILL the server and restart it (null: never). */
  killAt: number | null;
  /** Node options for the servers the run starts (V8's heap settings, for instance). */
  nodeOptions: string[];
  /** Every match with a clock of this many seconds a decision (null: no clock). */
  timeControl: number | null;
}

export const LOAD_USAGE =
  'Usage: npm run -s load -- --matches N --duration S [--think MS] [--instances 1|2] [--postgres] [--url http://127.0.0.1:PORT] [--seed X] [--kill-at S] [--time-control S] [--server-node-options "--flag=value …"]';

function refuse(message: string): never {
  throw new UsageError(message);
}

/**
 * The run `argv` asks for (the tool's arguments), or a UsageError saying what is wrong. `env`: the
 * environment, whose DATABASE_URL rules out --kill-at.
 */
export function loadOptions(argv: string[], env: NodeJS.ProcessEnv): LoadOptions {
  const o: LoadOptions = {
    matches: 20,
    duration: 60,
    url: null,
    seed: 'load',
    maxMatches: 0,
    interval: 5,
    think: 0,
    instances: 1,
    postgres: false,
    killAt: null,
    nodeOptions: [...SERVER_NODE_OPTIONS],
    timeControl: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    if (key === '--postgres') {
      o.postgres = true;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) refuse(`${key} needs a value.`);
    i++;
    const n = Number(value);
    switch (key) {
      case '--matches':
        if (!Number.isInteger(n) || n < 1 || n > 2000) refuse('--matches must be 1 to 2000.');
        o.matches = n;
        break;
      case '--duration':
        if (!Number.isFinite(n) || n <= 0 || n > 3600) refuse('--duration must be 1 to 3600 seconds.');
        o.duration = n;
        break;
      case '--url':
        o.url = value.replace(/\/+$/, '');
        break;
      case '--seed':
        o.seed = value;
        break;
      case '--max-matches':
        if (!Number.isInteger(n) || n < 1) refuse('--max-matches must be a whole number.');
        o.maxMatches = n;
        break;
      case '--think':
        if (!Number.isFinite(n) || n < 0 || n > 600_000) refuse('--think must be 0 to 600000 ms.');
        o.think = n;
        break;
      case '--instances':
        if (n !== 1 && n !== 2) refuse('--instances must be 1 or 2.');
        o.instances = n;
        break;
      case '--kill-at':
        if (!Number.isFinite(n) || n <= 0) refuse('--kill-at must be a number of seconds.');
        o.killAt = n;
        break;
      case '--server-node-options':
        if (value === 'none') {
          o.nodeOptions = [];
          break;
        }
        if (!/^(--[a-z0-9-]+(=[\w.-]+)?\s*)+$/.test(value))
          refuse('--server-node-options takes Node options, e.g. "--max-semi-space-size=64".');
        o.nodeOptions = value.trim().split(/\s+/);
        break;
      case '--time-control':
        if (!Number.isInteger(n) || n < 5 || n > 1_209_600)
          refuse('--time-control is the seconds a decision, 5 to 1209600.');
        o.timeControl = n;
        break;
      case '--interval':
        if (!Number.isFinite(n) || n <= 0) refuse('--interval must be a number of seconds.');
        o.interval = n;
        break;
      default:
        refuse(`Unknown option ${key}.`);
    }
  }
  o.maxMatches ||= o.matches * 20;
  if (o.instances > 1) o.postgres = true;
  if (o.url && o.postgres) refuse('--instances and --postgres start their own servers: not with --url.');
  if (o.url && argv.includes('--server-node-options'))
    refuse('--server-node-options is for the servers the run starts: not with --url.');
  if (o.killAt !== null) {
    if (o.url) refuse('--kill-at kills and restarts a server that the run starts itself: not with --url.');
    if (o.postgres || env.DATABASE_URL)
      refuse('--kill-at restarts one FlatFile server: not with --postgres, --instances or DATABASE_URL.');
    if (o.killAt >= o.duration) refuse('--kill-at must be less than --duration.');
  }
  if (o.url && !isLoopback(o.url))
    refuse('--url must be a loopback address (127.0.0.1, localhost or [::1]).');
  return o;
}

/** Only this machine: 127.0.0.0/8, ::1 or localhost. */
function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}
