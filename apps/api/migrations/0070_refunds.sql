-- Money that goes back: refunds and voids of an order's payment, the order statuses they lead to, units returned to
-- stock through the ledger, and the built-in sandbox gateway's side of 2C2P's Payment Maintenance API.

alter table orders drop constraint orders_status_check;
alter table orders add constraint orders_status_check check (
  status in ('awaiting_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'partially_refunded',
             'refunded')
);

alter table stock_movements drop constraint stock_movements_reason_check;
alter table stock_movements add constraint stock_movements_reason_check
  check (reason in ('initial', 'order', 'cancellation', 'expiry', 'adjustment', 'return'));

-- One refund of an order: through the card gateway (a refund, or a void of a payment not yet settled), or recorded by
-- staff for a method paid outside the shop (bank transfer, custom). Its amount counts against what is left to
-- refund from the moment it is requested (status 'requested') until it fails.
create table refunds (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  order_id integer not null,
  payment_id integer,
  method text not null check (method in ('card_2c2p', 'bank_transfer', 'custom')),
  kind text not null default 'refund' check (kind in ('refund', 'void', 'manual')),
  status text not null default 'requested' check (status in ('requested', 'pending', 'succeeded', 'failed')),
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null,
  reason text not null default '',
  -- The bank's or the gateway's reference of the money sent back.
  reference text not null default '',
  -- The day staff sent the money (recorded refunds); null for gateway refunds.
  refunded_on date,
  restock jsonb not null default '[]' check (jsonb_typeof(restock) = 'array'),
  idempotency_key text check (length(idempotency_key) between 1 and 255),
  request_fingerprint text,
  resp_code text,
  resp_desc text,
  error_message text,
  -- Why staff must look at it (the gateway refunded but the shop's records failed), else null.
  review_reason text,
  created_by integer,
  completed_at timestamptz,
  -- A status poll holds the row until then, so that several instances never ask about it at once.
  poll_claimed_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  check ((status in ('succeeded', 'failed')) = (completed_at is not null))
);
create index refunds_order on refunds (tenant_id, order_id, id);
create unique index refunds_idempotency on refunds (tenant_id, order_id, idempotency_key)
  where idempotency_key is not null;
create index refunds_pending on refunds (tenant_id, created_at) where status = 'pending';

-- The merchant's key pair for the Payment Maintenance API of a shop whose cards go through the built-in sandbox
-- (generated on first use; a 2C2P merchant's keys come from the server's secret files, never the database).
alter table payment_settings
  add column sandbox_maintenance_private_key text not null default '',
  add column sandbox_maintenance_public_key text not null default '';

-- The sandbox gateway's own key pair per shop (its half of the certificate exchange), generated on first use.
create table sandbox_gateway_keys (
  tenant_id integer not null references tenants (id) on delete cascade,
  private_key text not null,
  public_key text not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id)
);

-- What the sandbox did with a transaction's money after the payment: refunds (pending a few status polls, then
-- completed or failed) and a void.
create table sandbox_gateway_refunds (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  transaction_id integer not null,
  process_type text not null check (process_type in ('R', 'V')),
  amount_cents bigint not null check (amount_cents > 0),
  status text not null check (status in ('pending', 'completed', 'failed')),
  polls_left integer not null default 0,
  fails boolean not null default false,
  reference text not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index sandbox_gateway_refunds_transaction on sandbox_gateway_refunds (tenant_id, transaction_id, id);

-- The shop's sender: the name and address its e-mails come from, and where replies go (empty: the platform's
-- default sender under the shop's name). Each queued message keeps the sender it was written with.
create table mail_settings (
  tenant_id integer not null references tenants (id) on delete cascade,
  sender_name text not null default '' check (length(sender_name) <= 100),
  sender_address text not null default '' check (length(sender_address) <= 254),
  reply_to text not null default '' check (length(reply_to) <= 254),
  updated_at timestamptz not null default now(),
  primary key (tenant_id)
);
alter table mail_queue
  add column sender text,
  add column reply_to text;
