-- Mail waits in the database until it is delivered: a restart, a second instance or a mail server that is down for a
-- while loses nothing. Every instance delivers; a message is claimed (row lock, then a lease) so that only one sends it.
-- A sent message keeps who, what and when, not its body (reset links are credentials).

create table mail_queue (
  tenant_id integer not null references tenants (id),
  id integer generated always as identity,
  recipient text not null,
  subject text not null,
  body_text text not null,
  body_html text,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (tenant_id, id)
);

create index mail_queue_due on mail_queue (tenant_id, next_attempt_at) where status = 'queued';
