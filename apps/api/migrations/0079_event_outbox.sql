-- The transactional outbox (decision 021): a domain event that must not be lost (a refund completed, a card payment
-- succeeded) is written here in the transaction of the change that emitted it, and delivered after the commit by a
-- worker that retries with backoff until every handler has run. Several instances deliver each event once: a batch
-- is claimed under row locks (skip locked) until `claimed_until`.
create table event_outbox (
  tenant_id integer not null references tenants (id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  payload jsonb not null,
  attempts integer not null default 0,
  available_at timestamptz not null default now(),
  claimed_until timestamptz,
  delivered_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index event_outbox_due on event_outbox (tenant_id, available_at) where delivered_at is null;

-- Which handler has run for which event, written in the handler's own transaction: a redelivery (a crash after the
-- handler committed, before the event was marked delivered) skips what was done.
create table event_outbox_handled (
  tenant_id integer not null references tenants (id) on delete cascade,
  event_id bigint not null,
  handler text not null,
  handled_at timestamptz not null default now(),
  primary key (tenant_id, event_id, handler)
);
