-- Row-level security (decision 010): a statement of the application sees and writes only the rows of the shop its
-- transaction names (`app.tenant_id`, set by the data layer's TenantScope), even one that forgot its tenant_id filter.
-- The application runs as `platform_app`: it owns no table and has no BYPASSRLS. The tables' owner (the user that
-- migrates) stays outside the policies; the application reaches it only through the platform door (`asPlatform`).

-- NOTE: a role belongs to the whole server, which several databases (tests, other deployments) may share: it is made
-- once, and a database made at the same moment by another session is not an error.
do $$
begin
  if not exists (select from pg_roles where rolname = 'platform_app') then
    create role platform_app nologin nosuperuser nobypassrls;
  end if;
exception when duplicate_object or unique_violation then
  null;
end
$$;

do $$
begin
  -- With FORCE, a table's owner is under its policies too: the platform door works only for a user above them.
  if not exists (select from pg_roles where rolname = current_user and (rolsuper or rolbypassrls)) then
    raise exception 'row-level security: the database user "%" must be a superuser or have BYPASSRLS (ALTER ROLE % BYPASSRLS)',
      current_user, current_user;
  end if;
  -- The application's connections switch to the role at their start (`-c role=platform_app`).
  if not pg_has_role(current_user, 'platform_app', 'member') then
    execute format('grant platform_app to %I', current_user);
  end if;
end
$$;

grant usage on schema public to platform_app;
grant select, insert, update, delete on all tables in schema public to platform_app;
grant usage, select on all sequences in schema public to platform_app;
-- Tables and sequences later migrations make are the application's to use as well.
alter default privileges in schema public grant select, insert, update, delete on tables to platform_app;
alter default privileges in schema public grant usage, select on sequences to platform_app;
-- Instances write their heartbeat and migrations through the owner.
revoke all on schema_migrations, platform_heartbeat from platform_app;

-- Every table with a tenant_id column gets row-level security, forced (its owner included), and the tenant policy:
-- rows are visible, and may be written, only when their tenant_id is the transaction's shop. With no shop set, the
-- setting is empty and nothing matches. The migration runner calls this after every later migration, so that a table
-- a later migration adds is covered in the same transaction (`db/schema.test.ts` checks every table).
create function secure_tenant_tables() returns void language plpgsql as $$
declare
  tenant_table regclass;
begin
  for tenant_table in
    select c.oid::regclass
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p')
       and (not c.relrowsecurity or not c.relforcerowsecurity
            or not exists (select from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation'))
  loop
    execute format('alter table %s enable row level security, force row level security', tenant_table);
    if not exists (select from pg_policy p where p.polrelid = tenant_table and p.polname = 'tenant_isolation') then
      execute format(
        'create policy tenant_isolation on %s
           using (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::integer)
           with check (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::integer)',
        tenant_table);
    end if;
  end loop;
end
$$;

select secure_tenant_tables();
