/**
 * Entry point: `npm start` (build the client, then serve) or `npm run serve`.
 * Environment: PORT (8000), HOST (all interfaces), DATA_DIR (./data), ORIGINS (comma-separated).
 */
import { parseOrigins, startServer } from './app';

const port = Number(process.env.PORT ?? 8000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}".`);
  process.exit(2);
}

const dataDir = process.env.DATA_DIR || './data';

startServer({
  port,
  host: process.env.HOST || undefined,
  dataDir,
  staticDir: process.env.STATIC_DIR || './dist',
  origins: parseOrigins(process.env.ORIGINS),
})
  .then(({ url, close }) => {
    console.log(`Planet Unknown is running at ${url}/ (matches stored in ${dataDir})`);
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
