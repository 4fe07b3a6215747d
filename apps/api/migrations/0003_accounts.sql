-- Refresh tokens: one row per issued token, so that rotation, logout and theft detection hold across instances.
-- A family is the chain of tokens rotated from one login; reusing a rotated token revokes the whole family.
create table refresh_tokens (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  user_id integer not null,
  jti uuid not null,
  family uuid not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  rotated_at timestamptz,
  revoked_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create unique index refresh_tokens_jti on refresh_tokens (tenant_id, jti);
create index refresh_tokens_family on refresh_tokens (tenant_id, family);
create index refresh_tokens_user on refresh_tokens (tenant_id, user_id);

-- Password reset tokens: only a SHA-256 of the mailed token is kept; single use, short-lived.
create table password_reset_tokens (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  user_id integer not null,
  token_hash text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create unique index password_reset_tokens_hash on password_reset_tokens (tenant_id, token_hash);
create index password_reset_tokens_user on password_reset_tokens (tenant_id, user_id);
