import type { Database } from '../db/client.ts';
import type { ServiceDeps } from './context.ts';

/** What a recurring job runs with: the platform's services and the database. */
export type JobDeps = ServiceDeps & { database: Database };

/**
 * A module's recurring jobs, started once the app is ready (`buildApp`), each where its interval setting is above 0:
 * a module exports its own, and the app starts every module's.
 */
export type ModuleJobs = (deps: JobDeps, log: JobLogger) => Job[];

/** A recurring job of this process. */
export interface Job {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

export interface JobLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Runs `run` now and every `intervalMs` after, never twice at once in this process (a run that overruns delays the
 * next), logging what it reports and any failure. Several instances may each run it: the job claims its rows.
 */
export function scheduleJob<T>(input: {
  name: string;
  intervalMs: number;
  run: () => Promise<T>;
  /** What to log after a run; null for nothing worth saying. */
  report: (result: T) => object | null;
  log: JobLogger;
}): Job {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      try {
        const summary = input.report(await input.run());
        if (summary) input.log.info({ job: input.name, ...summary }, `${input.name} job done`);
      } catch (error) {
        input.log.error({ err: error, job: input.name }, `${input.name} job failed`);
      }
    });
  };
  const timer = setInterval(tick, input.intervalMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
