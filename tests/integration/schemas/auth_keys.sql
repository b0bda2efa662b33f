-- Fixture of tests/integration/auth-keys.test.ts: who the API let in, as the database sees it.
create schema auth_keys;
grant usage on schema auth_keys to anon, authenticated, service_role;

-- The role PostgREST switched to and the token's subject and algorithm-independent claims.
create function auth_keys.whoami() returns jsonb
language sql stable
as $$
  select jsonb_build_object(
    'role', current_user,
    'sub', nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
  )
$$;
revoke all on function auth_keys.whoami() from public;
grant execute on function auth_keys.whoami() to anon, authenticated, service_role;
