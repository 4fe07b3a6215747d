-- A product CSV import as a job: the file is checked whole first, then applied in short transactions of a few
-- products each, so that the shop keeps answering meanwhile (on PGlite, its one connection is free between them).
-- The admin polls the job's progress; a job that stops part-way says exactly which rows it applied.

create table product_import_jobs (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  -- The rows the job writes (those that create or update a product) and how many of them are written so far.
  rows_total integer not null check (rows_total >= 0),
  rows_done integer not null default 0 check (rows_done >= 0 and rows_done <= rows_total),
  -- The file's report, as its check found it (every row, with what it creates, updates or leaves).
  report jsonb not null,
  -- The rows written so far (their lines in the file), and why a failed job stopped.
  applied_rows integer[] not null default '{}',
  failure text,
  created_by integer,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (tenant_id, id)
);
