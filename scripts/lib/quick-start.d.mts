/** The quick start's settings under the environment's own: nothing changes where DATABASE_URL is set. */
export function quickStartEnv(env?: Record<string, string | undefined>): Record<string, string>;
