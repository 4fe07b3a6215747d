-- Delivery addresses a customer keeps in their account; the checkout offers them. The address has the shape of an
-- order's delivery address (checked by the API's contract), so that one picked at checkout is sent as it is.
create table saved_addresses (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  user_id integer not null,
  address jsonb not null check (jsonb_typeof(address) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index saved_addresses_user on saved_addresses (tenant_id, user_id, id);
