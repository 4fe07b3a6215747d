-- Readiness writes here: a database that answers reads but refuses writes (read-only, disk full) is not ready.
-- One row per instance, overwritten on every check; not a shop's data.

create table platform_heartbeat (
  instance text primary key,
  beat_at timestamptz not null
);
