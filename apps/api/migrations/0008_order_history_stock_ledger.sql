-- Every status an order has had (from, to, when, by whom, why), and every change of a product's stock as a signed
-- movement, so that an order's life can be read back and a product's stock always equals the sum of its movements.

create table order_history (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer not null generated always as identity,
  order_id integer not null,
  from_status text,
  to_status text not null,
  actor text not null check (actor in ('customer', 'staff', 'system', 'gateway')),
  actor_user_id integer,
  reason text not null default '',
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, order_id) references orders (tenant_id, id) on delete cascade
);
create index order_history_order on order_history (tenant_id, order_id, id);

-- Orders placed before the history existed: their placing, and the steps their timestamps tell.
insert into order_history (tenant_id, order_id, from_status, to_status, actor, actor_user_id, reason, created_at)
select tenant_id, id, null, 'awaiting_payment', 'customer', user_id, 'placed', created_at from orders;
insert into order_history (tenant_id, order_id, from_status, to_status, actor, reason, created_at)
select tenant_id, id, 'awaiting_payment', 'paid', 'system', '', paid_at from orders where paid_at is not null;
insert into order_history (tenant_id, order_id, from_status, to_status, actor, reason, created_at)
select tenant_id, id, case when paid_at is null then 'awaiting_payment' else 'paid' end, 'cancelled', 'system',
       coalesce(cancel_reason, ''), cancelled_at
  from orders where status = 'cancelled' and cancelled_at is not null;
insert into order_history (tenant_id, order_id, from_status, to_status, actor, reason, created_at)
select tenant_id, id, 'paid', status, 'system', '', updated_at
  from orders where status in ('processing', 'shipped', 'delivered');

create table stock_movements (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer not null generated always as identity,
  product_id integer not null,
  quantity integer not null check (quantity <> 0),
  reason text not null check (reason in ('initial', 'order', 'cancellation', 'expiry', 'adjustment')),
  order_id integer,
  note text not null default '',
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete cascade
);
create index stock_movements_product on stock_movements (tenant_id, product_id, id);
create index stock_movements_order on stock_movements (tenant_id, order_id) where order_id is not null;

-- NOTE: the ledger is written here, from the row change itself, so that no stock change can miss it. The catalog's
-- stock service names the reason of its change in the same statement as the change, stamped with that statement's
-- start (`app.stock_reason`, `app.stock_statement`, local to its transaction): the trigger accepts the reason only for
-- changes of that very statement, so a change of stock without one, or in a later statement, is refused. That keeps
-- every other path from changing stock.
create or replace function catalog_stock_movement() returns trigger language plpgsql as $$
declare
  movement_reason text := nullif(current_setting('app.stock_reason', true), '');
begin
  if tg_op = 'INSERT' then
    if new.stock <> 0 then
      insert into stock_movements (tenant_id, product_id, quantity, reason)
      values (new.tenant_id, new.id, new.stock, 'initial');
    end if;
    return null;
  end if;
  if movement_reason is null
     or current_setting('app.stock_statement', true) is distinct from statement_timestamp()::text then
    raise exception 'the stock of product % changed outside the stock service', new.id;
  end if;
  insert into stock_movements (tenant_id, product_id, quantity, reason, order_id, note)
  values (new.tenant_id, new.id, new.stock - old.stock, movement_reason,
          nullif(current_setting('app.stock_order', true), '')::integer,
          coalesce(current_setting('app.stock_note', true), ''));
  return null;
end $$;

create trigger products_stock_initial after insert on products
  for each row execute function catalog_stock_movement();
create trigger products_stock_movement after update of stock on products
  for each row when (old.stock is distinct from new.stock) execute function catalog_stock_movement();

-- Products made before the ledger existed open it with their stock of today.
insert into stock_movements (tenant_id, product_id, quantity, reason, note)
select tenant_id, id, stock, 'initial', 'opening stock' from products where stock <> 0;
