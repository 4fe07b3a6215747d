import { type ModuleJobs, scheduleJob } from '../../lib/jobs.ts';
import { updatePublishedRates } from './currencies.rates.ts';

/**
 * The display currencies' recurring job (`CURRENCY_RATES_INTERVAL_SECONDS`): the published rates of the shops that take
 * them, when due. It fetches nothing while no shop takes them, so a server that cannot reach the source starts and
 * sells as usual.
 */
export const currencyJobs: ModuleJobs = (deps, log) => {
  const seconds = deps.config.CURRENCY_RATES_INTERVAL_SECONDS;
  if (seconds <= 0) return [];
  return [
    scheduleJob({
      name: 'currency rates',
      intervalMs: seconds * 1000,
      run: () => updatePublishedRates(deps),
      report: (pass) => (pass.updated + pass.failed > 0 ? pass : null),
      log,
    }),
  ];
};
