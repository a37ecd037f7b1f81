/**
 * The browser client: sources in client/, built to dist/ (served by the game server).
 * `npm run dev` proxies the Lobby API and the sockets to a server on port 8000 (STACK §4).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const target = 'http://localhost:8000';

export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // React, boardgame.io and the engine's data in one chunk: fine for now.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    // The client imports the engine from ../game.
    fs: { allow: [fileURLToPath(new URL('.', import.meta.url))] },
    proxy: {
      '/games': target,
      '/socket.io': { target, ws: true },
    },
  },
});
