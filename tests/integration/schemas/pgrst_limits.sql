-- Fixture for the query limits (issue 22 item 6): a slow function, the statement timeout as the
-- caller's transaction sees it, and more rows than max_rows (supabase/config.toml: 1000).
create schema pgrst_limits;
grant usage on schema pgrst_limits to anon, authenticated, service_role;

create table pgrst_limits.rows (id int primary key, label text not null);
insert into pgrst_limits.rows select g, 'n' || g from generate_series(1, 1500) as g;
grant select on pgrst_limits.rows to anon, authenticated, service_role;

-- Runs for `seconds`: an expensive query anyone may send.
create function pgrst_limits.sleep(seconds float8) returns int language plpgsql as $$
begin
  perform pg_sleep(seconds);
  return 1;
end;
$$;

-- The statement_timeout the caller's statements run under.
create function pgrst_limits.statement_timeout() returns text language sql stable as $$
  select current_setting('statement_timeout');
$$;

-- 1 … n, a set of scalars.
create function pgrst_limits.numbers(n int) returns setof int language sql stable as $$
  select generate_series(1, n);
$$;
