-- PostgREST conformance fixture: resource embedding (by table, foreign key column or constraint,
-- self references, one-to-one, many-to-many through junctions), computed fields and computed
-- relationships. Tables follow PostgREST's documentation ("Resource Embedding", "Computed Fields").
create schema pgrst_embed;
grant usage on schema pgrst_embed to anon, authenticated, service_role;

-- Two foreign keys to the same table (docs: Multiple Many-To-One).
create table pgrst_embed.addresses (id int primary key, name text not null);
create table pgrst_embed.orders (
  id int primary key,
  name text not null,
  billing_address_id int,
  shipping_address_id int,
  constraint billing foreign key (billing_address_id) references pgrst_embed.addresses (id),
  constraint shipping foreign key (shipping_address_id) references pgrst_embed.addresses (id)
);
insert into pgrst_embed.addresses values (1, 'Home'), (2, 'Office'), (3, 'Depot');
insert into pgrst_embed.orders values (1, 'Water filter', 1, 2), (2, 'Coffee machine', 2, 2), (3, 'Kettle', null, 3);
-- A view of addresses: reachable by its name only, never by a column or constraint name.
create view pgrst_embed.address_labels as select id, upper(name) as label from pgrst_embed.addresses;
-- A view showing one foreign key column twice: one relationship per column.
create view pgrst_embed.order_bills as select id, billing_address_id as billed_to, billing_address_id as billed_to_again from pgrst_embed.orders;

-- A self reference (docs: Recursive relationships).
create table pgrst_embed.employees (id int primary key, name text not null, supervisor_id int references pgrst_embed.employees (id));
insert into pgrst_embed.employees values (1, 'Taylor', null), (2, 'Johnson', 1), (3, 'Miller', 1), (4, 'Davis', 2);
-- Two self references.
create table pgrst_embed.organizations (
  id int primary key,
  name text not null,
  referee int references pgrst_embed.organizations (id),
  auditor int references pgrst_embed.organizations (id)
);
insert into pgrst_embed.organizations values (1, 'Referee Org', null, null), (2, 'Auditor Org', null, null), (3, 'Acme', 1, 2), (4, 'Umbrella', 1, null);

-- One-to-one: a foreign key that is the primary key, one that is unique, and two unique ones.
create table pgrst_embed.users (id int primary key, username text not null);
create table pgrst_embed.profiles (user_id int primary key references pgrst_embed.users (id), bio text);
create table pgrst_embed.settings (id int primary key, user_id int unique references pgrst_embed.users (id), theme text);
create table pgrst_embed.accounts (
  id int primary key,
  owner_id int unique references pgrst_embed.users (id),
  backup_owner_id int unique references pgrst_embed.users (id)
);
insert into pgrst_embed.users values (1, 'ann'), (2, 'bob');
insert into pgrst_embed.profiles values (1, 'Ann writes');
insert into pgrst_embed.settings values (10, 2, 'dark');
insert into pgrst_embed.accounts values (1, 1, 2);

-- Many-to-many through a junction whose foreign keys are in its primary key (docs: roles).
create table pgrst_embed.films (id int primary key, title text not null);
create table pgrst_embed.actors (id int primary key, name text not null);
create table pgrst_embed.roles (
  film_id int references pgrst_embed.films (id),
  actor_id int references pgrst_embed.actors (id),
  character text,
  primary key (film_id, actor_id)
);
-- Not a junction: its foreign keys are not part of its primary key.
create table pgrst_embed.reviews (
  id int primary key,
  film_id int references pgrst_embed.films (id),
  actor_id int references pgrst_embed.actors (id),
  stars int
);
insert into pgrst_embed.films values (1, 'The Lighthouse'), (2, 'Paterson'), (3, 'Silence');
insert into pgrst_embed.actors values (1, 'Willem Dafoe'), (2, 'Robert Pattinson'), (3, 'Adam Driver');
insert into pgrst_embed.roles values (1, 1, 'Thomas Wake'), (1, 2, 'Ephraim Winslow'), (2, 3, 'Paterson'), (3, 3, 'Garupe');
insert into pgrst_embed.reviews values (1, 1, 3, 5);

-- Two junctions between the same tables: the many-to-many is ambiguous.
create table pgrst_embed.sites (id int primary key, name text not null);
create table pgrst_embed.projects (id int primary key, name text not null);
create table pgrst_embed.jobs (
  site_id int references pgrst_embed.sites (id),
  project_id int references pgrst_embed.projects (id),
  primary key (site_id, project_id)
);
create table pgrst_embed.main_jobs (
  site_id int references pgrst_embed.sites (id),
  project_id int references pgrst_embed.projects (id),
  primary key (site_id, project_id)
);
insert into pgrst_embed.sites values (1, 'North'), (2, 'South');
insert into pgrst_embed.projects values (1, 'Bridge'), (2, 'Tunnel');
insert into pgrst_embed.jobs values (1, 1), (2, 1), (2, 2);
insert into pgrst_embed.main_jobs values (1, 1);

-- Computed fields and computed relationships (pets has no foreign key: only functions relate it).
create table pgrst_embed.people (id int primary key, first_name text not null, last_name text not null);
create table pgrst_embed.pets (id int primary key, owner_id int not null, name text not null);
insert into pgrst_embed.people values (1, 'Samuel', 'Beckett'), (2, 'Ada', 'Lovelace'), (3, 'Alan', 'Turing');
insert into pgrst_embed.pets values (1, 1, 'Rex'), (2, 1, 'Tom'), (3, 2, 'Kit');
create view pgrst_embed.people_view as select id, first_name from pgrst_embed.people;

create function pgrst_embed.full_name(pgrst_embed.people) returns text language sql stable as $$
  select $1.first_name || ' ' || $1.last_name
$$;
create function pgrst_embed.name_length(pgrst_embed.people) returns int language sql immutable as $$
  select length($1.first_name || $1.last_name)
$$;
create function pgrst_embed.shout(pgrst_embed.people_view) returns text language sql stable as $$
  select upper($1.first_name)
$$;
-- To-many, named like the table it returns.
create function pgrst_embed.pets(pgrst_embed.people) returns setof pgrst_embed.pets language sql stable as $$
  select * from pgrst_embed.pets where owner_id = $1.id
$$;
-- To-one by `rows 1`.
create function pgrst_embed.owner(pgrst_embed.pets) returns setof pgrst_embed.people rows 1 language sql stable as $$
  select * from pgrst_embed.people where id = $1.owner_id
$$;
-- Computed relationships for the self reference, as PostgREST's docs recommend.
create function pgrst_embed.supervisor(pgrst_embed.employees) returns setof pgrst_embed.employees rows 1 language sql stable as $$
  select * from pgrst_embed.employees where id = $1.supervisor_id
$$;
create function pgrst_embed.supervisees(pgrst_embed.employees) returns setof pgrst_embed.employees language sql stable as $$
  select * from pgrst_embed.employees where supervisor_id = $1.id
$$;

-- A computed relationship named like a table overrides the (ambiguous) foreign keys to it.
create table pgrst_embed.teams (id int primary key, name text not null);
create table pgrst_embed.matches (
  id int primary key,
  home_team_id int references pgrst_embed.teams (id),
  away_team_id int references pgrst_embed.teams (id)
);
insert into pgrst_embed.teams values (1, 'Lions'), (2, 'Tigers'), (3, 'Bears');
insert into pgrst_embed.matches values (1, 1, 2);
create function pgrst_embed.teams(pgrst_embed.matches) returns setof pgrst_embed.teams language sql stable as $$
  select * from pgrst_embed.teams where id in ($1.home_team_id, $1.away_team_id) order by id
$$;

-- Junctions in a schema that is not exposed: one shown by an exposed view, one not at all.
create schema pgrst_embed_private;
create table pgrst_embed.screens (id int primary key, name text not null);
create table pgrst_embed.labels (id int primary key, name text not null);
create table pgrst_embed_private.screen_labels (
  screen_id int references pgrst_embed.screens (id),
  label_id int references pgrst_embed.labels (id),
  primary key (screen_id, label_id)
);
create view pgrst_embed.screen_labels_view as select * from pgrst_embed_private.screen_labels;
create table pgrst_embed.tracks (id int primary key, name text not null);
create table pgrst_embed_private.screen_tracks (
  screen_id int references pgrst_embed.screens (id),
  track_id int references pgrst_embed.tracks (id),
  primary key (screen_id, track_id)
);
insert into pgrst_embed.screens values (1, 'Lobby'), (2, 'Hall');
insert into pgrst_embed.labels values (1, 'fruit'), (2, 'vehicles');
insert into pgrst_embed.tracks values (1, 'intro');
insert into pgrst_embed_private.screen_labels values (1, 1), (2, 1), (2, 2);
insert into pgrst_embed_private.screen_tracks values (1, 1);

grant select on all tables in schema pgrst_embed to anon, authenticated, service_role;
grant insert on pgrst_embed.people to anon, authenticated, service_role;
