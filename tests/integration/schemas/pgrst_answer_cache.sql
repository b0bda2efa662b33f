-- Fixture of tests/integration/answer-cache.test.ts: rows every kind of write changes, read as anon.
create schema pgrst_answer_cache;
grant usage on schema pgrst_answer_cache to anon, authenticated, service_role;

create table pgrst_answer_cache.items (id int primary key, label text not null, n int not null default 0);
insert into pgrst_answer_cache.items (id, label) select g, 'item ' || g from generate_series(1, 20) as g;
grant select, insert, update, delete on pgrst_answer_cache.items to anon, authenticated, service_role;

-- A write through /rpc (volatile: POST only).
create function pgrst_answer_cache.bump(item int) returns int language sql as $$
  update pgrst_answer_cache.items set n = n + 1 where id = item returning n;
$$;

-- A read through /rpc (stable: GET is allowed).
create function pgrst_answer_cache.total() returns bigint language sql stable as $$
  select coalesce(sum(n), 0)::int8 from pgrst_answer_cache.items;
$$;
grant execute on function pgrst_answer_cache.bump(int), pgrst_answer_cache.total() to anon, authenticated, service_role;

-- What auth sign-ups and storage uploads change, visible to anon (the views run as their owner).
create view pgrst_answer_cache.user_count as select count(*)::int8 as n from auth.users;
create view pgrst_answer_cache.object_count as select count(*)::int8 as n from storage.objects;
grant select on pgrst_answer_cache.user_count, pgrst_answer_cache.object_count to anon;
