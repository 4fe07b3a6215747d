-- The stock service's reason holds for its own statement only (migration 0008). The statement's start time told one
-- statement from the next, but a clock may give two quick statements of one transaction the same start (the embedded
-- database's does): once every update of products is done, its reason is cleared, so that a later statement of the
-- same transaction that changes stock without its own reason is refused, whatever the clock says.

create or replace function catalog_stock_reason_clear() returns trigger language plpgsql as $$
begin
  perform set_config('app.stock_reason', '', true);
  perform set_config('app.stock_statement', '', true);
  return null;
end $$;

-- Statement-level AFTER triggers run after the row-level ones of the same statement (which wrote the ledger).
create trigger products_stock_reason_clear after update on products
  for each statement execute function catalog_stock_reason_clear();
