/**
 * The real server in a process of its own for the crash tests, started like `server/main.ts` but
 * with the checkpoint interval from `CHECKPOINT_INTERVAL_MS`, so a test can make every state after
 * a round's start exist only in the log when it kills the process.
 */
import { join } from 'node:path';
import { startServer } from '../../server/app';

const env = process.env;
startServer({
  port: Number(env.PORT),
  host: '127.0.0.1',
  dataDir: env.DATA_DIR ?? 'data',
  staticDir: join(env.DATA_DIR ?? 'data', 'no-client'),
  databaseUrl: env.DATABASE_URL || undefined,
  checkpointIntervalMs: Number(env.CHECKPOINT_INTERVAL_MS ?? 1000),
  createLimit: null,
  listLimit: null,
  seatLimit: null,
  botSeatsPerAddress: null,
  bots: { delayMs: 0 },
})
  .then(({ url, close }) => {
    console.log(`The test server is running at ${url}/`);
    process.once('SIGTERM', () => void close().then(() => process.exit(0)));
  })
  .catch((err: unknown) => {
    console.error('The server could not start:', err);
    process.exit(1);
  });
