-- The stock service names a movement's reason in the same statement as the change (one round trip instead of three),
-- stamped with that statement's start: the trigger accepts the reason only for changes of that very statement, so a
-- later statement of the same transaction that changes stock without naming its own is still refused.
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
