// The audit module's public surface: recording administration writes, and reading the log.
export { auditAdminRoutes } from './audit.routes.ts';
export { type AuditInput, listAuditLog, recordAudit } from './audit.service.ts';
