/** A bot worker that dies as it starts, before it reports ready (a broken install, say). */
process.exit(3);
