-- PostgREST conformance fixture: spread embeds, aggregates and related orders (postgrest-select.test.ts).
-- directors ← films (many-to-one, one film without a director) ← screenings (one-to-many, some films without any);
-- films ↔ actors through the junction roles (many-to-many).
create schema pgrst_select;
grant usage on schema pgrst_select to anon, authenticated, service_role;

create table pgrst_select.directors (id int primary key, name text not null, country text);
create table pgrst_select.films (
  id int primary key,
  title text not null,
  year int not null,
  director_id int references pgrst_select.directors (id),
  budget numeric(12, 2),
  festivals jsonb
);
create table pgrst_select.screenings (
  id int primary key,
  film_id int not null references pgrst_select.films (id),
  city text not null,
  tickets int not null
);
create table pgrst_select.actors (id int primary key, name text not null);
create table pgrst_select.roles (
  film_id int references pgrst_select.films (id),
  actor_id int references pgrst_select.actors (id),
  character text not null,
  primary key (film_id, actor_id)
);

insert into pgrst_select.directors values
  (1, 'Agnès Varda', 'France'),
  (2, 'Akira Kurosawa', 'Japan'),
  (3, 'Ida Lupino', 'USA'),
  (4, 'Nobody Yet', null);
insert into pgrst_select.films values
  (1, 'Cléo from 5 to 7', 1962, 1, 100000.50),
  (2, 'Vagabond', 1985, 1, 200000.00),
  (3, 'Rashomon', 1950, 2, 250000.00),
  (4, 'Ikiru', 1952, 2, 300000.25),
  (5, 'The Hitch-Hiker', 1953, 3, null),
  (6, 'Untitled', 2030, null, 50000.00);
update pgrst_select.films set festivals = '{"cannes": [1962, 1963]}' where id = 1;
update pgrst_select.films set festivals = '["Venice", "Berlin"]' where id = 2;
insert into pgrst_select.screenings values
  (1, 1, 'Paris', 120),
  (2, 1, 'Lyon', 80),
  (3, 3, 'Tokyo', 300),
  (4, 3, 'Paris', 150),
  (5, 4, 'Tokyo', 91);
insert into pgrst_select.actors values
  (1, 'Corinne Marchand'),
  (2, 'Sandrine Bonnaire'),
  (3, 'Toshiro Mifune'),
  (4, 'Takashi Shimura'),
  (5, 'Edmond O''Brien');
insert into pgrst_select.roles values
  (1, 1, 'Cléo'),
  (2, 2, 'Mona'),
  (3, 3, 'Tajōmaru'),
  (3, 4, 'Woodcutter'),
  (4, 4, 'Kanji Watanabe'),
  (5, 5, 'Roy Collins');

grant select on all tables in schema pgrst_select to anon, authenticated, service_role;
-- Inserts (always rolled back by the suite) show spreads and aggregates in return=representation.
grant insert on pgrst_select.screenings to anon;

-- Rows of a set-returning function embed, spread and aggregate like the table's.
create function pgrst_select.films_since(since int) returns setof pgrst_select.films
  language sql stable as $$ select * from pgrst_select.films where year >= since $$;
