/** Node's flags for a built server: logged errors carry stack traces in the sources' terms (the build's source maps). */
export const SERVER_NODE_FLAGS: readonly string[];
/** The arguments of `node` that start the built entry `entry`. */
export function serverArgs(entry: string): string[];
/** Node's flags for the platform command: the embedded database's WebAssembly in its baseline tier only. */
export const COMMAND_NODE_FLAGS: readonly string[];
