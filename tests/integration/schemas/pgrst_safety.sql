-- PostgREST conformance fixture: functions that change rows, for Prefer: tx=rollback and max-affected.
create schema pgrst_safety;
grant usage on schema pgrst_safety to anon, authenticated, service_role;

create table pgrst_safety.counters (id int primary key, hits int not null default 0);
insert into pgrst_safety.counters (id) select g from generate_series(1, 10) as g;
create table pgrst_safety.log (id bigint generated always as identity primary key, note text not null);
grant select, insert, update, delete on all tables in schema pgrst_safety to anon, authenticated, service_role;

-- Changes every row, returns nothing.
create function pgrst_safety.hit_all() returns void language sql as $$
  update pgrst_safety.counters set hits = hits + 1;
$$;

-- Changes rows id <= upto and returns them.
create function pgrst_safety.hit_upto(upto int) returns setof pgrst_safety.counters language sql as $$
  update pgrst_safety.counters set hits = hits + 1 where id <= upto returning *;
$$;

-- Changes every row and answers one scalar.
create function pgrst_safety.hit_all_count() returns int language sql as $$
  with changed as (update pgrst_safety.counters set hits = hits + 1 returning 1) select count(*)::int from changed;
$$;

-- Writes one log row through plpgsql and returns its id.
create function pgrst_safety.write_log(note text) returns bigint language plpgsql as $$
declare new_id bigint;
begin
  insert into pgrst_safety.log (note) values (note) returning id into new_id;
  return new_id;
end;
$$;
