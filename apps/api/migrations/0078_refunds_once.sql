-- Money moves once (decision 021): a refund is `sending` while its payment method is being asked, and `unknown` when
-- the gateway did not answer (a timeout, a transport failure), until the shop has asked the gateway what became of
-- it; both, like `requested` and `pending`, are re-driven by the reconciliation job.
alter table refunds drop constraint refunds_status_check;
alter table refunds add constraint refunds_status_check
  check (status in ('requested', 'sending', 'pending', 'unknown', 'succeeded', 'failed'));

drop index refunds_pending;
create index refunds_open on refunds (tenant_id, created_at)
  where status in ('requested', 'sending', 'pending', 'unknown');

-- The sandbox keeps the merchant's own reference of each refund (sent with it), so a refund sent again under the
-- same reference is the same refund, and its status can be asked by that reference.
alter table sandbox_gateway_refunds add column merchant_reference text;
create unique index sandbox_gateway_refunds_merchant_reference
  on sandbox_gateway_refunds (tenant_id, transaction_id, merchant_reference)
  where merchant_reference is not null;
