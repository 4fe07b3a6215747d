-- Every key and index of a tenant-owned table leads with tenant_id (so the schema can be distributed by shop).
-- Nothing references these two single-column keys: foreign keys go through (tenant_id, id).
alter table users drop constraint if exists users_id_key;
alter table products drop constraint if exists products_id_key;
