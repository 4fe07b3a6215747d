-- Returns and the right of withdrawal (issue 43, decision 023): a customer, a guest holding the order's number and
-- e-mail address, or staff on the customer's behalf record which lines of an order go back and how many units;
-- staff mark what came back and its state, or reject it with a reason; a completed refund covering it ends it.

create table returns (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  order_id integer not null,
  -- The order's number and customer as the return was opened (the list and the customer's view filter by them).
  order_number text not null,
  customer_user_id integer not null,
  kind text not null check (kind in ('withdrawal', 'return')),
  status text not null default 'requested' check (status in ('requested', 'received', 'refunded', 'rejected')),
  reason text not null default '',
  rejection_reason text not null default '',
  received_note text not null default '',
  opened_by text not null check (opened_by in ('customer', 'guest', 'staff')),
  opened_by_user_id integer,
  -- The last day of the withdrawal period when it was stated (the shop's calendar; null: the goods were on their way).
  period_last_day date,
  requested_at timestamptz not null default now(),
  received_at timestamptz,
  refunded_at timestamptz,
  rejected_at timestamptz,
  -- The refund whose completion ended it.
  refund_id integer,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  check ((status = 'rejected') = (rejected_at is not null)),
  check (status <> 'rejected' or rejection_reason <> '')
);

create index returns_order on returns (tenant_id, order_id);
create index returns_status on returns (tenant_id, status, id);

create table return_lines (
  tenant_id integer not null references tenants (id) on delete cascade,
  return_id integer not null,
  order_line_id integer not null,
  -- What the order line was when it was returned (the list shows it without reading the order).
  product_name text not null,
  sku text,
  quantity integer not null check (quantity > 0),
  received_quantity integer check (received_quantity >= 0),
  condition text check (condition in ('as_new', 'used', 'damaged')),
  primary key (tenant_id, return_id, order_line_id),
  foreign key (tenant_id, return_id) references returns (tenant_id, id) on delete cascade
);

create index return_lines_order_line on return_lines (tenant_id, order_line_id);
