-- Card payments through a 2C2P-protocol gateway: the shop's gateway settings, one row per payment attempt, every
-- message a gateway sent about them, and the built-in sandbox gateway's own records.

-- The card gateway of a shop: 2C2P PGW v4.3 ('2c2p', its sandbox or production environment) or the built-in
-- sandbox that speaks the same protocol ('sandbox'). The secret key is never returned by any API answer.
alter table payment_settings
  add column card_gateway text not null default 'sandbox' check (card_gateway in ('sandbox', '2c2p')),
  add column card_environment text not null default 'sandbox' check (card_environment in ('sandbox', 'production')),
  add column card_merchant_id text not null default '' check (length(card_merchant_id) <= 25),
  add column card_secret_key text not null default '';

-- A payment attempt for an order. An order may have several (pay again after a failure), at most one still open.
create table payments (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  uuid uuid not null,
  order_id integer not null,
  user_id integer not null,
  order_number text not null,
  gateway text not null check (gateway in ('sandbox', '2c2p')),
  merchant_id text not null,
  invoice_no text not null check (length(invoice_no) <= 50),
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null,
  status text not null default 'initiated'
    check (status in ('initiated', 'pending', 'succeeded', 'failed', 'canceled', 'error')),
  payment_token text,
  redirect_url text,
  gateway_transaction_ref text,
  resp_code text,
  resp_desc text,
  error_message text,
  -- Why staff must look at it (a payment for a cancelled order, a second payment of a paid order), else null.
  review_reason text,
  -- When the order learned of this payment's success (null: not yet; the reconciliation job tells it again).
  order_notified_at timestamptz,
  -- The gateway's payment token lives 30 minutes: past this, an open attempt is asked about by reconciliation.
  expires_at timestamptz not null,
  -- A reconciliation run holds the row until then, so that several instances never ask about it at once.
  reconcile_claimed_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, uuid),
  unique (tenant_id, invoice_no)
);
create index payments_order on payments (tenant_id, order_id);
create unique index payments_one_open_per_order on payments (tenant_id, order_id)
  where status in ('initiated', 'pending');
create index payments_open on payments (tenant_id, expires_at) where status in ('initiated', 'pending');
create index payments_unnotified on payments (tenant_id, updated_at)
  where status = 'succeeded' and order_notified_at is null;

-- Every message about a payment, as received: notifications (verified or refused), inquiry answers, browser
-- returns (never trusted) and payment starts. `payment_id` is null when it matched no payment.
create table payment_events (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  payment_id integer,
  source text not null check (source in ('start', 'notification', 'inquiry', 'browser_return', 'order')),
  outcome text not null check (outcome in ('applied', 'unchanged', 'refused', 'flagged')),
  resp_code text,
  detail text not null default '',
  payload jsonb not null default '{}',
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index payment_events_payment on payment_events (tenant_id, payment_id, id);

-- The built-in sandbox gateway's transactions, as 2C2P keeps them for a merchant: one per payment token.
create table sandbox_gateway_transactions (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  merchant_id text not null,
  invoice_no text not null,
  payment_token text not null,
  description text not null,
  amount text not null,
  currency text not null,
  frontend_return_url text not null,
  backend_return_url text,
  user_defined jsonb not null default '{}',
  resp_code text,
  resp_desc text,
  tran_ref text,
  approval_code text,
  account_no text,
  transaction_at timestamptz,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, payment_token),
  unique (tenant_id, merchant_id, invoice_no)
);
