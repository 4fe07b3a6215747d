-- A rotated refresh token answers its successor pair within the grace window only to the client that rotated it
-- (decision 003): a keyed digest of that client's address and user agent, cleared with the pair after the window.
-- Another client presenting the token within the window is a replay: the whole sign-in is revoked.
alter table refresh_tokens add column rotated_by text;

-- A shopper's request (the payment status call, the browser return) asks the gateway about a payment at most once
-- every few seconds (decision 008): when it last did; in between, the stored state answers.
alter table payments add column inquired_at timestamptz;

-- Notifications that do not verify (no signed payload, a bad signature) are counted per shop, not kept: anyone can
-- send them, and a row each in payment_events would let anyone grow it. Verified notifications are kept there.
create table refused_payment_notifications (
  tenant_id integer not null references tenants (id) on delete cascade,
  refused bigint not null default 0,
  last_refused_at timestamptz,
  last_reason text not null default '',
  primary key (tenant_id)
);
