import type { ModuleJobs } from '../../lib/jobs.ts';
import { scheduleOrderExpiry } from './orders.expiry.ts';
import { schedulePaymentReminders } from './orders.reminders.ts';

/**
 * The orders' recurring jobs: unpaid orders give their stock back when their payment time runs out, and the
 * reminders of payment times running out go on the same beat (`ORDER_EXPIRY_INTERVAL_SECONDS`).
 */
export const orderJobs: ModuleJobs = (deps, log) => {
  const seconds = deps.config.ORDER_EXPIRY_INTERVAL_SECONDS;
  if (seconds <= 0) return [];
  return [scheduleOrderExpiry(deps, seconds * 1000, log), schedulePaymentReminders(deps, seconds * 1000, log)];
};
