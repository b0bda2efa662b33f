-- The catalogue: products, their variants and media, and the listing view the shop reads.
--
-- The listing filters and sorts on per-product figures (lowest price, sizes, colours, stock,
-- units sold). Computing them per request over thousands of products is too slow to sort by, so
-- they are kept on the product row by triggers and indexed like any other column. Only the
-- triggers write them: the API roles have no INSERT/UPDATE privilege on those columns.

-- Column order is deliberate: the listing's count(*) evaluates filters on every visible row, and
-- fixed-width filter columns placed before the long texts are much cheaper to read.
create table public.products (
  id uuid primary key default gen_random_uuid(),
  status text not null default 'draft'
    constraint products_status_check check (status in ('draft', 'published', 'archived')),
  category text not null
    constraint products_category_check check (category in ('clothing', 'accessories', 'equipment', 'supplements')),
  featured boolean not null default false,
  -- Listing figures, maintained by private.refresh_variant_stats and private.refresh_units_sold.
  in_stock boolean not null default false,
  min_price integer,
  max_price integer,
  total_inventory bigint not null default 0,
  units_sold bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  currency text not null default 'EUR' constraint products_currency_check check (currency in ('EUR', 'USD', 'GBP')),
  tags text[] not null default '{}'
    constraint products_tags_limits check (cardinality(tags) <= 30 and array_position(tags, null) is null),
  sizes text[] not null default '{}',
  colors text[] not null default '{}',
  slug text not null
    constraint products_slug_key unique
    constraint products_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 200),
  title text not null constraint products_title_length check (char_length(btrim(title)) between 1 and 200),
  subtitle text constraint products_subtitle_length check (char_length(subtitle) <= 200),
  meta_title text constraint products_meta_title_length check (char_length(meta_title) <= 60),
  meta_description text constraint products_meta_description_length check (char_length(meta_description) <= 160),
  og_image text constraint products_og_image_length check (char_length(og_image) <= 2048),
  title_de text constraint products_title_de_length check (char_length(title_de) <= 200),
  subtitle_de text constraint products_subtitle_de_length check (char_length(subtitle_de) <= 200),
  description text constraint products_description_length check (char_length(description) <= 10000),
  description_de text constraint products_description_de_length check (char_length(description_de) <= 10000)
);

create table public.variants (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  sku text not null
    constraint variants_sku_key unique
    constraint variants_sku_length check (char_length(btrim(sku)) between 1 and 64),
  size text constraint variants_size_length check (char_length(size) <= 20),
  color text constraint variants_color_length check (char_length(color) <= 40),
  price integer not null constraint variants_price_non_negative check (price >= 0),
  compare_at_price integer constraint variants_compare_at_price_non_negative check (compare_at_price >= 0),
  inventory integer not null default 0 constraint variants_inventory_non_negative check (inventory >= 0),
  barcode text constraint variants_barcode_length check (char_length(barcode) <= 64),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.media (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  url text not null constraint media_url_length check (char_length(url) between 1 and 2048),
  alt text constraint media_alt_length check (char_length(alt) <= 300),
  width integer constraint media_width_positive check (width > 0),
  height integer constraint media_height_positive check (height > 0),
  is_primary boolean not null default false,
  sort_order integer not null default 0 constraint media_sort_order_non_negative check (sort_order >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Listing and search: one index per filter, sort and join the shop and admin screens use.
create index products_status_created_at_idx on public.products (status, created_at desc);
create index products_status_min_price_idx on public.products (status, min_price);
create index products_status_title_idx on public.products (status, title);
create index products_status_units_sold_idx on public.products (status, units_sold desc);
create index products_updated_at_idx on public.products (updated_at desc);
create index products_category_idx on public.products (category);
create index products_featured_idx on public.products (created_at desc) where featured;
create index products_tags_idx on public.products using gin (tags) with (fastupdate = off);
create index products_sizes_idx on public.products using gin (sizes) with (fastupdate = off);
create index products_colors_idx on public.products using gin (colors) with (fastupdate = off);
create index products_title_trgm_idx on public.products using gin (title extensions.gin_trgm_ops) with (fastupdate = off);
create index products_subtitle_trgm_idx on public.products using gin (subtitle extensions.gin_trgm_ops) with (fastupdate = off);
create index products_description_trgm_idx on public.products using gin (description extensions.gin_trgm_ops) with (fastupdate = off);
create index variants_product_id_idx on public.variants (product_id);
create index media_product_id_sort_order_idx on public.media (product_id, sort_order);

-- Listed columns only: the listing figures change with every sale and stock movement, which is
-- not an edit of the product.
create trigger products_set_updated_at
  before update of slug, title, subtitle, description, title_de, subtitle_de, description_de, category, tags,
    currency, featured, status, meta_title, meta_description, og_image
  on public.products
  for each row execute function private.set_updated_at();
create trigger variants_set_updated_at before update on public.variants
  for each row execute function private.set_updated_at();
create trigger media_set_updated_at before update on public.media
  for each row execute function private.set_updated_at();

-- Security definer: an admin editing a variant must also move the figures on the product row,
-- whatever that row's policies say.
create function private.refresh_variant_stats(product_ids uuid[]) returns void
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
      in_stock = s.total_inventory > 0
  from (
    select ids.product_id,
           min(v.price) as min_price,
           max(v.price) as max_price,
           coalesce(array_agg(distinct v.size order by v.size) filter (where v.size is not null), '{}') as sizes,
           coalesce(array_agg(distinct v.color order by v.color) filter (where v.color is not null), '{}') as colors,
           coalesce(sum(v.inventory), 0) as total_inventory
    from unnest(product_ids) as ids (product_id)
    left join public.variants v on v.product_id = ids.product_id
    group by ids.product_id
  ) s
  where p.id = s.product_id
    and (p.min_price, p.max_price, p.sizes, p.colors, p.total_inventory)
        is distinct from (s.min_price, s.max_price, s.sizes, s.colors, s.total_inventory)
$$;

-- Statement-level with transition tables, so a bulk insert refreshes each product once. Security
-- definer, like the refresh it calls, which the API roles may not execute themselves.
create function private.variants_changed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  touched uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct product_id) into touched from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct product_id) into touched from old_rows;
  else
    select array_agg(distinct product_id) into touched
    from (select product_id from new_rows union select product_id from old_rows) changed;
  end if;
  if touched is not null then
    perform private.refresh_variant_stats(touched);
  end if;
  return null;
end;
$$;

create trigger variants_refresh_stats_after_insert after insert on public.variants
  referencing new table as new_rows
  for each statement execute function private.variants_changed();
create trigger variants_refresh_stats_after_update after update on public.variants
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.variants_changed();
create trigger variants_refresh_stats_after_delete after delete on public.variants
  referencing old table as old_rows
  for each statement execute function private.variants_changed();

revoke all on function private.refresh_variant_stats(uuid[]) from public, anon, authenticated;
revoke all on function private.variants_changed() from public, anon, authenticated;

-- What the shop page reads: filters, sorts and the exact count all run here, before paging.
-- Keeps the products' column names, so `variants` and `media` embed through `id`.
create view public.product_listing with (security_invoker = true) as
select p.id, p.slug, p.title, p.subtitle, p.description, p.title_de, p.subtitle_de, p.description_de,
       p.category, p.tags, p.currency, p.featured, p.status, p.meta_title, p.meta_description, p.og_image,
       p.created_at, p.updated_at,
       p.min_price, p.max_price, p.sizes, p.colors, p.in_stock, p.total_inventory, p.units_sold
from public.products p;

-- ── Row level security and grants ──────────────────────────────────────────────────────────
alter table public.products enable row level security;
alter table public.variants enable row level security;
alter table public.media enable row level security;

revoke all on table public.products, public.variants, public.media, public.product_listing from anon, authenticated;
grant all on table public.products, public.variants, public.media, public.product_listing to service_role;
grant select on table public.products, public.variants, public.media, public.product_listing to anon, authenticated;
grant insert (id, slug, title, subtitle, description, title_de, subtitle_de, description_de, category, tags, currency,
              featured, status, meta_title, meta_description, og_image),
      update (id, slug, title, subtitle, description, title_de, subtitle_de, description_de, category, tags, currency,
              featured, status, meta_title, meta_description, og_image)
  on table public.products to authenticated;
grant delete on table public.products to authenticated;
grant insert, update, delete on table public.variants, public.media to authenticated;

create policy "published products are public" on public.products
  for select to anon, authenticated
  using (status = 'published');
create policy "admins read every product" on public.products
  for select to authenticated
  using ((select public.is_admin()));
create policy "admins create products" on public.products
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "admins edit products" on public.products
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "admins delete products" on public.products
  for delete to authenticated
  using ((select public.is_admin()));

create policy "variants of published products are public" on public.variants
  for select to anon, authenticated
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published'));
create policy "admins read every variant" on public.variants
  for select to authenticated
  using ((select public.is_admin()));
create policy "admins create variants" on public.variants
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "admins edit variants" on public.variants
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "admins delete variants" on public.variants
  for delete to authenticated
  using ((select public.is_admin()));

create policy "media of published products are public" on public.media
  for select to anon, authenticated
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published'));
create policy "admins read every media item" on public.media
  for select to authenticated
  using ((select public.is_admin()));
create policy "admins create media" on public.media
  for insert to authenticated
  with check ((select public.is_admin()));
create policy "admins edit media" on public.media
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "admins delete media" on public.media
  for delete to authenticated
  using ((select public.is_admin()));
