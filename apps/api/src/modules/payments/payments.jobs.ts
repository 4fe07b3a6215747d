import { type ModuleJobs, scheduleJob } from '../../lib/jobs.ts';
import { reconcilePayments } from './card-payments.service.ts';
import { pollPendingRefunds } from './refunds.service.ts';

/**
 * The payments' recurring job (`PAYMENT_RECONCILE_INTERVAL_SECONDS`): card payments left open are asked about at
 * their gateway, and refunds pending at the bank (or left open by a crash) on the same beat (refund status, `RS`).
 */
export const paymentJobs: ModuleJobs = (deps, log) => {
  const seconds = deps.config.PAYMENT_RECONCILE_INTERVAL_SECONDS;
  if (seconds <= 0) return [];
  return [
    scheduleJob({
      name: 'payment reconciliation',
      intervalMs: seconds * 1000,
      run: async () => ({ ...(await reconcilePayments(deps)), refunds: await pollPendingRefunds(deps) }),
      report: (totals) => (totals.asked + totals.announced + totals.refunds.asked > 0 ? totals : null),
      log,
    }),
  ];
};
