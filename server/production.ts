/**
 * Imported first by the entry point: boardgame.io reads NODE_ENV once, when it loads. In
 * production it skips its per-move serializability walk over the whole state and its info logs.
 * An explicit NODE_ENV (e.g. development) is kept.
 */
process.env.NODE_ENV ??= 'production';
