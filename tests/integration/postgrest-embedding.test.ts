/**
 * PostgREST conformance — resource embedding (fixture: schemas/pgrst_embed.sql). Which relationship
 * an embed names (table or view, foreign key column, constraint, `!hint`, computed relationship),
 * self references, one-to-one, many-to-many through junctions, PGRST200/PGRST201 bodies, and
 * computed fields — as PostgREST 12–14 resolves them (docs "Resource Embedding", "Computed
 * Fields"; src/PostgREST/Plan.hs findRel, SchemaCache.hs, Error.hs).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { schemaClient, sql } from './support.ts';

const db = () => schemaClient('pgrst_embed');

describe('embed targets: table, foreign key column, constraint, hint', () => {
  it('names a many-to-one by its foreign key column, answering an object or null', async () => {
    const { data, error } = await db().from('orders').select('id,billing_address_id(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, billing_address_id: { name: 'Home' } },
      { id: 2, billing_address_id: { name: 'Office' } },
      { id: 3, billing_address_id: null },
    ]);
  });

  it('names a many-to-one by its constraint', async () => {
    const { data, error } = await db().from('orders').select('id,shipping(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, shipping: { name: 'Office' } },
      { id: 2, shipping: { name: 'Office' } },
      { id: 3, shipping: { name: 'Depot' } },
    ]);
  });

  it('a table reached by two foreign keys is ambiguous: 300 PGRST201 with every candidate', async () => {
    const { data, error, status } = await db().from('orders').select('*,addresses(*)');
    expect(data).toBeNull();
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'orders' and 'addresses'",
      details: [
        { cardinality: 'many-to-one', embedding: 'orders with addresses', relationship: 'billing using orders(billing_address_id) and addresses(id)' },
        { cardinality: 'many-to-one', embedding: 'orders with addresses', relationship: 'shipping using orders(shipping_address_id) and addresses(id)' },
      ],
      hint: "Try changing 'addresses' to one of the following: 'addresses!billing', 'addresses!shipping'. Find the desired relationship in the 'details' key.",
    });
  });

  it('!hint picks one by constraint or by the foreign key column', async () => {
    const { data, error } = await db().from('orders').select('name,billing:addresses!billing(name),shipping:addresses!shipping_address_id(name)').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Water filter', billing: { name: 'Home' }, shipping: { name: 'Office' } }]);
  });

  it('the one-to-many side is named by the table with the constraint as hint', async () => {
    const { data, error } = await db()
      .from('addresses')
      .select('name,billed:orders!billing(name),shipped:orders!shipping(name)')
      .eq('id', 2)
      .order('id', { referencedTable: 'shipped' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Office', billed: [{ name: 'Coffee machine' }], shipped: [{ name: 'Water filter' }, { name: 'Coffee machine' }] }]);
  });

  it('a view is reached by its name (with a hint), never by a column or constraint name', async () => {
    const viaView = await db().from('orders').select('id,address_labels!billing(label)').eq('id', 1);
    expect(viaView.error).toBeNull();
    expect(viaView.data).toEqual([{ id: 1, address_labels: { label: 'HOME' } }]);
    // `billing_address_id` would also name the view's relationship; PostgREST only lets it name the table's.
    const byColumn = await db().from('orders').select('id,billing_address_id(*)').eq('id', 1);
    expect(byColumn.error).toBeNull();
    expect(byColumn.data).toEqual([{ id: 1, billing_address_id: { id: 1, name: 'Home' } }]);
  });

  it('a view showing a foreign key column twice has a relationship per column: ambiguous by table, one by column', async () => {
    const { error, status } = await db().from('order_bills').select('id,addresses(name)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'order_bills' and 'addresses'",
      details: [
        { cardinality: 'many-to-one', embedding: 'order_bills with addresses', relationship: 'billing using order_bills(billed_to) and addresses(id)' },
        { cardinality: 'many-to-one', embedding: 'order_bills with addresses', relationship: 'billing using order_bills(billed_to_again) and addresses(id)' },
      ],
      hint: "Try changing 'addresses' to one of the following: 'addresses!billing', 'addresses!billing'. Find the desired relationship in the 'details' key.",
    });
    const { data, error: byColumn } = await db().from('order_bills').select('id,addresses!billed_to_again(name),billed_to(name)').eq('id', 2);
    expect(byColumn).toBeNull();
    expect(data).toEqual([{ id: 2, addresses: { name: 'Office' }, billed_to: { name: 'Office' } }]);
  });

  it('an unknown hint is 400 PGRST200 naming the hint; no suggestion when the target exists', async () => {
    const { error, status } = await db().from('orders').select('id,addresses!space(name)');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'orders' and 'addresses' in the schema cache",
      details: "Searched for a foreign key relationship between 'orders' and 'addresses' using the hint 'space' in the schema 'pgrst_embed', but no matches were found.",
      hint: null,
    });
  });

  it('a misspelt target gets PostgREST\'s "Perhaps you meant" hint', async () => {
    const { error, status } = await db().from('orders').select('id,adresses(name)');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'orders' and 'adresses' in the schema cache",
      details: "Searched for a foreign key relationship between 'orders' and 'adresses' in the schema 'pgrst_embed', but no matches were found.",
      hint: "Perhaps you meant 'addresses' instead of 'adresses'.",
    });
  });

  it('a source without relationships gets a suggestion for the source instead', async () => {
    const { error, status } = await db().from('people_view').select('id,pets(name)');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'people_view' and 'pets' in the schema cache",
      details: "Searched for a foreign key relationship between 'people_view' and 'pets' in the schema 'pgrst_embed', but no matches were found.",
      hint: "Perhaps you meant 'people' instead of 'people_view'.",
    });
  });
});

describe('self-referencing tables', () => {
  it('the referencing column names the parent (many-to-one)', async () => {
    const { data, error } = await db().from('employees').select('name,supervisor:supervisor_id(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Taylor', supervisor: null },
      { name: 'Johnson', supervisor: { name: 'Taylor' } },
      { name: 'Miller', supervisor: { name: 'Taylor' } },
      { name: 'Davis', supervisor: { name: 'Johnson' } },
    ]);
  });

  it('the table name names the children (one-to-many), as does a hint naming the referencing column', async () => {
    const plain = await db().from('employees').select('name,employees(name)').eq('id', 1).order('id', { referencedTable: 'employees' });
    expect(plain.error).toBeNull();
    expect(plain.data).toEqual([{ name: 'Taylor', employees: [{ name: 'Johnson' }, { name: 'Miller' }] }]);
    const hinted = await db().from('employees').select('name,reports:employees!supervisor_id(name)').eq('id', 2);
    expect(hinted.error).toBeNull();
    expect(hinted.data).toEqual([{ name: 'Johnson', reports: [{ name: 'Davis' }] }]);
  });

  it('parents nest recursively', async () => {
    const { data, error } = await db().from('employees').select('name,supervisor_id(name,supervisor_id(name))').eq('id', 4);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Davis', supervisor_id: { name: 'Johnson', supervisor_id: { name: 'Taylor' } } }]);
  });

  it('two self references: each column names its parent; the table name is ambiguous (PGRST201)', async () => {
    const parents = await db().from('organizations').select('name,referee(name),auditor(name)').eq('id', 3);
    expect(parents.error).toBeNull();
    expect(parents.data).toEqual([{ name: 'Acme', referee: { name: 'Referee Org' }, auditor: { name: 'Auditor Org' } }]);
    const { error, status } = await db().from('organizations').select('name,organizations(name)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'organizations' and 'organizations'",
      details: [
        {
          cardinality: 'one-to-many',
          embedding: 'organizations with organizations',
          relationship: 'organizations_auditor_fkey using organizations(id) and organizations(auditor)',
        },
        {
          cardinality: 'one-to-many',
          embedding: 'organizations with organizations',
          relationship: 'organizations_referee_fkey using organizations(id) and organizations(referee)',
        },
      ],
      hint: "Try changing 'organizations' to one of the following: 'organizations!organizations_auditor_fkey', 'organizations!organizations_referee_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it('children of one self reference by a hint naming its column', async () => {
    const { data, error } = await db().from('organizations').select('name,refereeds:organizations!referee(name)').eq('id', 1).order('id', { referencedTable: 'refereeds' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Referee Org', refereeds: [{ name: 'Acme' }, { name: 'Umbrella' }] }]);
  });
});

describe('one-to-one', () => {
  it('a foreign key that is the primary key or unique embeds as an object or null from the referenced side', async () => {
    const { data, error } = await db().from('users').select('username,profiles(bio),settings(theme)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'ann', profiles: { bio: 'Ann writes' }, settings: null },
      { username: 'bob', profiles: null, settings: { theme: 'dark' } },
    ]);
  });

  it('and as an object from the referencing side', async () => {
    const { data, error } = await db().from('settings').select('theme,users(username)');
    expect(error).toBeNull();
    expect(data).toEqual([{ theme: 'dark', users: { username: 'bob' } }]);
  });

  it('two unique foreign keys are ambiguous with cardinality one-to-one', async () => {
    const { error, status } = await db().from('users').select('accounts(id)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'users' and 'accounts'",
      details: [
        { cardinality: 'one-to-one', embedding: 'users with accounts', relationship: 'accounts_backup_owner_id_fkey using users(id) and accounts(backup_owner_id)' },
        { cardinality: 'one-to-one', embedding: 'users with accounts', relationship: 'accounts_owner_id_fkey using users(id) and accounts(owner_id)' },
      ],
      hint: "Try changing 'accounts' to one of the following: 'accounts!accounts_backup_owner_id_fkey', 'accounts!accounts_owner_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });
});

describe('many-to-many through a junction table', () => {
  it('embeds the far side as an array, ordered by the embed', async () => {
    const { data, error } = await db().from('films').select('title,actors(name)').order('id').order('name', { referencedTable: 'actors' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'The Lighthouse', actors: [{ name: 'Robert Pattinson' }, { name: 'Willem Dafoe' }] },
      { title: 'Paterson', actors: [{ name: 'Adam Driver' }] },
      { title: 'Silence', actors: [{ name: 'Adam Driver' }] },
    ]);
  });

  it('works from the other side, with a limit on the embed', async () => {
    const { data, error } = await db().from('actors').select('name,films(title)').eq('id', 3).order('id', { referencedTable: 'films' }).limit(1, { referencedTable: 'films' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Adam Driver', films: [{ title: 'Paterson' }] }]);
  });

  it('filters on the far side, and !inner keeps only rows that have a match', async () => {
    const filtered = await db().from('films').select('title,actors(name)').eq('actors.name', 'Willem Dafoe').order('id');
    expect(filtered.error).toBeNull();
    expect(filtered.data).toEqual([
      { title: 'The Lighthouse', actors: [{ name: 'Willem Dafoe' }] },
      { title: 'Paterson', actors: [] },
      { title: 'Silence', actors: [] },
    ]);
    const inner = await db().from('films').select('title,actors!inner(name)').eq('actors.name', 'Willem Dafoe');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([{ title: 'The Lighthouse', actors: [{ name: 'Willem Dafoe' }] }]);
  });

  it('two junctions between the same tables are ambiguous: PGRST201 lists the many-to-many candidates', async () => {
    const { error, status } = await db().from('sites').select('name,projects(name)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'sites' and 'projects'",
      details: [
        { cardinality: 'many-to-many', embedding: 'sites with projects', relationship: 'jobs using jobs_site_id_fkey(site_id) and jobs_project_id_fkey(project_id)' },
        {
          cardinality: 'many-to-many',
          embedding: 'sites with projects',
          relationship: 'main_jobs using main_jobs_site_id_fkey(site_id) and main_jobs_project_id_fkey(project_id)',
        },
      ],
      hint: "Try changing 'projects' to one of the following: 'projects!jobs', 'projects!main_jobs'. Find the desired relationship in the 'details' key.",
    });
  });

  it('the junction as hint picks one', async () => {
    const { data, error } = await db().from('sites').select('name,projects!jobs(name),main:projects!main_jobs(name)').order('id').order('id', { referencedTable: 'projects' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'North', projects: [{ name: 'Bridge' }], main: [{ name: 'Bridge' }] },
      { name: 'South', projects: [{ name: 'Bridge' }, { name: 'Tunnel' }], main: [] },
    ]);
  });

  it('a junction in a schema that is not exposed works through an exposed view of it, not otherwise', async () => {
    const { data, error } = await db().from('screens').select('name,labels(name)').order('id').order('id', { referencedTable: 'labels' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Lobby', labels: [{ name: 'fruit' }] },
      { name: 'Hall', labels: [{ name: 'fruit' }, { name: 'vehicles' }] },
    ]);
    const hidden = await db().from('screens').select('name,tracks(name)');
    expect(hidden.status).toBe(400);
    expect(hidden.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'screens' and 'tracks' in the schema cache",
      details: "Searched for a foreign key relationship between 'screens' and 'tracks' in the schema 'pgrst_embed', but no matches were found.",
    });
  });

  it('the junction itself stays embeddable as a one-to-many', async () => {
    const { data, error } = await db().from('films').select('title,roles(character)').eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Paterson', roles: [{ character: 'Paterson' }] }]);
  });
});

describe('computed fields', () => {
  afterEach(async () => {
    await sql('delete from pgrst_embed.people where id > 3');
  });

  it('are selectable like columns, and not part of *', async () => {
    const { data, error } = await db().from('people').select('id,full_name,len:name_length').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, full_name: 'Samuel Beckett', len: 13 },
      { id: 2, full_name: 'Ada Lovelace', len: 11 },
      { id: 3, full_name: 'Alan Turing', len: 10 },
    ]);
    const star = await db().from('people').select('*').eq('id', 1);
    expect(star.data).toEqual([{ id: 1, first_name: 'Samuel', last_name: 'Beckett' }]);
  });

  it('are filterable, also inside or(), and full-text searchable', async () => {
    const eq = await db().from('people').select('id').eq('full_name', 'Ada Lovelace');
    expect(eq.data).toEqual([{ id: 2 }]);
    const or = await db().from('people').select('id').or('full_name.eq.Alan Turing,name_length.gt.12').order('id');
    expect(or.error).toBeNull();
    expect(or.data).toEqual([{ id: 1 }, { id: 3 }]);
    const fts = await db().from('people').select('id').textSearch('full_name', 'beckett');
    expect(fts.data).toEqual([{ id: 1 }]);
  });

  it('are orderable', async () => {
    const { data, error } = await db().from('people').select('first_name').order('name_length').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ first_name: 'Alan' }, { first_name: 'Ada' }, { first_name: 'Samuel' }]);
  });

  it('work on views with a function of the view', async () => {
    const { data, error } = await db().from('people_view').select('id,shout').eq('shout', 'ADA');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, shout: 'ADA' }]);
  });

  it("a function of another relation is not a field of this one: PostgreSQL's 42703", async () => {
    const { error, status } = await db().from('people_view').select('id,full_name');
    expect(status).toBe(400);
    expect(error).toEqual({ code: '42703', message: 'column people_view.full_name does not exist', details: null, hint: null });
  });

  it('a JSON path on a field of another type reads it through to_jsonb: a missing key is null, not an error', async () => {
    const { data, error } = await db().from('people').select('id,full_name->>x,y:first_name->a').eq('id', 1).is('last_name->>x', null);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, x: null, y: null }]);
  });

  it('are returned by return=representation', async () => {
    const { data, error } = await db().from('people').insert({ id: 9, first_name: 'Grace', last_name: 'Hopper' }).select('id,full_name');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 9, full_name: 'Grace Hopper' }]);
  });
});

describe('computed relationships', () => {
  it('a set-returning function of the row embeds as an array (to-many)', async () => {
    const { data, error } = await db().from('people').select('first_name,pets(name)').order('id').order('id', { referencedTable: 'pets' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { first_name: 'Samuel', pets: [{ name: 'Rex' }, { name: 'Tom' }] },
      { first_name: 'Ada', pets: [{ name: 'Kit' }] },
      { first_name: 'Alan', pets: [] },
    ]);
  });

  it('`rows 1` makes it to-one: an object', async () => {
    const { data, error } = await db().from('pets').select('name,owner(first_name,full_name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Rex', owner: { first_name: 'Samuel', full_name: 'Samuel Beckett' } },
      { name: 'Tom', owner: { first_name: 'Samuel', full_name: 'Samuel Beckett' } },
      { name: 'Kit', owner: { first_name: 'Ada', full_name: 'Ada Lovelace' } },
    ]);
  });

  it('take filters, order, limit and !inner like any embed', async () => {
    const limited = await db()
      .from('people')
      .select('first_name,pets(name)')
      .eq('id', 1)
      .order('name', { referencedTable: 'pets', ascending: false })
      .limit(1, { referencedTable: 'pets' });
    expect(limited.data).toEqual([{ first_name: 'Samuel', pets: [{ name: 'Tom' }] }]);
    const inner = await db().from('people').select('first_name,pets!inner(name)').eq('pets.name', 'Kit');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([{ first_name: 'Ada', pets: [{ name: 'Kit' }] }]);
  });

  it("disambiguate a self reference as PostgREST's docs recommend", async () => {
    const { data, error } = await db().from('employees').select('name,supervisor(name),supervisees(name)').eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Johnson', supervisor: { name: 'Taylor' }, supervisees: [{ name: 'Davis' }] }]);
  });

  it('one named like a table overrides the ambiguous foreign keys to it', async () => {
    const { data, error } = await db().from('matches').select('id,teams(name)');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, teams: [{ name: 'Lions' }, { name: 'Tigers' }] }]);
  });
});
