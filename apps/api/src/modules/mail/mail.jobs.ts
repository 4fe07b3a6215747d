import { type ModuleJobs, scheduleJob } from '../../lib/jobs.ts';

/** The mail queue's delivery (`MAIL_DELIVERY_INTERVAL_SECONDS`): what is due is sent, retried or given up. */
export const mailJobs: ModuleJobs = (deps, log) => {
  const seconds = deps.config.MAIL_DELIVERY_INTERVAL_SECONDS;
  if (seconds <= 0) return [];
  return [
    scheduleJob({
      name: 'mail delivery',
      intervalMs: seconds * 1000,
      run: () => deps.mailer.deliverDue(),
      report: (totals) => (totals.sent + totals.retried + totals.failed > 0 ? totals : null),
      log,
    }),
  ];
};
