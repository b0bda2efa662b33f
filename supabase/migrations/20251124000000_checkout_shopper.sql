-- What the storefront's checkout and order screens need (issue 10): shipping rates as one table
-- (price_cart and the cart page read the same rows), machine-readable cart refusals, the shopper's
-- region and language kept from the checkout session to the order, an outbox for the order
-- confirmation e-mail, and a guest's look-up of the one order their payment created.

-- ── Shipping regions (SPEC §9) ──────────────────────────────────────────────────────────────
-- Cents in EUR. US stands for the USA, Canada and the rest of the world.
create table public.shipping_regions (
  code text primary key constraint shipping_regions_code_check check (code in ('DE', 'EU', 'UK', 'US')),
  standard_rate integer not null constraint shipping_regions_standard_rate_non_negative check (standard_rate >= 0),
  express_rate integer not null constraint shipping_regions_express_rate_non_negative check (express_rate >= 0),
  free_from integer not null constraint shipping_regions_free_from_non_negative check (free_from >= 0),
  position integer not null constraint shipping_regions_position_key unique
);

insert into public.shipping_regions (code, standard_rate, express_rate, free_from, position) values
  ('DE', 499, 999, 5000, 1),
  ('EU', 799, 1499, 7500, 2),
  ('UK', 999, 1999, 10000, 3),
  ('US', 1299, 2499, 15000, 4);

alter table public.shipping_regions enable row level security;
revoke all on table public.shipping_regions from anon, authenticated;
grant select on table public.shipping_regions to anon, authenticated;
grant all on table public.shipping_regions to service_role;
create policy "everyone reads shipping regions" on public.shipping_regions
  for select to anon, authenticated
  using (true);

-- ── The shopper's region and language, from the session to the order ───────────────────────
alter table public.checkout_sessions
  add column shipping_region text not null default 'DE'
    constraint checkout_sessions_shipping_region_fkey references public.shipping_regions (code),
  add column locale text not null default 'en'
    constraint checkout_sessions_locale_check check (locale in ('en', 'de'));

-- Orders placed before this migration have no region (null); their language is taken as English.
alter table public.orders
  add column shipping_region text
    constraint orders_shipping_region_fkey references public.shipping_regions (code),
  add column locale text not null default 'en'
    constraint orders_locale_check check (locale in ('en', 'de'));

-- `position` keeps the cart's line order (the ids are random and one insert shares one now()).
alter table public.order_items
  add column image text constraint order_items_image_length check (char_length(image) <= 2048),
  add column position integer constraint order_items_position_positive check (position >= 1);

-- ── price_cart: rates from shipping_regions, refusals a program can read ──────────────────────
-- A refusal about one line keeps its message and adds `hint` = sold_out | insufficient_stock |
-- unavailable and `detail` = {"variantId": …, "available": …} (0 when sold out or unavailable).
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
    left join public.variants v on v.id = c.variant_id
    left join public.products p on p.id = v.product_id
    order by c.position
  loop
    -- Unpublished products are reported as missing: their existence is not public.
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

-- ── Order confirmation e-mails: an outbox filled in the order's own transaction ──────────────
create table public.order_emails (
  order_id uuid primary key references public.orders (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Set when a sender claims the row; put back to null when its delivery failed.
  sent_at timestamptz
);
create index order_emails_unsent_idx on public.order_emails (created_at) where sent_at is null;

alter table public.order_emails enable row level security;
revoke all on table public.order_emails from anon, authenticated;
grant all on table public.order_emails to service_role;

-- ── fulfil_checkout_session: region, language and images onto the order; one e-mail queued ────
create or replace function public.fulfil_checkout_session(session_id text) returns public.orders
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
    -- A replay (webhook retry, second pay click): the order as it is, and nothing queued again.
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

  insert into public.orders (user_id, customer_email, status, subtotal, shipping, total, currency, checkout_session_id, shipping_region, locale)
  values (
    checkout.user_id,
    lower(coalesce(checkout.email, (select u.email from auth.users u where u.id = checkout.user_id))),
    'paid',
    checkout.amount_subtotal,
    checkout.amount_shipping,
    checkout.amount_total,
    checkout.currency,
    checkout.id,
    checkout.shipping_region,
    checkout.locale
  )
  returning * into placed;

  insert into public.order_items (order_id, product_id, variant_id, title, sku, size, color, image, position, unit_price, qty, line_total)
  select placed.id, v.product_id, v.id, l.line ->> 'title', l.line ->> 'sku', l.line ->> 'size', l.line ->> 'color',
         -- An image URL the column cannot hold is left out rather than failing a paid order.
         case when char_length(l.line ->> 'image') <= 2048 then l.line ->> 'image' end,
         l.position::integer,
         (l.line ->> 'unit_price')::integer,
         (l.line ->> 'qty')::integer,
         (l.line ->> 'unit_price')::integer * (l.line ->> 'qty')::integer
  from jsonb_array_elements(checkout.line_items) with ordinality as l (line, position)
  join public.variants v on v.id = (l.line ->> 'variant_id')::uuid;

  insert into public.order_emails (order_id) values (placed.id);

  update public.checkout_sessions s set status = 'complete', completed_at = now() where s.id = checkout.id;
  return placed;
end;
$$;

-- ── Sending the e-mails: claim a batch, release what could not be delivered ──────────────────
create function public.claim_order_emails(max_count integer default 20) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed uuid[];
  result jsonb;
begin
  if max_count is null or max_count < 1 or max_count > 100 then
    raise exception 'max_count must be a whole number from 1 to 100';
  end if;

  -- skip locked: two senders running at once each take other rows, none waits or sends twice.
  with picked as (
    select e.order_id
    from public.order_emails e
    where e.sent_at is null
    order by e.created_at, e.order_id
    limit max_count
    for update skip locked
  ), marked as (
    update public.order_emails e
    set sent_at = now()
    from picked
    where e.order_id = picked.order_id
    returning e.order_id
  )
  select coalesce(array_agg(marked.order_id), '{}') into claimed from marked;

  -- Orders without an address stay marked (there is no one to write to) and are not returned.
  select coalesce(jsonb_agg(jsonb_build_object(
           'orderId', o.id,
           'orderNumber', o.order_number,
           'email', o.customer_email,
           'locale', o.locale,
           'shippingRegion', o.shipping_region,
           'currency', o.currency,
           'subtotal', o.subtotal,
           'shipping', o.shipping,
           'total', o.total,
           'createdAt', to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'items', (
             -- A German e-mail names the product by its German title where it has one (a blank one
             -- counts as none, as in product_listing).
             select coalesce(jsonb_agg(jsonb_build_object(
                      'title', case when o.locale = 'de' then coalesce(nullif(btrim(p.title_de), ''), i.title) else i.title end,
                      'size', i.size,
                      'color', i.color,
                      'qty', i.qty,
                      'unitPrice', i.unit_price,
                      'lineTotal', i.line_total
                    ) order by i.position nulls last, i.created_at, i.id), '[]'::jsonb)
             from public.order_items i
             left join public.products p on p.id = i.product_id
             where i.order_id = o.id
           )
         ) order by o.created_at, o.order_number), '[]'::jsonb)
  into result
  from public.orders o
  where o.id = any (claimed)
    and o.customer_email is not null;
  return result;
end;
$$;

create function public.release_order_email(order_id uuid) returns boolean
language sql
security definer
set search_path = ''
as $$
  with released as (
    update public.order_emails e
    set sent_at = null
    where e.order_id = release_order_email.order_id
      and e.sent_at is not null
    returning 1
  )
  select exists (select 1 from released)
$$;

revoke all on function public.claim_order_emails(integer) from public, anon, authenticated;
revoke all on function public.release_order_email(uuid) from public, anon, authenticated;
grant execute on function public.claim_order_emails(integer) to service_role;
grant execute on function public.release_order_email(uuid) to service_role;

-- ── A paid order, by the checkout session that created it ───────────────────────────────────
-- The session id is an unguessable secret that only the payer's browser receives (in the success
-- redirect): holding it proves having paid for that one order, as a guest too. The answer is that
-- order only, without user_id or anything about other orders; null for anything else.
-- `titleDe` is the product's German title today (as the German e-mail names it; null when it has
-- none or is gone), for German pages: the line's own `title` is the English one, kept at fulfilment.
create function public.order_by_checkout_session(session_id text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'id', o.id,
           'orderNumber', o.order_number,
           'status', o.status,
           'createdAt', to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'subtotal', o.subtotal,
           'shipping', o.shipping,
           'total', o.total,
           'currency', o.currency,
           'shippingRegion', o.shipping_region,
           'email', o.customer_email,
           'items', (
             select coalesce(jsonb_agg(jsonb_build_object(
                      'title', i.title,
                      'titleDe', nullif(btrim(p.title_de), ''),
                      'size', i.size,
                      'color', i.color,
                      'qty', i.qty,
                      'unitPrice', i.unit_price,
                      'lineTotal', i.line_total,
                      'image', i.image
                    ) order by i.position nulls last, i.created_at, i.id), '[]'::jsonb)
             from public.order_items i
             left join public.products p on p.id = i.product_id
             where i.order_id = o.id
           )
         )
  from public.orders o
  where order_by_checkout_session.session_id ~ '^cs_[A-Za-z0-9_]{1,250}$'
    and o.checkout_session_id = order_by_checkout_session.session_id
$$;

revoke all on function public.order_by_checkout_session(text) from public;
grant execute on function public.order_by_checkout_session(text) to anon, authenticated, service_role;
