// The public entry of the audit module: what the app and other modules may use. Everything else in this folder is private to it.
export { auditRetentionBatch, removeExpiredAudit } from './list';
export { auditModule } from './routes';
export {
  type AuditActor,
  type AuditEntry,
  type AuditOrigin,
  auditedChange,
  auditOrigin,
  changedFields,
  recordAudit,
} from './service';
