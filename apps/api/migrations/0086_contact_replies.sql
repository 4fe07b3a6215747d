-- Replies to contact messages (issue 45): staff answer a message from the administration; the answer is mailed from
-- the shop's sender to the person who wrote, and kept with the message (its text, when, and which member of staff),
-- so the next person to open the message sees it was answered and how.
create table contact_message_replies (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  message_id integer not null,
  body text not null check (length(body) between 1 and 10000),
  staff_user_id integer not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

create index contact_message_replies_message on contact_message_replies (tenant_id, message_id, id);
