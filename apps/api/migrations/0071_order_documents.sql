-- Invoices (and, with refunds, credit notes): numbered per shop and kind without gaps, issued once and kept as what
-- they said when issued (`content`: seller, buyer, lines and totals), from which their PDF is drawn again on request.
-- The seller's legal details come from the shop's site settings.
alter table site_settings
  add column legal_name text not null default '' check (length(legal_name) <= 200),
  add column legal_address text not null default '' check (length(legal_address) <= 500),
  add column tax_number text not null default '' check (length(tax_number) <= 50);

-- The last number given per shop and kind: taken and written in the transaction that issues the document, so a
-- rolled-back issue gives its number back.
-- A test order's documents (paid through the built-in test gateway) are numbered in a series of their own, so a shop
-- trying its checkout never takes a number of its real invoices.
create table document_counters (
  tenant_id integer not null references tenants (id) on delete cascade,
  kind text not null check (kind in ('invoice', 'credit_note')),
  is_test boolean not null,
  last_number integer not null check (last_number > 0),
  primary key (tenant_id, kind, is_test)
);

create table order_documents (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  order_id integer not null,
  kind text not null check (kind in ('invoice', 'credit_note')),
  is_test boolean not null default false,
  number integer not null check (number > 0),
  -- The refund a credit note is for (none for an invoice).
  refund_id integer,
  issued_at timestamptz not null default now(),
  content jsonb not null,
  primary key (tenant_id, id),
  unique (tenant_id, kind, is_test, number)
);
create unique index order_documents_one_invoice on order_documents (tenant_id, order_id) where kind = 'invoice';
create unique index order_documents_one_credit_note on order_documents (tenant_id, refund_id) where kind = 'credit_note';
create index order_documents_order on order_documents (tenant_id, order_id, id);

-- The mail queue carries attachments (an invoice's PDF): [{filename, content_type, content_base64}].
alter table mail_queue add column attachments jsonb not null default '[]';
