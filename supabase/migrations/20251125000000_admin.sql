-- What the admin (issue 11) needs of the database: variants that can be retired without losing
-- order history, one-call saves of a product's variants and images, a paged product list for
-- 10,000 products, order status moves an admin may make (and stock put back on a cancel).

-- ── Archived variants ────────────────────────────────────────────────────────────────────────
-- A variant that has been ordered is never deleted: order_items.variant_id is `on delete set
-- null`, so a delete would cut the order line from its variant. Removing it from a product
-- archives it instead (archived_at set); shoppers no longer see or buy it, admins still read it.
alter table public.variants add column archived_at timestamptz;

drop policy "variants of published products are public" on public.variants;
create policy "variants of published products are public" on public.variants
  for select to anon, authenticated
  using (archived_at is null and exists (select 1 from public.products p where p.id = product_id and p.status = 'published'));

-- The admin list searches SKUs and shows the number of variants: like the listing figures, both
-- are kept on the product row (an `ilike` on a trigram-indexed column instead of a subquery per
-- product), written only by refresh_variant_stats. The API roles' column grants on products are
-- explicit lists, so they cannot write these.
alter table public.products
  add column variant_count integer not null default 0,
  add column skus text not null default '';

-- Active variants only: an archived variant's price, size, colour and stock are not for sale.
create or replace function private.refresh_variant_stats(product_ids uuid[]) returns void
language sql
security definer
set search_path = ''
as $$
  update public.products p
  set min_price = s.min_price,
      max_price = s.max_price,
      sizes = s.sizes,
      colors = s.colors,
      total_inventory = s.total_inventory,
      in_stock = s.total_inventory > 0,
      variant_count = s.variant_count,
      skus = s.skus
  from (
    select ids.product_id,
           min(v.price) as min_price,
           max(v.price) as max_price,
           coalesce(array_agg(distinct v.size order by v.size) filter (where v.size is not null), '{}') as sizes,
           coalesce(array_agg(distinct v.color order by v.color) filter (where v.color is not null), '{}') as colors,
           coalesce(sum(v.inventory), 0) as total_inventory,
           count(v.id)::integer as variant_count,
           coalesce(string_agg(v.sku, ' ' order by v.sku), '') as skus
    from unnest(product_ids) as ids (product_id)
    left join public.variants v on v.product_id = ids.product_id and v.archived_at is null
    group by ids.product_id
  ) s
  where p.id = s.product_id
    and (p.min_price, p.max_price, p.sizes, p.colors, p.total_inventory, p.variant_count, p.skus)
        is distinct from (s.min_price, s.max_price, s.sizes, s.colors, s.total_inventory, s.variant_count, s.skus)
$$;
revoke all on function private.refresh_variant_stats(uuid[]) from public, anon, authenticated;

-- The new columns of every existing product.
select private.refresh_variant_stats(array(select p.id from public.products p));

-- price_cart as in 20251124000000, except that an archived variant is refused exactly like an
-- unknown one (hint `unavailable`): a cart saved before the variant was retired cannot buy it.
create or replace function public.price_cart(items jsonb, shipping_region text default 'DE') returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  region_code text := upper(coalesce(nullif(btrim(shipping_region), ''), 'DE'));
  region_rate integer;
  region_free_from integer;
  item jsonb;
  line_number integer := 0;
  requested_qty numeric;
  variant_ids uuid[] := '{}';
  quantities integer[] := '{}';
  merged_at integer;
  known_regions text;
  line record;
  cart_currency text;
  lines jsonb := '[]';
  subtotal integer := 0;
  shipping integer;
begin
  select r.standard_rate, r.free_from into region_rate, region_free_from
  from public.shipping_regions r
  where r.code = region_code;
  if not found then
    select string_agg(r.code, ', ' order by r.position) into known_regions from public.shipping_regions r;
    raise exception 'unknown shipping region %: use %', shipping_region, known_regions;
  end if;

  if items is null or jsonb_typeof(items) <> 'array' then
    raise exception 'items must be an array of {"variantId", "qty"} lines';
  end if;
  if jsonb_array_length(items) = 0 then
    raise exception 'the cart is empty';
  end if;
  if jsonb_array_length(items) > 50 then
    raise exception 'a cart holds at most 50 lines, got %', jsonb_array_length(items);
  end if;

  for item in select value from jsonb_array_elements(items) loop
    line_number := line_number + 1;
    if jsonb_typeof(item) <> 'object' then
      raise exception 'line %: expected an object with variantId and qty', line_number;
    end if;
    if jsonb_typeof(item -> 'variantId') is distinct from 'string'
       or item ->> 'variantId' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'line %: variantId must be a UUID', line_number;
    end if;
    if jsonb_typeof(item -> 'qty') is distinct from 'number' then
      raise exception 'line %: qty must be a whole number from 1 to 99', line_number;
    end if;
    requested_qty := (item ->> 'qty')::numeric;
    if requested_qty <> trunc(requested_qty) or requested_qty < 1 or requested_qty > 99 then
      raise exception 'line %: qty must be a whole number from 1 to 99', line_number;
    end if;

    merged_at := array_position(variant_ids, (item ->> 'variantId')::uuid);
    if merged_at is null then
      variant_ids := variant_ids || (item ->> 'variantId')::uuid;
      quantities := quantities || requested_qty::integer;
    else
      quantities[merged_at] := quantities[merged_at] + requested_qty::integer;
      if quantities[merged_at] > 99 then
        raise exception 'variant %: qty must be at most 99 in total', item ->> 'variantId';
      end if;
    end if;
  end loop;

  for line in
    select c.variant_id, c.qty, v.id as found_id, v.product_id, p.title, v.sku, v.size, v.color, v.price,
           v.inventory, p.currency, p.status,
           (select m.url from public.media m where m.product_id = p.id
            order by m.is_primary desc, m.sort_order, m.created_at limit 1) as image
    from unnest(variant_ids, quantities) with ordinality as c (variant_id, qty, position)
    left join public.variants v on v.id = c.variant_id and v.archived_at is null
    left join public.products p on p.id = v.product_id
    order by c.position
  loop
    -- Unpublished products and archived variants are reported as missing: they are not for sale.
    if line.found_id is null or line.status <> 'published' then
      raise exception 'variant % not found', line.variant_id
        using hint = 'unavailable',
              detail = jsonb_build_object('variantId', line.variant_id, 'available', 0)::text;
    end if;
    if line.inventory = 0 then
      raise exception 'SKU % is sold out', line.sku
        using hint = 'sold_out',
              detail = jsonb_build_object('variantId', line.variant_id, 'available', 0)::text;
    end if;
    if line.qty > line.inventory then
      raise exception 'only % left of SKU %', line.inventory, line.sku
        using hint = 'insufficient_stock',
              detail = jsonb_build_object('variantId', line.variant_id, 'available', line.inventory)::text;
    end if;
    if cart_currency is null then
      cart_currency := line.currency;
    elsif cart_currency <> line.currency then
      raise exception 'a cart must be in one currency, got % and %', cart_currency, line.currency;
    end if;
    subtotal := subtotal + line.price * line.qty;
    lines := lines || jsonb_build_array(jsonb_build_object(
      'variant_id', line.variant_id,
      'product_id', line.product_id,
      'title', line.title,
      'sku', line.sku,
      'size', line.size,
      'color', line.color,
      'image', line.image,
      'unit_price', line.price,
      'qty', line.qty,
      'line_total', line.price * line.qty
    ));
  end loop;

  shipping := case when subtotal >= region_free_from then 0 else region_rate end;
  return jsonb_build_object(
    'lines', lines,
    'subtotal', subtotal,
    'shipping', shipping,
    'total', subtotal + shipping,
    'currency', cart_currency
  );
end;
$$;

-- ── Reading the save functions' JSON input ───────────────────────────────────────────────────
-- One clear 22023 (a 400) per malformed field instead of a cast error deep in a statement.
-- Executed by the save functions as their (admin) caller, so authenticated may run them; they
-- read no table, and `private` is not exposed through the API.
create function private.input_text(item jsonb, field text, what text) returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if item -> field is null or jsonb_typeof(item -> field) = 'null' then
    return null;
  end if;
  if jsonb_typeof(item -> field) <> 'string' then
    raise exception '%: % must be text', what, field using errcode = '22023';
  end if;
  return item ->> field;
end;
$$;

create function private.input_integer(item jsonb, field text, what text) returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  given numeric;
begin
  if item -> field is null or jsonb_typeof(item -> field) = 'null' then
    return null;
  end if;
  if jsonb_typeof(item -> field) <> 'number' then
    raise exception '%: % must be a whole number', what, field using errcode = '22023';
  end if;
  given := (item ->> field)::numeric;
  if given <> trunc(given) or given < -2147483648 or given > 2147483647 then
    raise exception '%: % must be a whole number', what, field using errcode = '22023';
  end if;
  return given::integer;
end;
$$;

create function private.input_uuid(item jsonb, field text, what text) returns uuid
language plpgsql
immutable
set search_path = ''
as $$
declare
  given text := private.input_text(item, field, what);
begin
  if given is null then
    return null;
  end if;
  if given !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception '%: % must be a UUID', what, field using errcode = '22023';
  end if;
  return given::uuid;
end;
$$;

-- Whether any order line points at the variant, whatever the caller may read of orders: a
-- variant is deleted only when this is false, so no policy on orders may hide a line from it.
create function private.variant_was_ordered(variant_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.order_items oi where oi.variant_id = variant_was_ordered.variant_id)
$$;

revoke all on function private.input_text(jsonb, text, text) from public, anon;
revoke all on function private.input_integer(jsonb, text, text) from public, anon;
revoke all on function private.input_uuid(jsonb, text, text) from public, anon;
revoke all on function private.variant_was_ordered(uuid) from public, anon;
grant execute on function private.input_text(jsonb, text, text) to authenticated, service_role;
grant execute on function private.input_integer(jsonb, text, text) to authenticated, service_role;
grant execute on function private.input_uuid(jsonb, text, text) to authenticated, service_role;
grant execute on function private.variant_was_ordered(uuid) to authenticated, service_role;

-- ── save_product_variants ────────────────────────────────────────────────────────────────────
-- The product form's variants step in one transaction: afterwards the product's active variants
-- are exactly the given rows, returned in the given order. A row with an id updates that variant
-- (it must be one of this product's); a row without one updates the product's variant with the
-- same SKU if there is one (archived too, which brings it back), so repeating a call whose answer
-- was lost changes nothing; the rest are inserted. Active variants not listed are deleted when no
-- order line points at them, else archived. Removals run first, then updates, then inserts, so a
-- SKU moving from a removed or renamed variant to another row is free when it is needed.
--
-- Security invoker: the variant policies decide (admins only); the explicit check only gives a
-- non-admin a clear message. A SKU another product uses fails as the unique violation it is
-- (23505, detail `Key (sku)=(…) already exists.`), which the form shows on that SKU field.
create function public.save_product_variants(product_id uuid, variants jsonb) returns setof public.variants
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  target uuid := save_product_variants.product_id;
  item jsonb;
  n integer;
  what text;
  given_id uuid;
  owner_id uuid;
  claimed uuid;
  ids uuid[] := '{}';
  fresh boolean[] := '{}';
  skus text[] := '{}';
  sizes text[] := '{}';
  colors text[] := '{}';
  prices integer[] := '{}';
  compare_prices integer[] := '{}';
  inventories integer[] := '{}';
  barcodes text[] := '{}';
  value_sku text;
  value_price integer;
  value_inventory integer;
  violated text;
  taken text;
begin
  if coalesce(auth.role(), '') <> 'service_role' and not public.is_admin() then
    raise exception 'Only admins can edit products' using errcode = '42501';
  end if;
  if variants is null or jsonb_typeof(variants) <> 'array' then
    raise exception 'variants must be an array of variant rows' using errcode = '22023';
  end if;
  if jsonb_array_length(variants) = 0 then
    raise exception 'A product needs at least one variant' using errcode = '22023';
  end if;
  if jsonb_array_length(variants) > 100 then
    raise exception 'A product has at most 100 variants, got %', jsonb_array_length(variants) using errcode = '22023';
  end if;

  -- Fulfilment locks products before variants; so does this. Two saves of one product queue here,
  -- and an order being placed for it either comes first (and its lines keep their variants
  -- archived) or after (and finds removed variants gone).
  perform 1 from public.products p where p.id = target for no key update;
  if not found then
    raise exception 'Product % not found', target using errcode = '22023';
  end if;

  for item, n in select e.value, e.ordinality from jsonb_array_elements(variants) with ordinality as e loop
    what := format('Variant %s', n);
    if jsonb_typeof(item) <> 'object' then
      raise exception '%: expected an object', what using errcode = '22023';
    end if;
    given_id := private.input_uuid(item, 'id', what);
    value_sku := private.input_text(item, 'sku', what);
    if value_sku is null then
      raise exception '%: sku is required', what using errcode = '22023';
    end if;
    value_price := private.input_integer(item, 'price', what);
    if value_price is null then
      raise exception '%: price is required', what using errcode = '22023';
    end if;
    if value_price <= 0 then
      raise exception 'Price must be greater than 0' using errcode = '22023', detail = format('%s (SKU %s)', what, value_sku);
    end if;
    value_inventory := coalesce(private.input_integer(item, 'inventory', what), 0);

    if given_id is not null then
      select v.product_id into owner_id from public.variants v where v.id = given_id;
      if owner_id is distinct from target then
        raise exception '%: variant % is not a variant of this product', what, given_id using errcode = '22023';
      end if;
      if given_id = any (ids) then
        raise exception '%: variant % is listed twice', what, given_id using errcode = '22023';
      end if;
    end if;

    ids := ids || given_id;
    fresh := fresh || false;
    skus := skus || value_sku;
    sizes := sizes || private.input_text(item, 'size', what);
    colors := colors || private.input_text(item, 'color', what);
    prices := prices || value_price;
    compare_prices := compare_prices || private.input_integer(item, 'compare_at_price', what);
    inventories := inventories || value_inventory;
    barcodes := barcodes || private.input_text(item, 'barcode', what);
  end loop;

  -- Rows without an id take the product's variant with their SKU, unless another row claims it.
  for n in 1 .. cardinality(ids) loop
    if ids[n] is null then
      select v.id into claimed
      from public.variants v
      where v.product_id = target
        and v.sku = skus[n]
        and not (v.id = any (array_remove(ids, null)));
      if claimed is not null then
        ids[n] := claimed;
      else
        ids[n] := gen_random_uuid();
        fresh[n] := true;
      end if;
    end if;
  end loop;

  begin
    delete from public.variants v
    where v.product_id = target
      and v.archived_at is null
      and not (v.id = any (ids))
      and not private.variant_was_ordered(v.id);
    update public.variants v
    set archived_at = now()
    where v.product_id = target
      and v.archived_at is null
      and not (v.id = any (ids));

    -- Unchanged rows are left alone, so a repeated call writes nothing.
    update public.variants v
    set sku = i.sku, size = i.size, color = i.color, price = i.price, compare_at_price = i.compare_at_price,
        inventory = i.inventory, barcode = i.barcode, archived_at = null
    from unnest(ids, fresh, skus, sizes, colors, prices, compare_prices, inventories, barcodes)
      as i (id, fresh, sku, size, color, price, compare_at_price, inventory, barcode)
    where v.id = i.id
      and not i.fresh
      and (v.sku, v.size, v.color, v.price, v.compare_at_price, v.inventory, v.barcode, v.archived_at)
          is distinct from (i.sku, i.size, i.color, i.price, i.compare_at_price, i.inventory, i.barcode, null::timestamptz);

    -- One statement shares one now(): a microsecond apart, new variants keep the admin's order in
    -- the form's (created_at, sku) order when it is opened again.
    insert into public.variants (id, product_id, sku, size, color, price, compare_at_price, inventory, barcode, created_at)
    select i.id, target, i.sku, i.size, i.color, i.price, i.compare_at_price, i.inventory, i.barcode,
           now() + make_interval(secs => i.n / 1000000.0)
    from unnest(ids, fresh, skus, sizes, colors, prices, compare_prices, inventories, barcodes)
      with ordinality as i (id, fresh, sku, size, color, price, compare_at_price, inventory, barcode, n)
    where i.fresh
    order by i.n;
  exception when unique_violation then
    -- Postgres leaves out the key of a unique violation when row level security applies to the
    -- caller (it could reveal rows the caller may not read). An admin reads every variant, and
    -- the form needs to know which SKU is taken: the first row whose SKU another variant holds
    -- or another row repeats.
    get stacked diagnostics violated = constraint_name;
    select s.sku into taken
    from unnest(ids, skus) with ordinality as s (id, sku, n)
    where exists (select 1 from public.variants v where v.sku = s.sku and v.id <> s.id)
       or (select count(*) from unnest(skus) as other (sku) where other.sku = s.sku) > 1
    order by s.n
    limit 1;
    if violated is distinct from 'variants_sku_key' or taken is null then
      raise;
    end if;
    raise exception 'duplicate key value violates unique constraint "variants_sku_key"'
      using errcode = 'unique_violation', constraint = 'variants_sku_key', detail = format('Key (sku)=(%s) already exists.', taken);
  end;

  return query
    select v.*
    from unnest(ids) with ordinality as r (id, n)
    join public.variants v on v.id = r.id
    order by r.n;
end;
$$;

-- ── save_product_media ───────────────────────────────────────────────────────────────────────
-- The images step: afterwards the product's media are exactly the given images in the given
-- order (sort_order = position, the first is primary), returned in that order. Rows are matched
-- by id (one of this product's), else by URL among the product's media (a repeated call after a
-- lost answer), else inserted; the product's other media rows are deleted. The uploaded files
-- stay in storage (a URL may still be cached by a shopper's page).
create function public.save_product_media(product_id uuid, media jsonb) returns setof public.media
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  target uuid := save_product_media.product_id;
  item jsonb;
  n integer;
  what text;
  given_id uuid;
  owner_id uuid;
  claimed uuid;
  value_url text;
  ids uuid[] := '{}';
  fresh boolean[] := '{}';
  urls text[] := '{}';
  alts text[] := '{}';
  widths integer[] := '{}';
  heights integer[] := '{}';
begin
  if coalesce(auth.role(), '') <> 'service_role' and not public.is_admin() then
    raise exception 'Only admins can edit products' using errcode = '42501';
  end if;
  if media is null or jsonb_typeof(media) <> 'array' then
    raise exception 'media must be an array of images' using errcode = '22023';
  end if;
  if jsonb_array_length(media) > 12 then
    raise exception 'A product has at most 12 images, got %', jsonb_array_length(media) using errcode = '22023';
  end if;

  perform 1 from public.products p where p.id = target for no key update;
  if not found then
    raise exception 'Product % not found', target using errcode = '22023';
  end if;

  for item, n in select e.value, e.ordinality from jsonb_array_elements(media) with ordinality as e loop
    what := format('Image %s', n);
    if jsonb_typeof(item) <> 'object' then
      raise exception '%: expected an object', what using errcode = '22023';
    end if;
    given_id := private.input_uuid(item, 'id', what);
    value_url := private.input_text(item, 'url', what);
    if value_url is null or value_url !~ '^https?://' then
      raise exception '%: url must start with http:// or https://', what using errcode = '22023';
    end if;
    if given_id is not null then
      select m.product_id into owner_id from public.media m where m.id = given_id;
      if owner_id is distinct from target then
        raise exception '%: image % is not an image of this product', what, given_id using errcode = '22023';
      end if;
      if given_id = any (ids) then
        raise exception '%: image % is listed twice', what, given_id using errcode = '22023';
      end if;
    end if;
    ids := ids || given_id;
    fresh := fresh || false;
    urls := urls || value_url;
    alts := alts || nullif(private.input_text(item, 'alt', what), '');
    widths := widths || private.input_integer(item, 'width', what);
    heights := heights || private.input_integer(item, 'height', what);
  end loop;

  for n in 1 .. coalesce(cardinality(ids), 0) loop
    if ids[n] is null then
      select m.id into claimed
      from public.media m
      where m.product_id = target
        and m.url = urls[n]
        and not (m.id = any (array_remove(ids, null)))
      order by m.sort_order, m.created_at
      limit 1;
      if claimed is not null then
        ids[n] := claimed;
      else
        ids[n] := gen_random_uuid();
        fresh[n] := true;
      end if;
    end if;
  end loop;

  delete from public.media m
  where m.product_id = target
    and not (m.id = any (ids));

  update public.media m
  set url = i.url, alt = i.alt, width = i.width, height = i.height, sort_order = i.n - 1, is_primary = (i.n = 1)
  from unnest(ids, fresh, urls, alts, widths, heights) with ordinality as i (id, fresh, url, alt, width, height, n)
  where m.id = i.id
    and not i.fresh
    and (m.url, m.alt, m.width, m.height, m.sort_order, m.is_primary)
        is distinct from (i.url, i.alt, i.width, i.height, (i.n - 1)::integer, i.n = 1);

  insert into public.media (id, product_id, url, alt, width, height, sort_order, is_primary)
  select i.id, target, i.url, i.alt, i.width, i.height, i.n - 1, (i.n = 1)
  from unnest(ids, fresh, urls, alts, widths, heights) with ordinality as i (id, fresh, url, alt, width, height, n)
  where i.fresh
  order by i.n;

  return query
    select m.*
    from unnest(ids) with ordinality as r (id, n)
    join public.media m on m.id = r.id
    order by r.n;
end;
$$;

revoke all on function public.save_product_variants(uuid, jsonb) from public, anon;
revoke all on function public.save_product_media(uuid, jsonb) from public, anon;
grant execute on function public.save_product_variants(uuid, jsonb) to authenticated, service_role;
grant execute on function public.save_product_media(uuid, jsonb) to authenticated, service_role;

-- ── The admin product list ───────────────────────────────────────────────────────────────────
-- One row per product for admins (nothing for anyone else, whatever the product policies let
-- them read), with what the list shows and searches: the primary image (else the first), the
-- active variants' stock, count and SKUs. Paged, filtered and counted in SQL.
create view public.admin_products with (security_invoker = true) as
select p.id, p.slug, p.title, p.status, p.featured, p.updated_at, p.created_at,
       (select m.url from public.media m where m.product_id = p.id
        order by m.is_primary desc, m.sort_order, m.created_at limit 1) as image,
       p.total_inventory, p.variant_count, p.skus
from public.products p
where (select public.is_admin());

revoke all on table public.admin_products from anon, authenticated;
grant select on table public.admin_products to authenticated;
grant all on table public.admin_products to service_role;

-- The list's sorts (newest and oldest change first, id breaks ties), with and without a status
-- filter, and its SKU search. Replaces the index on updated_at alone.
drop index public.products_updated_at_idx;
create index products_updated_at_id_idx on public.products (updated_at desc, id);
create index products_status_updated_at_id_idx on public.products (status, updated_at desc, id);
create index products_skus_trgm_idx on public.products using gin (skus extensions.gin_trgm_ops) with (fastupdate = off);

-- ── Order status moves ───────────────────────────────────────────────────────────────────────
-- When stock went back on the shelf after a cancel; set once, so it is never returned twice.
alter table public.orders add column stock_returned_at timestamptz;

-- Puts the order's quantities back on their variants (lines whose variant is gone are skipped).
-- Same lock order as fulfilment (products by id, then variants by id), so the two queue instead
-- of deadlocking.
create function private.return_order_stock(order_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  line record;
begin
  perform 1
  from public.products p
  where p.id in (
    select v.product_id
    from public.order_items oi
    join public.variants v on v.id = oi.variant_id
    where oi.order_id = return_order_stock.order_id
  )
  order by p.id
  for no key update;

  for line in
    select oi.variant_id, sum(oi.qty)::integer as qty
    from public.order_items oi
    where oi.order_id = return_order_stock.order_id
      and oi.variant_id is not null
    group by oi.variant_id
    order by oi.variant_id
  loop
    update public.variants v set inventory = v.inventory + line.qty where v.id = line.variant_id;
  end loop;
end;
$$;

-- An admin (an API caller) moves an order only along machines/admin.ts's ORDER_TRANSITIONS; the
-- service role and the database's own functions are not restricted. A cancel from a status whose
-- stock fulfilment took (paid, processing) returns it, once: the row lock makes a second cancel
-- wait and then see stock_returned_at. Security definer so it can write the variants whatever the
-- caller may (auth.role() still names the API caller).
create function private.order_status_moves() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  allowed text[];
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') then
    allowed := case old.status
      when 'pending' then array['cancelled']
      when 'paid' then array['processing', 'shipped', 'cancelled']
      when 'processing' then array['shipped', 'cancelled']
      when 'shipped' then array['delivered']
      else array[]::text[]
    end;
    if not (new.status = any (allowed)) then
      raise exception 'Cannot change an order from % to %', old.status, new.status using errcode = '22023';
    end if;
  end if;
  if new.status = 'cancelled' and old.status in ('paid', 'processing') and old.stock_returned_at is null then
    perform private.return_order_stock(old.id);
    new.stock_returned_at := now();
  end if;
  return new;
end;
$$;

revoke all on function private.return_order_stock(uuid) from public, anon, authenticated;
revoke all on function private.order_status_moves() from public, anon, authenticated;

create trigger orders_status_moves before update of status on public.orders
  for each row when (old.status is distinct from new.status)
  execute function private.order_status_moves();

-- The admin order list: newest first (id breaks ties), optionally of one status. Replaces the
-- indexes on created_at and status alone.
drop index public.orders_created_at_idx;
drop index public.orders_status_idx;
create index orders_created_at_id_idx on public.orders (created_at desc, id);
create index orders_status_created_at_id_idx on public.orders (status, created_at desc, id);
