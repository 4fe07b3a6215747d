// The local quick start (`npm start`, `npm run start:api`, `npm run dev` on the embedded database): the demo shop with
// its published accounts and the test card gateway, served to this machine only. A server started any other way
// (the container, the built entries, any server with DATABASE_URL) seeds nothing and takes no test payment.

/** The quick start's settings under the environment's own: nothing changes where DATABASE_URL is set. */
export function quickStartEnv(env = process.env) {
  if (env.DATABASE_URL?.trim()) return { ...env };
  return { SEED_DEMO: 'true', HOST: 'localhost', ...env };
}
