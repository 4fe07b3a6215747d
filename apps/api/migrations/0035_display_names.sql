-- The name shown with a customer's reviews and comments, chosen by the customer. Until then a neutral name that says
-- nothing of the e-mail address: "Customer 4821" (the default, drawn per row), or, for accounts that have ordered,
-- the first name and the initial of the last name their latest delivery address gives ("Sita G.").
alter table users
  add column display_name text not null
    default ('Customer ' || (1000 + floor(random() * 9000))::int)
    check (length(display_name) between 1 and 50 and position('@' in display_name) = 0);

with named as (
  select distinct on (orders.tenant_id, orders.user_id)
         orders.tenant_id, orders.user_id,
         regexp_split_to_array(btrim(orders.delivery_address ->> 'fullname'), '\s+') as parts
    from orders
   where btrim(coalesce(orders.delivery_address ->> 'fullname', '')) <> ''
     and position('@' in orders.delivery_address ->> 'fullname') = 0
   order by orders.tenant_id, orders.user_id, orders.created_at desc, orders.id desc
)
update users
   set display_name = left(
         case when array_length(named.parts, 1) > 1
              then left(named.parts[1], 40) || ' ' || upper(left(named.parts[array_length(named.parts, 1)], 1)) || '.'
              else named.parts[1]
         end, 50)
  from named
 where users.tenant_id = named.tenant_id and users.id = named.user_id;
