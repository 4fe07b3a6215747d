// How a built server is started. `npm start` (scripts/start.mjs), the container (the Dockerfile's CMD) and the
// benchmark (apps/api/bench/server.ts) run it alike, so that what is measured is what users run
// (scripts/lib/server-command.test.mjs holds them to it).

/** Node's flags for a built server: logged errors carry stack traces in the sources' terms (the build's source maps). */
export const SERVER_NODE_FLAGS = ['--enable-source-maps'];

/**
 * Node's flags for the platform command (`npm run platform`, `db:migrate`): the embedded database's WebAssembly in its
 * baseline tier only. A command lives seconds: the optimizing tier's compilation never paid for itself in one, and the
 * process waited for it to end before exiting (about 2 s of a 5 s command on the embedded database).
 */
export const COMMAND_NODE_FLAGS = ['--liftoff-only'];

/** The arguments of `node` that start the built entry `entry`. */
export function serverArgs(entry) {
  return [...SERVER_NODE_FLAGS, entry];
}
