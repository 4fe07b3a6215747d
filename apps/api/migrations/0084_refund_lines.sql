-- Refunds by line (issue 43, decision 024). An order line keeps the figures it was sold with, from the one pricing
-- module: its share of the order's discounts, its tax on what is left (in its price where the prices include tax, on
-- top where the total adds it) and the rate it paid, and its variant's option values as ordered ("15 inch"). Lines of
-- orders placed before keep nulls: a refund reads them by proportion (`soldLinesOf`).
alter table order_lines
  add column discount_cents bigint,
  add column tax_cents bigint,
  add column tax_name text,
  add column tax_basis_points integer,
  add column option_values text[];

-- The option values of lines whose variant still exists, as it is named now (the nearest there is to "as ordered").
update order_lines l
   set option_values = v.option_values
  from product_variants v
 where v.tenant_id = l.tenant_id and v.id = l.variant_id;

-- What each refund took of the order's lines: `[{line_id, quantity, restock, net_cents, tax_cents, amount_cents}]`
-- (empty for a refund of a free amount). A line's units refunded are those of its refunds not failed.
alter table refunds add column lines jsonb not null default '[]'::jsonb;
