-- The audit log is append-only for the application (decision 010): its statements add staff's writes and read them,
-- and none of them, whatever its bug or whoever steers it, can change or remove one. A shop's entries go only with the
-- shop itself (the foreign key's cascade, which runs as the table's owner). Migration 0050 granted the role every
-- table; the runner grants nothing afterwards, so this holds until a migration grants it again.
revoke update, delete, truncate on audit_log from platform_app;
