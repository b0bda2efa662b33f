-- Checkout and orders. Orders are written only by public.fulfil_checkout_session (or the
-- service role): prices come from the database when the session is created, stock is taken
-- atomically when it is paid.

create sequence public.order_number_seq start with 100001;

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  order_number text not null default ('NPNG-' || nextval('public.order_number_seq'))
    constraint orders_order_number_key unique
    constraint orders_order_number_format check (order_number ~ '^NPNG-[0-9]+$'),
  user_id uuid references auth.users (id) on delete set null,
  customer_email text constraint orders_customer_email_format check (private.is_email_address(customer_email)),
  status text not null default 'pending'
    constraint orders_status_check
    check (status in ('pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')),
  subtotal integer not null constraint orders_subtotal_non_negative check (subtotal >= 0),
  shipping integer not null default 0 constraint orders_shipping_non_negative check (shipping >= 0),
  total integer not null constraint orders_total_non_negative check (total >= 0),
  currency text not null default 'EUR' constraint orders_currency_check check (currency in ('EUR', 'USD', 'GBP')),
  checkout_session_id text constraint orders_checkout_session_id_key unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter sequence public.order_number_seq owned by public.orders.order_number;

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id uuid references public.products (id) on delete set null,
  variant_id uuid references public.variants (id) on delete set null,
  title text not null constraint order_items_title_length check (char_length(title) between 1 and 200),
  sku text constraint order_items_sku_length check (char_length(sku) <= 64),
  size text constraint order_items_size_length check (char_length(size) <= 20),
  color text constraint order_items_color_length check (char_length(color) <= 40),
  unit_price integer not null constraint order_items_unit_price_non_negative check (unit_price >= 0),
  qty integer not null constraint order_items_qty_positive check (qty > 0),
  line_total integer not null constraint order_items_line_total_matches check (line_total = unit_price * qty),
  created_at timestamptz not null default now()
);

create table public.checkout_sessions (
  id text primary key constraint checkout_sessions_id_format check (id ~ '^cs_[A-Za-z0-9_]{1,250}$'),
  provider text not null constraint checkout_sessions_provider_check check (provider in ('local', 'stripe')),
  user_id uuid references auth.users (id) on delete set null,
  email text constraint checkout_sessions_email_format check (private.is_email_address(email)),
  -- The `lines` price_cart returned when the session was created.
  line_items jsonb not null constraint checkout_sessions_line_items_shape
    check (case when jsonb_typeof(line_items) = 'array' then jsonb_array_length(line_items) between 1 and 50 else false end),
  amount_subtotal integer not null constraint checkout_sessions_amount_subtotal_non_negative check (amount_subtotal >= 0),
  amount_shipping integer not null constraint checkout_sessions_amount_shipping_non_negative check (amount_shipping >= 0),
  amount_total integer not null constraint checkout_sessions_amount_total_non_negative check (amount_total >= 0),
  currency text not null constraint checkout_sessions_currency_check check (currency in ('EUR', 'USD', 'GBP')),
  success_url text not null constraint checkout_sessions_success_url_length check (char_length(success_url) <= 2048),
  cancel_url text not null constraint checkout_sessions_cancel_url_length check (char_length(cancel_url) <= 2048),
  url text constraint checkout_sessions_url_length check (char_length(url) <= 2048),
  status text not null default 'open' constraint checkout_sessions_status_check check (status in ('open', 'complete', 'expired')),
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint checkout_sessions_completed_at_when_complete check ((status = 'complete') = (completed_at is not null))
);

create index orders_user_id_created_at_idx on public.orders (user_id, created_at desc);
create index orders_customer_email_idx on public.orders (lower(customer_email));
create index orders_created_at_idx on public.orders (created_at desc);
create index orders_status_idx on public.orders (status);
create index order_items_order_id_idx on public.order_items (order_id);
create index order_items_product_id_idx on public.order_items (product_id);
create index order_items_variant_id_idx on public.order_items (variant_id);
create index checkout_sessions_user_id_idx on public.checkout_sessions (user_id);

create trigger orders_set_updated_at before update on public.orders
  for each row execute function private.set_updated_at();
create trigger checkout_sessions_set_updated_at before update on public.checkout_sessions
  for each row execute function private.set_updated_at();

-- ── Units sold on the product row (the listing's "best sellers" sort) ───────────────────────
-- One rule for "this order is a sale": paid, or further along (never pending, cancelled, refunded).
-- Units sold and review eligibility both read it.
create function private.is_sale_status(status text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select status in ('paid', 'processing', 'shipped', 'delivered')
$$;
revoke all on function private.is_sale_status(text) from public, anon, authenticated;

create function private.refresh_units_sold(product_ids uuid[]) returns void
language sql
security definer
set search_path = ''
as $$
  update public.products p
  set units_sold = s.units_sold
  from (
    select ids.product_id,
           coalesce(sum(oi.qty) filter (where private.is_sale_status(o.status)), 0) as units_sold
    from unnest(product_ids) as ids (product_id)
    left join public.order_items oi on oi.product_id = ids.product_id
    left join public.orders o on o.id = oi.order_id
    group by ids.product_id
  ) s
  where p.id = s.product_id
    and p.units_sold is distinct from s.units_sold
$$;

create function private.order_items_changed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  touched uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct product_id) into touched from new_rows where product_id is not null;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct product_id) into touched from old_rows where product_id is not null;
  else
    select array_agg(distinct product_id) into touched
    from (select product_id from new_rows union select product_id from old_rows) changed
    where product_id is not null;
  end if;
  if touched is not null then
    perform private.refresh_units_sold(touched);
  end if;
  return null;
end;
$$;

create function private.order_status_changed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_units_sold(array(
    select distinct oi.product_id from public.order_items oi
    where oi.order_id = new.id and oi.product_id is not null
  ));
  return null;
end;
$$;

create trigger order_items_refresh_units_sold_after_insert after insert on public.order_items
  referencing new table as new_rows
  for each statement execute function private.order_items_changed();
create trigger order_items_refresh_units_sold_after_update after update on public.order_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.order_items_changed();
create trigger order_items_refresh_units_sold_after_delete after delete on public.order_items
  referencing old table as old_rows
  for each statement execute function private.order_items_changed();
create trigger orders_refresh_units_sold_after_status_change after update of status on public.orders
  for each row when (old.status is distinct from new.status)
  execute function private.order_status_changed();

revoke all on function private.refresh_units_sold(uuid[]) from public, anon, authenticated;
revoke all on function private.order_items_changed() from public, anon, authenticated;
revoke all on function private.order_status_changed() from public, anon, authenticated;

-- ── Functions ──────────────────────────────────────────────────────────────────────────────
-- Own orders are those placed while signed in and those placed (e.g. as a guest) with the
-- caller's email; the email claim is GoTrue's, issued only for a confirmed address.
create function public.has_purchased(product_uuid uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.order_items oi
    join public.orders o on o.id = oi.order_id
    where oi.product_id = product_uuid
      and private.is_sale_status(o.status)
      and (o.user_id = auth.uid() or lower(o.customer_email) = lower(auth.jwt() ->> 'email'))
  )
$$;
revoke all on function public.has_purchased(uuid) from public;
grant execute on function public.has_purchased(uuid) to anon, authenticated, service_role;

-- Prices a cart from the database for a checkout session. Shipping is SPEC §9's standard rate per
-- region, free from the region's threshold on; the figures are applied in the cart's currency
-- (the catalogue is priced in EUR).
create function public.price_cart(items jsonb, shipping_region text default 'DE') returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  region text := upper(coalesce(nullif(btrim(shipping_region), ''), 'DE'));
  standard_rate integer;
  free_from integer;
  item jsonb;
  line_number integer := 0;
  requested_qty numeric;
  variant_ids uuid[] := '{}';
  quantities integer[] := '{}';
  merged_at integer;
  line record;
  cart_currency text;
  lines jsonb := '[]';
  subtotal integer := 0;
  shipping integer;
begin
  case region
    when 'DE' then standard_rate := 499; free_from := 5000;
    when 'EU' then standard_rate := 799; free_from := 7500;
    when 'UK' then standard_rate := 999; free_from := 10000;
    when 'US' then standard_rate := 1299; free_from := 15000;
    else raise exception 'unknown shipping region %: use DE, EU, UK or US', shipping_region;
  end case;

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
    left join public.variants v on v.id = c.variant_id
    left join public.products p on p.id = v.product_id
    order by c.position
  loop
    -- Unpublished products are reported as missing: their existence is not public.
    if line.found_id is null or line.status <> 'published' then
      raise exception 'variant % not found', line.variant_id;
    end if;
    if line.inventory = 0 then
      raise exception 'SKU % is sold out', line.sku;
    end if;
    if line.qty > line.inventory then
      raise exception 'only % left of SKU %', line.inventory, line.sku;
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

  shipping := case when subtotal >= free_from then 0 else standard_rate end;
  return jsonb_build_object(
    'lines', lines,
    'subtotal', subtotal,
    'shipping', shipping,
    'total', subtotal + shipping,
    'currency', cart_currency
  );
end;
$$;
revoke all on function public.price_cart(jsonb, text) from public, anon, authenticated;
grant execute on function public.price_cart(jsonb, text) to service_role;

-- Turns a paid checkout session into an order, once. The session row lock serialises repeated
-- webhook deliveries; the conditional decrement stops two sessions selling the last unit twice.
create function public.fulfil_checkout_session(session_id text) returns public.orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  checkout public.checkout_sessions;
  placed public.orders;
  line record;
begin
  select * into checkout from public.checkout_sessions s where s.id = fulfil_checkout_session.session_id for update;
  if not found then
    raise exception 'checkout session % not found', fulfil_checkout_session.session_id;
  end if;
  if checkout.status = 'complete' then
    select * into placed from public.orders o where o.checkout_session_id = checkout.id;
    return placed;
  end if;
  if checkout.status = 'expired' then
    raise exception 'checkout session % has expired', checkout.id;
  end if;

  -- The stock triggers update the product rows too. Locking those first, in id order, and then the
  -- variants in id order gives every fulfilment the same lock order, so concurrent ones queue
  -- instead of deadlocking.
  perform 1
  from public.products p
  where p.id in (
    select v.product_id
    from jsonb_to_recordset(checkout.line_items) as l (variant_id uuid)
    join public.variants v on v.id = l.variant_id
  )
  order by p.id
  for no key update;

  for line in
    select l.variant_id, sum(l.qty)::integer as qty
    from jsonb_to_recordset(checkout.line_items) as l (variant_id uuid, qty integer)
    group by l.variant_id
    order by l.variant_id
  loop
    update public.variants v
    set inventory = v.inventory - line.qty
    where v.id = line.variant_id
      and v.inventory >= line.qty;
    if not found then
      raise exception 'out_of_stock' using detail = format('variant %s cannot supply %s', line.variant_id, line.qty);
    end if;
  end loop;

  insert into public.orders (user_id, customer_email, status, subtotal, shipping, total, currency, checkout_session_id)
  values (
    checkout.user_id,
    lower(coalesce(checkout.email, (select u.email from auth.users u where u.id = checkout.user_id))),
    'paid',
    checkout.amount_subtotal,
    checkout.amount_shipping,
    checkout.amount_total,
    checkout.currency,
    checkout.id
  )
  returning * into placed;

  insert into public.order_items (order_id, product_id, variant_id, title, sku, size, color, unit_price, qty, line_total)
  select placed.id, v.product_id, l.variant_id, l.title, l.sku, l.size, l.color, l.unit_price, l.qty, l.unit_price * l.qty
  from jsonb_to_recordset(checkout.line_items)
         as l (variant_id uuid, title text, sku text, size text, color text, unit_price integer, qty integer)
  join public.variants v on v.id = l.variant_id;

  update public.checkout_sessions s set status = 'complete', completed_at = now() where s.id = checkout.id;
  return placed;
end;
$$;
revoke all on function public.fulfil_checkout_session(text) from public, anon, authenticated;
grant execute on function public.fulfil_checkout_session(text) to service_role;

-- ── Row level security and grants ──────────────────────────────────────────────────────────
alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.checkout_sessions enable row level security;

revoke all on table public.orders, public.order_items, public.checkout_sessions from anon, authenticated;
revoke all on sequence public.order_number_seq from anon, authenticated;
grant all on table public.orders, public.order_items, public.checkout_sessions to service_role;
grant usage, select on sequence public.order_number_seq to service_role;
grant select, update (status) on table public.orders to authenticated;
grant select on table public.order_items to authenticated;

create policy "customers read their orders" on public.orders
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or lower(customer_email) = lower((select auth.jwt() ->> 'email'))
  );
create policy "admins read every order" on public.orders
  for select to authenticated
  using ((select public.is_admin()));
create policy "admins update order status" on public.orders
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- Items follow their order: visible exactly when the order is (own orders, or every order for admins).
create policy "items of visible orders" on public.order_items
  for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id));
