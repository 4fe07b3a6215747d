-- What each customer has paid for, as the catalog keeps it (a review of a bought product is a verified purchase):
-- one row per customer and product, counting the customer's orders of it that are paid and not cancelled. The order
-- lifecycle adds to it when an order is paid and takes from it when a paid order is cancelled, in the same
-- transaction, so the catalog never reads the orders' tables.
create table purchases (
  tenant_id integer not null references tenants (id) on delete cascade,
  user_id integer not null,
  product_id integer not null,
  paid_orders integer not null check (paid_orders > 0),
  primary key (tenant_id, user_id, product_id),
  foreign key (tenant_id, product_id) references products (tenant_id, id) on delete cascade
);

insert into purchases (tenant_id, user_id, product_id, paid_orders)
select o.tenant_id, o.user_id, l.product_id, count(distinct o.id)::integer
  from orders o
  join order_lines l on l.tenant_id = o.tenant_id and l.order_id = o.id
 where o.status in ('paid', 'processing', 'shipped', 'delivered') and l.product_id is not null
 group by o.tenant_id, o.user_id, l.product_id;
