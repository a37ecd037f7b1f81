/**
 * Entry point: `npm start` (build the client, then serve) or `npm run serve`.
 * Environment: PORT (8000), HOST, DATA_DIR (./data), ORIGINS, DATABASE_URL, REDIS_URL and the
 * limits and bot settings in docs/server.md (server/config.ts reads them).
 */
import './production';
import { startServer } from './app';
import { optionsFromEnv } from './config';

let options;
try {
  options = optionsFromEnv();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}

// A failure inside boardgame.io's socket handlers must not take every match down with it.
process.on('unhandledRejection', (err) => console.error('Unhandled rejection:', err));

const where = options.databaseUrl ? 'PostgreSQL' : options.dataDir;

startServer(options)
  .then(({ url, close }) => {
    console.log(`Planet Unknown is running at ${url}/ (matches stored in ${where})`);
    const stop = () => {
      void close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  })
  .catch((err: unknown) => {
    console.error('The server could not start:', err);
    process.exit(1);
  });
