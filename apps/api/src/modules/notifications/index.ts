// The notifications module's public surface: the only file other modules and the app import from it.
export {
  sendLowStockMails,
  staffNoticeJobs,
  subscribeStaffNotices,
} from './staff-notices.ts';
