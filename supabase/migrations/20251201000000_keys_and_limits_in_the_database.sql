-- Signing keys and auth rate limits shared by every instance on one database (issue 23 item 3,
-- ADR 0033). Only the server's own connection (the database owner) reads or writes them: no API
-- role can see a row, call a function, or learn that they exist beyond their names.

-- ── The keys access tokens are signed with (unless JWT_SIGNING_KEYS is configured) ────────────
-- The private JWK is sealed (AES-256-GCM) with a key derived from JWT_SECRET, which lives in the
-- servers' environment, not here: a copy of the database alone cannot mint tokens. The key that
-- signs is the newest whose signs_from has come; an older key is still trusted (verified and
-- published in the JWKS) until the JWT expiry plus a grace after a newer key took over, or until
-- revoked_at. server/auth/keyStore.ts makes the first key and `npm run auth:rotate-key` adds one.
create table private.auth_signing_keys (
  kid text primary key,
  alg text not null constraint auth_signing_keys_alg_check check (alg in ('ES256', 'RS256')),
  -- Public members only (kty, crv/x/y or n/e): what the JWKS publishes.
  public_jwk jsonb not null,
  -- 'v1:' || nonce || ':' || ciphertext+tag, bound to kid; null for a key that only verifies.
  sealed_private_jwk text,
  created_at timestamptz not null default now(),
  signs_from timestamptz not null default now(),
  revoked_at timestamptz
);
create index auth_signing_keys_signs_from_idx on private.auth_signing_keys (signs_from);
revoke all on table private.auth_signing_keys from public, anon, authenticated, service_role;

-- ── Auth rate limits: one row per (limit, client), the hit times still inside its window ───────
-- One row per bucket keeps a take atomic (its row lock) in one round trip; a row whose newest hit
-- is older than its window is swept (expires_at).
create table private.auth_rate_limits (
  name text not null,
  key text not null,
  hits timestamptz[] not null default '{}',
  expires_at timestamptz not null,
  primary key (name, key)
);
create index auth_rate_limits_expires_at_idx on private.auth_rate_limits (expires_at);
revoke all on table private.auth_rate_limits from public, anon, authenticated, service_role;

-- Records one hit of (name, key) when fewer than max_hits fell in the last window_ms and returns
-- its number (1 … max_hits); returns 0 (recording nothing) when the budget is used up.
create function private.take_auth_rate_limit(name text, key text, max_hits integer, window_ms integer) returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  span interval := make_interval(secs => window_ms / 1000.0);
  kept timestamptz[];
  at timestamptz := clock_timestamp();
begin
  insert into private.auth_rate_limits as r (name, key, hits, expires_at)
    values (take_auth_rate_limit.name, take_auth_rate_limit.key, '{}', at + span)
    on conflict on constraint auth_rate_limits_pkey do nothing;
  perform 1 from private.auth_rate_limits r where r.name = take_auth_rate_limit.name and r.key = take_auth_rate_limit.key for update;
  -- Read under the row lock: takes of the same bucket wait for each other.
  select coalesce(array_agg(t order by t), '{}') into kept
    from private.auth_rate_limits r, unnest(r.hits) t
    where r.name = take_auth_rate_limit.name and r.key = take_auth_rate_limit.key and t > at - span;
  if cardinality(kept) >= max_hits then
    update private.auth_rate_limits r set hits = kept where r.name = take_auth_rate_limit.name and r.key = take_auth_rate_limit.key;
    return 0;
  end if;
  update private.auth_rate_limits r set hits = kept || at, expires_at = at + span
    where r.name = take_auth_rate_limit.name and r.key = take_auth_rate_limit.key;
  return cardinality(kept) + 1;
end;
$$;
revoke all on function private.take_auth_rate_limit(text, text, integer, integer) from public, anon, authenticated, service_role;

-- Gives back the newest hit of (name, key): one that turned out not to count.
create function private.release_auth_rate_limit(name text, key text) returns void
language sql
volatile
set search_path = ''
as $$
  update private.auth_rate_limits r set hits = r.hits[1:cardinality(r.hits) - 1]
    where r.name = release_auth_rate_limit.name and r.key = release_auth_rate_limit.key and cardinality(r.hits) > 0;
$$;
revoke all on function private.release_auth_rate_limit(text, text) from public, anon, authenticated, service_role;
