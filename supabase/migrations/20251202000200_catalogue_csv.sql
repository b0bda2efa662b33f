-- Catalogue CSV import (issue 24, ADR 0037): products with variants, one row per variant, keyed by
-- SKU. The browser reads the file and sends its rows as JSON; this one function both previews
-- (apply = false: what each row would do — create, update which fields, unchanged, or the error)
-- and applies (apply = true: the same checks again, and on any bad row the whole file is refused
-- before anything is written; else every write in this one transaction). Exports need no function:
-- the admin reads products, variants, orders and order lines through their admin policies, paged.
--
-- A row is an object whose keys are the file's columns (a column the file lacks is absent and that
-- field is left as it is): sku, slug, title, category, price (cents), inventory are required;
-- title_de, subtitle, subtitle_de, description, description_de, meta_title, meta_description,
-- status, featured (boolean), tags (array of text), size, color, compare_at_price (cents), barcode
-- are optional; line is the row's line in the file (for the messages). Empty optional text is null.
--
-- Writes are plain INSERT/UPDATE on public.products and public.variants, so every trigger runs (the
-- listing figures, price history, the audit trail, back-in-stock); the audit trail reads
-- npng.audit_context and records these writes as an import.

create function public.import_products(items jsonb, apply boolean default false) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  bad integer;
  first_error jsonb;
  created integer := 0;
  updated integer := 0;
  report jsonb;
begin
  if coalesce(auth.role(), '') <> 'service_role' and not public.is_admin() then
    raise exception 'Only admins can import products' using errcode = '42501';
  end if;
  if items is null or jsonb_typeof(items) <> 'array' then
    raise exception 'items must be an array of row objects' using errcode = '22023';
  end if;
  if jsonb_array_length(items) = 0 then
    raise exception 'The file has no rows' using errcode = '22023';
  end if;
  if jsonb_array_length(items) > 5000 then
    raise exception 'At most 5000 rows per import, got %', jsonb_array_length(items) using errcode = '22023';
  end if;

  drop table if exists pg_temp.import_rows;
  create temp table import_rows on commit drop as
  select e.ordinality::integer as n,
         e.value as item,
         case when jsonb_typeof(e.value -> 'line') = 'number' then (e.value ->> 'line')::numeric::integer else e.ordinality::integer + 1 end as line,
         null::text as error,
         null::uuid as variant_id,
         null::uuid as product_id,
         null::boolean as archived,
         '{}'::text[] as fields,
         null::text as action
  from jsonb_array_elements(items) with ordinality as e;

  -- Shapes: objects, text where text belongs, whole numbers where numbers belong.
  update pg_temp.import_rows r
  set error = case
    when jsonb_typeof(r.item) <> 'object' then 'not_an_object'
    else (
      select coalesce(
        (select 'missing:' || k from unnest(array['sku', 'slug', 'title', 'category', 'price', 'inventory']) k where not r.item ? k limit 1),
        (select 'unknown_column:' || k from jsonb_object_keys(r.item) k
          where k not in ('line', 'sku', 'slug', 'title', 'title_de', 'subtitle', 'subtitle_de', 'description', 'description_de', 'meta_title', 'meta_description',
                          'category', 'status', 'featured', 'tags', 'size', 'color', 'price', 'compare_at_price', 'inventory', 'barcode') limit 1),
        (select 'not_text:' || k from unnest(array['sku', 'slug', 'title', 'title_de', 'subtitle', 'subtitle_de', 'description', 'description_de', 'meta_title', 'meta_description',
                                                     'category', 'status', 'size', 'color', 'barcode']) k
          where r.item ? k and jsonb_typeof(r.item -> k) not in ('string', 'null') limit 1),
        (select 'not_a_number:' || k from unnest(array['price', 'compare_at_price', 'inventory']) k
          where r.item ? k and jsonb_typeof(r.item -> k) <> 'null'
            and (jsonb_typeof(r.item -> k) <> 'number' or (r.item ->> k)::numeric <> trunc((r.item ->> k)::numeric) or abs((r.item ->> k)::numeric) > 2000000000) limit 1),
        case when r.item ? 'featured' and jsonb_typeof(r.item -> 'featured') <> 'boolean' then 'not_a_boolean:featured' end,
        case when r.item ? 'tags' and (jsonb_typeof(r.item -> 'tags') <> 'array'
          or exists (select 1 from jsonb_array_elements(r.item -> 'tags') t where jsonb_typeof(t) <> 'string')) then 'not_text:tags' end
      )
    )
  end;

  -- Values: the database's own limits, said per row before any write.
  update pg_temp.import_rows r
  set error = coalesce(
    case when char_length(btrim(coalesce(r.item ->> 'sku', ''))) not between 1 and 64 then 'invalid:sku' end,
    case when coalesce(r.item ->> 'slug', '') !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(r.item ->> 'slug') > 200 then 'invalid:slug' end,
    case when char_length(btrim(coalesce(r.item ->> 'title', ''))) not between 1 and 200 then 'invalid:title' end,
    case when coalesce(r.item ->> 'category', '') not in ('clothing', 'accessories', 'equipment', 'supplements') then 'invalid:category' end,
    case when r.item ? 'status' and coalesce(r.item ->> 'status', '') not in ('draft', 'published', 'archived') then 'invalid:status' end,
    case when jsonb_typeof(r.item -> 'price') <> 'number' or (r.item ->> 'price')::numeric not between 1 and 100000000 then 'invalid:price' end,
    case when jsonb_typeof(r.item -> 'compare_at_price') = 'number' and (r.item ->> 'compare_at_price')::numeric not between 0 and 100000000 then 'invalid:compare_at_price' end,
    case when jsonb_typeof(r.item -> 'inventory') <> 'number' or (r.item ->> 'inventory')::numeric not between 0 and 1000000 then 'invalid:inventory' end,
    case when char_length(r.item ->> 'title_de') > 200 then 'too_long:title_de' end,
    case when char_length(r.item ->> 'subtitle') > 200 then 'too_long:subtitle' end,
    case when char_length(r.item ->> 'subtitle_de') > 200 then 'too_long:subtitle_de' end,
    case when char_length(r.item ->> 'description') > 10000 then 'too_long:description' end,
    case when char_length(r.item ->> 'description_de') > 10000 then 'too_long:description_de' end,
    case when char_length(r.item ->> 'meta_title') > 60 then 'too_long:meta_title' end,
    case when char_length(r.item ->> 'meta_description') > 160 then 'too_long:meta_description' end,
    case when char_length(r.item ->> 'size') > 20 then 'too_long:size' end,
    case when char_length(r.item ->> 'color') > 40 then 'too_long:color' end,
    case when char_length(r.item ->> 'barcode') > 64 then 'too_long:barcode' end,
    case when r.item ? 'tags' and (jsonb_array_length(r.item -> 'tags') > 30
      or exists (select 1 from jsonb_array_elements_text(r.item -> 'tags') t where char_length(btrim(t)) not between 1 and 50)) then 'invalid:tags' end
  )
  where r.error is null;

  -- A SKU twice in one file: the later rows are errors (which one should win is not ours to guess).
  update pg_temp.import_rows r
  set error = 'duplicate_sku:' || d.first_line
  from (
    select n, first_value(line) over (partition by item ->> 'sku' order by n) as first_line, row_number() over (partition by item ->> 'sku' order by n) as k
    from pg_temp.import_rows
    where error is null
  ) d
  where d.n = r.n and d.k > 1;

  -- One product, one set of product fields: a row of a slug whose product fields differ from the first row of that slug.
  update pg_temp.import_rows r
  set error = 'product_differs:' || f.line
  from (select n, first_value(n) over (partition by item ->> 'slug' order by n) as first_n from pg_temp.import_rows where error is null) w
  join pg_temp.import_rows f on f.n = w.first_n
  where r.n = w.n
    and w.first_n <> r.n
    and exists (
      select 1 from unnest(array['title', 'title_de', 'subtitle', 'subtitle_de', 'description', 'description_de', 'meta_title', 'meta_description', 'category', 'status', 'featured', 'tags']) k
      where (r.item ? k or f.item ? k) and nullif(r.item -> k, '""'::jsonb) is distinct from nullif(f.item -> k, '""'::jsonb)
    );

  -- The catalogue as it is: the variant of each SKU and the product of each slug.
  update pg_temp.import_rows r
  set variant_id = v.id, archived = v.archived_at is not null,
      product_id = v.product_id,
      error = case when p.slug <> r.item ->> 'slug' then 'sku_of_other_product:' || p.slug end
  from public.variants v
  join public.products p on p.id = v.product_id
  where r.error is null and v.sku = r.item ->> 'sku';

  update pg_temp.import_rows r
  set product_id = p.id
  from public.products p
  where r.error is null and r.product_id is null and p.slug = r.item ->> 'slug';

  -- What each good row changes: the fields the file has that differ from the catalogue (the
  -- product's fields for a row of an existing product, the variant's for an existing SKU).
  update pg_temp.import_rows r
  set fields = array(
    select c.k from (
      select k,
        case when k in ('size', 'color', 'price', 'compare_at_price', 'inventory', 'barcode') then to_jsonb(v) -> k else to_jsonb(p) -> k end as current,
        case
          when k = 'tags' then coalesce(r.item -> 'tags', '[]'::jsonb)
          when jsonb_typeof(r.item -> k) = 'string' and r.item ->> k = '' then 'null'::jsonb
          else coalesce(r.item -> k, 'null'::jsonb) end as given
      from unnest(array['title', 'title_de', 'subtitle', 'subtitle_de', 'description', 'description_de', 'meta_title', 'meta_description', 'category', 'status',
                        'featured', 'tags', 'size', 'color', 'price', 'compare_at_price', 'inventory', 'barcode']) k
      where r.item ? k
        and (v.id is not null or k not in ('size', 'color', 'price', 'compare_at_price', 'inventory', 'barcode'))
        and not (k = 'status' and coalesce(r.item ->> 'status', '') = '')
    ) c
    where c.current is distinct from c.given
  ) || case when r.archived then array['archived'] else '{}'::text[] end
  from public.products p
  left join public.variants v on false
  where r.error is null and p.id = r.product_id and r.variant_id is null;

  update pg_temp.import_rows r
  set fields = array(
    select c.k from (
      select k,
        case when k in ('size', 'color', 'price', 'compare_at_price', 'inventory', 'barcode') then to_jsonb(v) -> k else to_jsonb(p) -> k end as current,
        case
          when k = 'tags' then coalesce(r.item -> 'tags', '[]'::jsonb)
          when jsonb_typeof(r.item -> k) = 'string' and r.item ->> k = '' then 'null'::jsonb
          else coalesce(r.item -> k, 'null'::jsonb) end as given
      from unnest(array['title', 'title_de', 'subtitle', 'subtitle_de', 'description', 'description_de', 'meta_title', 'meta_description', 'category', 'status',
                        'featured', 'tags', 'size', 'color', 'price', 'compare_at_price', 'inventory', 'barcode']) k
      where r.item ? k
        and not (k = 'status' and coalesce(r.item ->> 'status', '') = '')
    ) c
    where c.current is distinct from c.given
  ) || case when r.archived then array['archived'] else '{}'::text[] end
  from public.variants v
  join public.products p on p.id = v.product_id
  where r.error is null and v.id = r.variant_id;

  update pg_temp.import_rows r
  set action = case when r.error is not null then 'error' when r.variant_id is null then 'create' when cardinality(r.fields) > 0 then 'update' else 'unchanged' end;

  select count(*) filter (where action = 'error'), count(*) filter (where action = 'create'), count(*) filter (where action = 'update')
  into bad, created, updated
  from pg_temp.import_rows;

  report := jsonb_build_object(
    'applied', false,
    'counts', (select jsonb_build_object(
      'create', count(*) filter (where action = 'create'), 'update', count(*) filter (where action = 'update'),
      'unchanged', count(*) filter (where action = 'unchanged'), 'error', count(*) filter (where action = 'error')) from pg_temp.import_rows),
    'rows', (select jsonb_agg(jsonb_build_object('line', line, 'sku', item ->> 'sku', 'action', action, 'fields', to_jsonb(fields), 'error', error) order by n) from pg_temp.import_rows)
  );

  if not apply then
    return report;
  end if;

  if bad > 0 then
    select jsonb_build_object('line', line, 'sku', item ->> 'sku', 'error', error) into first_error from pg_temp.import_rows where action = 'error' order by n limit 1;
    raise exception 'The file has % bad rows; nothing was imported', bad using errcode = '22023', detail = first_error::text;
  end if;

  perform set_config('npng.audit_context', 'import', true);

  -- New products: from the first row of each new slug.
  insert into public.products (slug, title, title_de, subtitle, subtitle_de, description, description_de, meta_title, meta_description, category, status, featured, tags)
  select distinct on (r.item ->> 'slug') r.item ->> 'slug', r.item ->> 'title', nullif(r.item ->> 'title_de', ''), nullif(r.item ->> 'subtitle', ''), nullif(r.item ->> 'subtitle_de', ''),
         nullif(r.item ->> 'description', ''), nullif(r.item ->> 'description_de', ''), nullif(r.item ->> 'meta_title', ''), nullif(r.item ->> 'meta_description', ''),
         r.item ->> 'category', coalesce(nullif(r.item ->> 'status', ''), 'draft'), coalesce((r.item ->> 'featured')::boolean, false),
         coalesce(array(select jsonb_array_elements_text(r.item -> 'tags')), '{}')
  from pg_temp.import_rows r
  where r.product_id is null
  order by r.item ->> 'slug', r.n;

  update pg_temp.import_rows r set product_id = p.id from public.products p where r.product_id is null and p.slug = r.item ->> 'slug';

  -- Existing products whose fields the file changes: one update each, only the columns the file has.
  update public.products p
  set title = case when r.item ? 'title' then r.item ->> 'title' else p.title end,
      title_de = case when r.item ? 'title_de' then nullif(r.item ->> 'title_de', '') else p.title_de end,
      subtitle = case when r.item ? 'subtitle' then nullif(r.item ->> 'subtitle', '') else p.subtitle end,
      subtitle_de = case when r.item ? 'subtitle_de' then nullif(r.item ->> 'subtitle_de', '') else p.subtitle_de end,
      description = case when r.item ? 'description' then nullif(r.item ->> 'description', '') else p.description end,
      description_de = case when r.item ? 'description_de' then nullif(r.item ->> 'description_de', '') else p.description_de end,
      meta_title = case when r.item ? 'meta_title' then nullif(r.item ->> 'meta_title', '') else p.meta_title end,
      meta_description = case when r.item ? 'meta_description' then nullif(r.item ->> 'meta_description', '') else p.meta_description end,
      category = case when r.item ? 'category' then r.item ->> 'category' else p.category end,
      status = case when r.item ? 'status' and coalesce(r.item ->> 'status', '') <> '' then r.item ->> 'status' else p.status end,
      featured = case when r.item ? 'featured' then (r.item ->> 'featured')::boolean else p.featured end,
      tags = case when r.item ? 'tags' then array(select jsonb_array_elements_text(r.item -> 'tags')) else p.tags end
  from (select distinct on (x.product_id) x.* from pg_temp.import_rows x where x.product_id is not null order by x.product_id, x.n) r
  where p.id = r.product_id
    and r.fields && array['title', 'title_de', 'subtitle', 'subtitle_de', 'description', 'description_de', 'meta_title', 'meta_description', 'category', 'status', 'featured', 'tags'];

  insert into public.variants (product_id, sku, size, color, price, compare_at_price, inventory, barcode)
  select r.product_id, r.item ->> 'sku', nullif(r.item ->> 'size', ''), nullif(r.item ->> 'color', ''), (r.item ->> 'price')::integer,
         (r.item ->> 'compare_at_price')::integer, (r.item ->> 'inventory')::integer, nullif(r.item ->> 'barcode', '')
  from pg_temp.import_rows r
  where r.variant_id is null
  order by r.n;

  update public.variants v
  set size = case when r.item ? 'size' then nullif(r.item ->> 'size', '') else v.size end,
      color = case when r.item ? 'color' then nullif(r.item ->> 'color', '') else v.color end,
      price = (r.item ->> 'price')::integer,
      compare_at_price = case when r.item ? 'compare_at_price' then (r.item ->> 'compare_at_price')::integer else v.compare_at_price end,
      inventory = (r.item ->> 'inventory')::integer,
      barcode = case when r.item ? 'barcode' then nullif(r.item ->> 'barcode', '') else v.barcode end,
      archived_at = null
  from pg_temp.import_rows r
  where v.id = r.variant_id
    and r.fields && array['size', 'color', 'price', 'compare_at_price', 'inventory', 'barcode', 'archived'];

  return report || jsonb_build_object('applied', true);
end;
$$;

revoke all on function public.import_products(jsonb, boolean) from public, anon;
grant execute on function public.import_products(jsonb, boolean) to authenticated, service_role;
