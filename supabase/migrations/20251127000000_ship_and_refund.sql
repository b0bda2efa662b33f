-- Orders a shop can ship and refund (issue 19, ADR 0021): the shipping address from the payment
-- page to the order, stock held while a checkout session is open, refunds (admin cancel, partial,
-- and automatic when a payment cannot become an order), shipping with tracking, a timeline per
-- order, and an outbox for the shipping and refund e-mails.

-- ── Countries per shipping region ──────────────────────────────────────────────────────────
-- A country belongs to exactly one region; the region that priced the cart decides where it may go.
-- US stands for the USA, Canada and the rest of the world we ship to.
create table public.shipping_countries (
  country text primary key constraint shipping_countries_country_format check (country ~ '^[A-Z]{2}$'),
  region text not null constraint shipping_countries_region_fkey references public.shipping_regions (code),
  position integer not null
);
insert into public.shipping_countries (country, region, position) values
  ('DE', 'DE', 1),
  ('AT', 'EU', 10), ('BE', 'EU', 11), ('BG', 'EU', 12), ('HR', 'EU', 13), ('CY', 'EU', 14), ('CZ', 'EU', 15),
  ('DK', 'EU', 16), ('EE', 'EU', 17), ('FI', 'EU', 18), ('FR', 'EU', 19), ('GR', 'EU', 20), ('HU', 'EU', 21),
  ('IE', 'EU', 22), ('IT', 'EU', 23), ('LV', 'EU', 24), ('LT', 'EU', 25), ('LU', 'EU', 26), ('MT', 'EU', 27),
  ('NL', 'EU', 28), ('PL', 'EU', 29), ('PT', 'EU', 30), ('RO', 'EU', 31), ('SK', 'EU', 32), ('SI', 'EU', 33),
  ('ES', 'EU', 34), ('SE', 'EU', 35),
  ('GB', 'UK', 40),
  ('US', 'US', 50), ('CA', 'US', 51), ('CH', 'US', 52), ('NO', 'US', 53), ('IS', 'US', 54), ('LI', 'US', 55),
  ('AU', 'US', 56), ('NZ', 'US', 57), ('JP', 'US', 58), ('SG', 'US', 59);

alter table public.shipping_countries enable row level security;
revoke all on table public.shipping_countries from anon, authenticated;
grant select on table public.shipping_countries to anon, authenticated;
grant all on table public.shipping_countries to service_role;
create policy "everyone reads shipping countries" on public.shipping_countries
  for select to anon, authenticated
  using (true);

-- ── Shipping in the cart's currency (ADR 0021) ───────────────────────────────────────────────
-- A cart is one currency (price_cart refuses mixed carts); its shipping comes from the rates in
-- that currency. The EUR rates are SPEC §9's; USD and GBP are the shop's own price list, not
-- conversions. A currency without rates for the region is refused before payment.
create table public.shipping_rates (
  region text not null constraint shipping_rates_region_fkey references public.shipping_regions (code),
  currency text not null constraint shipping_rates_currency_check check (currency in ('EUR', 'USD', 'GBP')),
  standard_rate integer not null constraint shipping_rates_standard_rate_non_negative check (standard_rate >= 0),
  express_rate integer not null constraint shipping_rates_express_rate_non_negative check (express_rate >= 0),
  free_from integer not null constraint shipping_rates_free_from_non_negative check (free_from >= 0),
  primary key (region, currency)
);
insert into public.shipping_rates (region, currency, standard_rate, express_rate, free_from)
select code, 'EUR', standard_rate, express_rate, free_from from public.shipping_regions;
insert into public.shipping_rates (region, currency, standard_rate, express_rate, free_from) values
  ('DE', 'USD', 549, 1099, 5500), ('EU', 'USD', 899, 1649, 8500), ('UK', 'USD', 1099, 2199, 11000), ('US', 'USD', 1399, 2699, 16500),
  ('DE', 'GBP', 449, 899, 4500), ('EU', 'GBP', 699, 1299, 6500), ('UK', 'GBP', 849, 1699, 8500), ('US', 'GBP', 1099, 2099, 12500);

-- One source of the rates: the region keeps its code and position, the rates live in shipping_rates.
alter table public.shipping_regions drop column standard_rate, drop column express_rate, drop column free_from;

alter table public.shipping_rates enable row level security;
revoke all on table public.shipping_rates from anon, authenticated;
grant select on table public.shipping_rates to anon, authenticated;
grant all on table public.shipping_rates to service_role;
create policy "everyone reads shipping rates" on public.shipping_rates
  for select to anon, authenticated
  using (true);

-- ── Postal addresses ───────────────────────────────────────────────────────────────────────
-- An address is a JSON object {name, line1, line2?, postalCode, city, country, phone?}. The same
-- rules as supabase/functions/_shared/address.ts (which words them for the payment page); the
-- database has the last word.
create function private.postcode_ok(country text, postcode text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select case country
    when 'DE' then postcode ~ '^[0-9]{5}$'
    when 'AT' then postcode ~ '^[0-9]{4}$'
    when 'CH' then postcode ~ '^[0-9]{4}$'
    when 'GB' then postcode ~ '^([A-Z]{1,2}[0-9][A-Z0-9]?|GIR) [0-9][A-Z]{2}$'
    when 'US' then postcode ~ '^[0-9]{5}(-[0-9]{4})?$'
    else postcode ~ '^[A-Z0-9][A-Z0-9 -]{1,9}$'
  end
$$;

-- Trimmed fields, upper-case country and postcode, a UK postcode with its one space; empty optional
-- fields dropped. Anything that is not a JSON object comes back as it is, for address_problem to refuse.
create function private.normalise_address(address jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  country text;
  postcode text;
  result jsonb;
begin
  if address is null or jsonb_typeof(address) <> 'object' then
    return address;
  end if;
  country := upper(btrim(coalesce(address ->> 'country', '')));
  postcode := upper(regexp_replace(btrim(coalesce(address ->> 'postalCode', '')), '\s+', ' ', 'g'));
  if country = 'GB' then
    postcode := replace(postcode, ' ', '');
    if char_length(postcode) between 5 and 7 then
      postcode := left(postcode, -3) || ' ' || right(postcode, 3);
    end if;
  end if;
  result := jsonb_build_object(
    'name', btrim(coalesce(address ->> 'name', '')),
    'line1', btrim(coalesce(address ->> 'line1', '')),
    'postalCode', postcode,
    'city', btrim(coalesce(address ->> 'city', '')),
    'country', country
  );
  if nullif(btrim(coalesce(address ->> 'line2', '')), '') is not null then
    result := result || jsonb_build_object('line2', btrim(address ->> 'line2'));
  end if;
  if nullif(btrim(coalesce(address ->> 'phone', '')), '') is not null then
    result := result || jsonb_build_object('phone', btrim(address ->> 'phone'));
  end if;
  return result;
end;
$$;

-- Null when the (normalised) address is complete and ships to the region; else "field:problem"
-- with problem = missing | too_long | invalid | not_in_region.
create function private.address_problem(address jsonb, region text) returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  field text;
  max_length integer;
begin
  if address is null or jsonb_typeof(address) <> 'object' then
    return 'address:missing';
  end if;
  for field, max_length in select * from (values ('name', 100), ('line1', 100), ('line2', 100), ('postalCode', 16), ('city', 80), ('country', 2), ('phone', 30)) as f (name, max_length) loop
    if jsonb_typeof(address -> field) is not null and jsonb_typeof(address -> field) <> 'string' then
      return field || ':invalid';
    end if;
    if field in ('name', 'line1', 'postalCode', 'city', 'country') and coalesce(address ->> field, '') = '' then
      return field || ':missing';
    end if;
    if char_length(coalesce(address ->> field, '')) > max_length then
      return field || ':too_long';
    end if;
    if coalesce(address ->> field, '') ~ '[[:cntrl:]]' then
      return field || ':invalid';
    end if;
  end loop;
  if (address ->> 'country') !~ '^[A-Z]{2}$' then
    return 'country:invalid';
  end if;
  if not exists (select 1 from public.shipping_countries c where c.country = address ->> 'country' and c.region = address_problem.region) then
    return 'country:not_in_region';
  end if;
  if not private.postcode_ok(address ->> 'country', address ->> 'postalCode') then
    return 'postalCode:invalid';
  end if;
  if address ? 'phone' and (address ->> 'phone') !~ '^\+?[0-9 ()/.-]{5,30}$' then
    return 'phone:invalid';
  end if;
  return null;
end;
$$;

revoke all on function private.postcode_ok(text, text) from public, anon, authenticated;
revoke all on function private.normalise_address(jsonb) from public, anon, authenticated;
revoke all on function private.address_problem(jsonb, text) from public, anon, authenticated;

-- The payment page's check, before anything is paid: {"ok": true, "address": normalised} or
-- {"ok": false, "field": …, "problem": …}. Reads nothing private.
create function public.check_shipping_address(address jsonb, shipping_region text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  normalised jsonb := private.normalise_address(address);
  problem text := private.address_problem(normalised, upper(coalesce(shipping_region, '')));
  field text;
begin
  -- A field that is not a text (a number, a list) is refused as sent, before normalising reads it as one.
  if jsonb_typeof(address) = 'object' then
    for field in select f from unnest(array['name', 'line1', 'line2', 'postalCode', 'city', 'country', 'phone']) f loop
      if jsonb_typeof(address -> field) not in ('string', 'null') then
        return jsonb_build_object('ok', false, 'field', field, 'problem', 'invalid');
      end if;
    end loop;
  end if;
  if problem is null then
    return jsonb_build_object('ok', true, 'address', normalised);
  end if;
  return jsonb_build_object('ok', false, 'field', split_part(problem, ':', 1), 'problem', split_part(problem, ':', 2));
end;
$$;
revoke all on function public.check_shipping_address(jsonb, text) from public;
grant execute on function public.check_shipping_address(jsonb, text) to service_role;

-- ── Tracking ───────────────────────────────────────────────────────────────────────────────
-- The carrier's public tracking page for a number; null for another carrier (the number is shown alone).
create function private.tracking_url(carrier text, tracking_number text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when tracking_number is null then null else
    case carrier
      when 'dhl' then 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=' || tracking_number
      when 'dpd' then 'https://tracking.dpd.de/status/de_DE/parcel/' || tracking_number
      when 'ups' then 'https://www.ups.com/track?tracknum=' || tracking_number
      when 'royal_mail' then 'https://www.royalmail.com/track-your-item#/tracking-results/' || tracking_number
      when 'usps' then 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' || tracking_number
    end
  end
$$;
revoke all on function private.tracking_url(text, text) from public, anon, authenticated;

-- ── Sessions: the address, the payment and the stock they hold ──────────────────────────────
-- stock: none (made before holds existed: taken when paid), held (taken from the variants when
-- the session opened), released (given back: expired or cancelled), sold (became an order's).
alter table public.checkout_sessions
  add column shipping_address jsonb,
  add column payment_intent text constraint checkout_sessions_payment_intent_length check (char_length(payment_intent) <= 255),
  add column expires_at timestamptz not null default now() + interval '30 minutes',
  add column stock text not null default 'none'
    constraint checkout_sessions_stock_check check (stock in ('none', 'held', 'released', 'sold'));
create index checkout_sessions_open_expires_at_idx on public.checkout_sessions (expires_at) where status = 'open';

-- ── Orders: who and where, what was paid back, how it travels ───────────────────────────────
alter table public.orders
  add column shipping_address jsonb,
  add column payment_intent text constraint orders_payment_intent_length check (char_length(payment_intent) <= 255),
  add column refunded_total integer not null default 0,
  add column carrier text constraint orders_carrier_check check (carrier in ('dhl', 'dpd', 'ups', 'royal_mail', 'usps', 'other')),
  add column tracking_number text
    constraint orders_tracking_number_format check (tracking_number ~ '^[A-Za-z0-9][A-Za-z0-9 -]{2,39}$'),
  -- Kept by a trigger from carrier and number (private.tracking_url), so readers need no rule of their own.
  add column tracking_url text constraint orders_tracking_url_length check (char_length(tracking_url) <= 2048),
  add column shipped_at timestamptz,
  add constraint orders_refunded_total_within check (refunded_total between 0 and total);

-- The tracking page follows carrier and number however they are written (ship_order, the seed, tooling).
create function private.orders_tracking_url() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.tracking_url := private.tracking_url(new.carrier, new.tracking_number);
  return new;
end;
$$;
revoke all on function private.orders_tracking_url() from public, anon, authenticated;
create trigger orders_tracking_url before insert or update of carrier, tracking_number on public.orders
  for each row execute function private.orders_tracking_url();

-- ── Refunds ────────────────────────────────────────────────────────────────────────────────
-- kind: cancel (the whole remaining amount, the order becomes refunded), partial (chosen lines),
-- unfulfillable (a payment that could not become an order: no order, the whole amount).
-- status: pending (asked of the payment provider), succeeded, failed (the order is as it was;
-- the admin may retry). One pending refund per order at a time: two clicks refund once.
create table public.refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid references public.orders (id) on delete restrict,
  checkout_session_id text not null references public.checkout_sessions (id) on delete restrict,
  kind text not null constraint refunds_kind_check check (kind in ('cancel', 'partial', 'unfulfillable')),
  amount integer not null constraint refunds_amount_positive check (amount > 0),
  currency text not null constraint refunds_currency_check check (currency in ('EUR', 'USD', 'GBP')),
  -- [{"itemId": uuid, "qty": n}] for cancel and partial; [] for unfulfillable.
  lines jsonb not null default '[]' constraint refunds_lines_array check (jsonb_typeof(lines) = 'array'),
  reason text not null constraint refunds_reason_length check (char_length(btrim(reason)) between 1 and 500),
  status text not null default 'pending' constraint refunds_status_check check (status in ('pending', 'succeeded', 'failed')),
  provider text not null constraint refunds_provider_check check (provider in ('local', 'stripe')),
  provider_refund_id text constraint refunds_provider_refund_id_length check (char_length(provider_refund_id) <= 255),
  failure text constraint refunds_failure_length check (char_length(failure) <= 1000),
  attempts integer not null default 0,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint refunds_order_unless_unfulfillable check ((kind = 'unfulfillable') = (order_id is null))
);
create unique index refunds_one_pending_per_order on public.refunds (order_id) where status = 'pending' and order_id is not null;
create unique index refunds_one_per_unfulfilled_session on public.refunds (checkout_session_id) where kind = 'unfulfillable';
create index refunds_order_id_idx on public.refunds (order_id, created_at);
create index refunds_created_at_idx on public.refunds (created_at desc);
create trigger refunds_set_updated_at before update on public.refunds
  for each row execute function private.set_updated_at();

-- ── The timeline ───────────────────────────────────────────────────────────────────────────
create table public.order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null constraint order_events_kind_check
    check (kind in ('paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded', 'refund_failed', 'email_sent')),
  at timestamptz not null default clock_timestamp(),
  actor uuid references auth.users (id) on delete set null,
  -- shipped: {carrier, trackingNumber}; refunded/refund_failed: {amount, currency, reason, kind[, failure]};
  -- email_sent: {email: confirmation | shipped | refunded}.
  data jsonb not null default '{}'
);
create index order_events_order_id_idx on public.order_events (order_id, at, id);

-- ── E-mails about an order after its confirmation (the outbox of ADR 0014, second kind) ─────
create table public.order_notices (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint order_notices_kind_check check (kind in ('shipped', 'refunded')),
  order_id uuid references public.orders (id) on delete cascade,
  refund_id uuid references public.refunds (id) on delete cascade,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint order_notices_subject check ((kind = 'shipped' and order_id is not null) or (kind = 'refunded' and refund_id is not null))
);
create index order_notices_unsent_idx on public.order_notices (created_at) where sent_at is null;

-- ── Rate limits kept in the database (every instance shares them) ──────────────────────────
create table private.rate_limit_hits (
  bucket text not null,
  at timestamptz not null default now()
);
create index rate_limit_hits_bucket_at_idx on private.rate_limit_hits (bucket, at);

-- True when one more hit of `bucket` stays within max_hits per window (and records it); false
-- (recording nothing) when the bucket is full. Old hits are swept as it goes.
create function public.take_rate_limit(bucket text, max_hits integer, window_seconds integer) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  used integer;
begin
  if bucket is null or char_length(bucket) not between 1 and 200 or max_hits is null or max_hits < 1 or window_seconds is null or window_seconds not between 1 and 86400 then
    raise exception 'bucket must be 1 to 200 characters, max_hits at least 1, window_seconds 1 to 86400';
  end if;
  perform pg_advisory_xact_lock(hashtext('rate:' || bucket));
  delete from private.rate_limit_hits h where h.bucket = take_rate_limit.bucket and h.at < now() - make_interval(secs => window_seconds);
  select count(*) into used from private.rate_limit_hits h where h.bucket = take_rate_limit.bucket;
  if used >= max_hits then
    return false;
  end if;
  insert into private.rate_limit_hits (bucket) values (take_rate_limit.bucket);
  return true;
end;
$$;
revoke all on function public.take_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, integer, integer) to service_role;

-- ── price_cart: shipping from the rates in the cart's currency ──────────────────────────────
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
  if not exists (select 1 from public.shipping_regions r where r.code = region_code) then
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
           v.inventory, v.archived_at, p.currency, p.status,
           (select m.url from public.media m where m.product_id = p.id
            order by m.is_primary desc, m.sort_order, m.created_at limit 1) as image
    from unnest(variant_ids, quantities) with ordinality as c (variant_id, qty, position)
    left join public.variants v on v.id = c.variant_id
    left join public.products p on p.id = v.product_id
    order by c.position
  loop
    -- Unpublished products and archived variants are reported as missing: their existence is not public.
    if line.found_id is null or line.status <> 'published' or line.archived_at is not null then
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

  select r.standard_rate, r.free_from into region_rate, region_free_from
  from public.shipping_rates r
  where r.region = region_code and r.currency = cart_currency;
  if not found then
    raise exception 'we do not ship % carts to region %', cart_currency, region_code;
  end if;

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

-- ── Stock: same lock order everywhere (products by id, then variants by id) ─────────────────
create function private.lock_products_of(variant_ids uuid[]) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.products p
  where p.id in (select v.product_id from public.variants v where v.id = any (variant_ids))
  order by p.id
  for no key update;
end;
$$;

-- Adds the given quantities ([{variant_id, qty}], repeats summed) back to their variants; gone ones are skipped.
create function private.return_stock(lines jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  line record;
begin
  perform private.lock_products_of(array(select (l ->> 'variant_id')::uuid from jsonb_array_elements(lines) l where l ->> 'variant_id' is not null));
  for line in
    select (l ->> 'variant_id')::uuid as variant_id, sum((l ->> 'qty')::integer)::integer as qty
    from jsonb_array_elements(lines) l
    where l ->> 'variant_id' is not null
    group by 1
    order by 1
  loop
    update public.variants v set inventory = v.inventory + line.qty where v.id = line.variant_id;
  end loop;
end;
$$;

-- Takes the quantities of a session's lines, all or nothing: null when done, else the first line
-- that could not be taken as {variantId, available}.
create function private.take_stock(lines jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  line record;
  available integer;
  short jsonb;
begin
  perform private.lock_products_of(array(select (l ->> 'variant_id')::uuid from jsonb_array_elements(lines) l));
  -- A block of its own: when a later line falls short, the earlier lines' decrements are undone.
  begin
    for line in
      select (l ->> 'variant_id')::uuid as variant_id, sum((l ->> 'qty')::integer)::integer as qty
      from jsonb_array_elements(lines) l
      group by 1
      order by 1
    loop
      update public.variants v
      set inventory = v.inventory - line.qty
      where v.id = line.variant_id
        and v.inventory >= line.qty;
      if not found then
        select v.inventory into available from public.variants v where v.id = line.variant_id;
        short := jsonb_build_object('variantId', line.variant_id, 'available', coalesce(available, 0));
        raise exception 'short' using errcode = 'NP001';
      end if;
    end loop;
  exception when sqlstate 'NP001' then
    return short;
  end;
  return null;
end;
$$;

revoke all on function private.lock_products_of(uuid[]) from public, anon, authenticated;
revoke all on function private.return_stock(jsonb) from public, anon, authenticated;
revoke all on function private.take_stock(jsonb) from public, anon, authenticated;

-- ── Opening a session: the row and its stock hold, in one transaction ───────────────────────
-- `checkout` is the row create-checkout-session built (as sessionRow). The stock of every line is
-- taken now and held until the session is paid, expires or is cancelled; when a line cannot be
-- held nothing is written and the refusal reads as price_cart's (hint sold_out or
-- insufficient_stock, detail {variantId, available}). A signed-in customer's last address is
-- offered again (their newest order's).
create function public.open_checkout_session(checkout jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  opened public.checkout_sessions;
  short jsonb;
  last_address jsonb;
begin
  opened := jsonb_populate_record(null::public.checkout_sessions, checkout);
  if opened.id is null or jsonb_typeof(opened.line_items) is distinct from 'array' then
    raise exception 'a session needs an id and its priced lines';
  end if;
  if opened.user_id is not null and opened.shipping_address is null then
    select o.shipping_address into last_address
    from public.orders o
    where o.user_id = opened.user_id and o.shipping_address is not null
    order by o.created_at desc
    limit 1;
  end if;

  short := private.take_stock(opened.line_items);
  if short is not null then
    if (short ->> 'available')::integer = 0 then
      raise exception 'sold out' using hint = 'sold_out', detail = short::text;
    end if;
    raise exception 'only % left', short ->> 'available' using hint = 'insufficient_stock', detail = short::text;
  end if;

  insert into public.checkout_sessions (id, provider, user_id, email, line_items, amount_subtotal, amount_shipping, amount_total,
                                        currency, success_url, cancel_url, url, status, shipping_region, locale, shipping_address,
                                        expires_at, stock)
  values (opened.id, opened.provider, opened.user_id, opened.email, opened.line_items, opened.amount_subtotal, opened.amount_shipping,
          opened.amount_total, opened.currency, opened.success_url, opened.cancel_url, opened.url, 'open', opened.shipping_region,
          opened.locale, coalesce(opened.shipping_address, last_address),
          coalesce(nullif(checkout ->> 'expires_at', '')::timestamptz, now() + interval '30 minutes'), 'held')
  returning * into opened;
  return jsonb_build_object('id', opened.id, 'expiresAt', opened.expires_at, 'shippingAddress', opened.shipping_address);
end;
$$;
revoke all on function public.open_checkout_session(jsonb) from public, anon, authenticated;
grant execute on function public.open_checkout_session(jsonb) to service_role;

-- Ends one open session (cancelled, or expired at the provider): status expired, held stock back.
-- True when it was open; false for one already paid or ended; an unknown id raises.
create function public.expire_checkout_session(session_id text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  checkout public.checkout_sessions;
begin
  select * into checkout from public.checkout_sessions s where s.id = expire_checkout_session.session_id for update;
  if not found then
    raise exception 'checkout session % not found', expire_checkout_session.session_id using hint = 'unknown_session';
  end if;
  if checkout.status <> 'open' then
    return false;
  end if;
  if checkout.stock = 'held' then
    perform private.return_stock(checkout.line_items);
  end if;
  update public.checkout_sessions s
  set status = 'expired', stock = case when checkout.stock = 'held' then 'released' else s.stock end
  where s.id = checkout.id;
  return true;
end;
$$;

-- Every open session past its expires_at: expired, stock back. Returns how many.
create function public.expire_checkout_sessions() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  expired_id text;
  n integer := 0;
begin
  for expired_id in
    select s.id from public.checkout_sessions s
    where s.status = 'open' and s.expires_at <= now()
    order by s.expires_at
    limit 500
    for update skip locked
  loop
    if public.expire_checkout_session(expired_id) then
      n := n + 1;
    end if;
  end loop;
  return n;
end;
$$;

revoke all on function public.expire_checkout_session(text) from public, anon, authenticated;
revoke all on function public.expire_checkout_sessions() from public, anon, authenticated;
grant execute on function public.expire_checkout_session(text) to service_role;
grant execute on function public.expire_checkout_sessions() to service_role;

-- ── Settling a paid session: an order, or a refund — never nothing ──────────────────────────
-- payment: {paymentIntent?, email?, address?} as the provider reports them. A replay answers what
-- the first settlement made. The session becomes an order when every line still exists, is
-- published, is sold at the price the customer paid, and its stock is held (or can be taken
-- now, for a session that expired before the payment arrived). Otherwise the whole payment is
-- refunded: a pending refund is recorded (the caller asks the provider for it) and the customer
-- told by e-mail once it succeeds.
-- Returns {"outcome": "order", "orderId", "orderNumber"} or {"outcome": "refund", "refundId", "reason"}.
create function public.settle_checkout_session(session_id text, payment jsonb default '{}') returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  checkout public.checkout_sessions;
  placed public.orders;
  refund public.refunds;
  paid_email text;
  paid_address jsonb;
  problem text;
  short jsonb;
begin
  if payment is null or jsonb_typeof(payment) <> 'object' then
    raise exception 'payment must be a JSON object';
  end if;
  select * into checkout from public.checkout_sessions s where s.id = settle_checkout_session.session_id for update;
  if not found then
    raise exception 'checkout session % not found', settle_checkout_session.session_id using hint = 'unknown_session';
  end if;

  if checkout.status = 'complete' then
    select * into placed from public.orders o where o.checkout_session_id = checkout.id;
    if found then
      return jsonb_build_object('outcome', 'order', 'orderId', placed.id, 'orderNumber', placed.order_number, 'replay', true);
    end if;
    select * into refund from public.refunds r where r.checkout_session_id = checkout.id and r.kind = 'unfulfillable';
    return jsonb_build_object('outcome', 'refund', 'refundId', refund.id, 'reason', refund.reason, 'replay', true);
  end if;

  -- What the payment page collected. The provider validated its own form; an address we cannot
  -- store as given is kept normalised as far as it goes rather than losing a paid order.
  paid_email := lower(nullif(btrim(coalesce(payment ->> 'email', '')), ''));
  if paid_email is not null and (char_length(paid_email) > 254 or not private.is_email_address(paid_email)) then
    paid_email := null;
  end if;
  paid_address := case when jsonb_typeof(payment -> 'address') = 'object' then private.normalise_address(payment -> 'address') end;
  update public.checkout_sessions s
  set email = coalesce(s.email, paid_email),
      shipping_address = coalesce(paid_address, s.shipping_address),
      payment_intent = coalesce(nullif(payment ->> 'paymentIntent', ''), s.payment_intent, 'pi_' || s.id)
  where s.id = checkout.id
  returning * into checkout;

  -- Can it become an order?
  select case
           when v.id is null or p.status is distinct from 'published' or v.archived_at is not null then 'unavailable'
           when v.price <> (l ->> 'unit_price')::integer then 'price_changed'
         end
  into problem
  from jsonb_array_elements(checkout.line_items) l
  left join public.variants v on v.id = (l ->> 'variant_id')::uuid
  left join public.products p on p.id = v.product_id
  where v.id is null or p.status is distinct from 'published' or v.archived_at is not null or v.price <> (l ->> 'unit_price')::integer
  limit 1;

  if problem is null and checkout.stock <> 'held' then
    short := private.take_stock(checkout.line_items);
    if short is not null then
      problem := 'sold_out';
    end if;
  end if;

  if problem is not null then
    if checkout.stock = 'held' then
      perform private.return_stock(checkout.line_items);
    end if;
    update public.checkout_sessions s
    set status = 'complete', completed_at = now(), stock = case when checkout.stock = 'held' then 'released' else s.stock end
    where s.id = checkout.id;
    insert into public.refunds (checkout_session_id, kind, amount, currency, reason, provider)
    values (checkout.id, 'unfulfillable', checkout.amount_total, checkout.currency, problem, checkout.provider)
    returning * into refund;
    return jsonb_build_object('outcome', 'refund', 'refundId', refund.id, 'reason', problem);
  end if;

  insert into public.orders (user_id, customer_email, status, subtotal, shipping, total, currency, checkout_session_id,
                             shipping_region, locale, shipping_address, payment_intent)
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
    checkout.locale,
    checkout.shipping_address,
    checkout.payment_intent
  )
  returning * into placed;

  insert into public.order_items (order_id, product_id, variant_id, title, sku, size, color, image, position, unit_price, qty, line_total)
  select placed.id, v.product_id, v.id, l.line ->> 'title', l.line ->> 'sku', l.line ->> 'size', l.line ->> 'color',
         case when char_length(l.line ->> 'image') <= 2048 then l.line ->> 'image' end,
         l.position::integer,
         (l.line ->> 'unit_price')::integer,
         (l.line ->> 'qty')::integer,
         (l.line ->> 'unit_price')::integer * (l.line ->> 'qty')::integer
  from jsonb_array_elements(checkout.line_items) with ordinality as l (line, position)
  join public.variants v on v.id = (l.line ->> 'variant_id')::uuid;

  insert into public.order_events (order_id, kind) values (placed.id, 'paid');
  insert into public.order_emails (order_id) values (placed.id);
  update public.checkout_sessions s set status = 'complete', completed_at = now(), stock = 'sold' where s.id = checkout.id;
  return jsonb_build_object('outcome', 'order', 'orderId', placed.id, 'orderNumber', placed.order_number);
end;
$$;
revoke all on function public.settle_checkout_session(text, jsonb) from public, anon, authenticated;
grant execute on function public.settle_checkout_session(text, jsonb) to service_role;

-- The former entry point, kept for callers that want an order or an error: a payment that cannot
-- become one raises out_of_stock and keeps nothing (the refund path is settle_checkout_session's).
create or replace function public.fulfil_checkout_session(session_id text) returns public.orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  settled jsonb;
  placed public.orders;
begin
  settled := public.settle_checkout_session(fulfil_checkout_session.session_id, '{}');
  if settled ->> 'outcome' <> 'order' then
    raise exception 'out_of_stock' using detail = format('checkout session %s: %s', fulfil_checkout_session.session_id, settled ->> 'reason');
  end if;
  select * into placed from public.orders o where o.id = (settled ->> 'orderId')::uuid;
  return placed;
end;
$$;

-- An expired session that was never paid keeps raising, as before, for fulfil_checkout_session's
-- callers; settle_checkout_session takes the payment it is told of (see above).

-- ── Refunds: asked for, then completed or failed by the caller that talks to the provider ───
-- What one line may still give back: ordered minus refunded (succeeded or pending).
create function private.refundable_qty(item_id uuid) returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select oi.qty - coalesce((
    select sum((l ->> 'qty')::integer)
    from public.refunds r, jsonb_array_elements(r.lines) l
    where r.order_id = oi.order_id and r.status in ('pending', 'succeeded') and l ->> 'itemId' = oi.id::text
  ), 0)::integer
  from public.order_items oi
  where oi.id = item_id
$$;
revoke all on function private.refundable_qty(uuid) from public, anon, authenticated;

-- An admin's refund: `lines` [{itemId, qty}] for a partial one, or cancel = true for the whole
-- remaining amount (only before shipping). Locks the order, so two admins (or two clicks) refund
-- once: the second finds the lines refunded or a refund in progress. Returns the pending refund
-- with what the provider needs.
create function public.request_refund(order_id uuid, lines jsonb default '[]', reason text default null, cancel boolean default false) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.orders;
  paid_through public.checkout_sessions;
  refund public.refunds;
  line record;
  wanted jsonb := '[]';
  amount integer := 0;
  remaining integer;
  n integer := 0;
begin
  if not coalesce(public.is_admin(), false) and coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only an admin can refund an order' using errcode = '42501';
  end if;
  if reason is null or char_length(btrim(reason)) = 0 then
    raise exception 'Give a reason for the refund' using hint = 'reason_missing';
  end if;
  if char_length(btrim(reason)) > 500 then
    raise exception 'The reason can be at most 500 characters' using hint = 'reason_too_long';
  end if;
  select * into target from public.orders o where o.id = request_refund.order_id for update;
  if not found then
    raise exception 'Order not found' using hint = 'not_found';
  end if;
  if exists (select 1 from public.refunds r where r.order_id = target.id and r.status = 'pending') then
    raise exception 'A refund of this order is already in progress' using hint = 'refund_in_progress';
  end if;
  if target.status not in ('paid', 'processing', 'shipped', 'delivered') then
    raise exception 'An order that is % cannot be refunded', target.status using hint = 'not_refundable';
  end if;
  remaining := target.total - target.refunded_total;
  select * into paid_through from public.checkout_sessions s where s.id = target.checkout_session_id;

  if cancel then
    if target.status not in ('paid', 'processing') then
      raise exception 'Only an order that has not shipped can be cancelled' using hint = 'not_cancellable';
    end if;
    select coalesce(jsonb_agg(jsonb_build_object('itemId', oi.id, 'qty', q.qty) order by oi.position, oi.id), '[]')
    into wanted
    from public.order_items oi
    cross join lateral (select private.refundable_qty(oi.id) as qty) q
    where oi.order_id = target.id and q.qty > 0;
    amount := remaining;
  else
    if lines is null or jsonb_typeof(lines) <> 'array' or jsonb_array_length(lines) = 0 then
      raise exception 'Choose at least one line to refund' using hint = 'lines_missing';
    end if;
    for line in select value as l from jsonb_array_elements(lines) loop
      n := n + 1;
      if jsonb_typeof(line.l) <> 'object' or jsonb_typeof(line.l -> 'qty') <> 'number'
         or coalesce(line.l ->> 'itemId', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         or (line.l ->> 'qty')::numeric <> trunc((line.l ->> 'qty')::numeric) or (line.l ->> 'qty')::numeric < 1 then
        raise exception 'Line %: give an itemId and a whole quantity of at least 1', n using hint = 'lines_invalid';
      end if;
    end loop;
    for line in
      select oi.id, oi.unit_price, oi.title, sum((l ->> 'qty')::integer)::integer as qty, private.refundable_qty(oi.id) as refundable
      from jsonb_array_elements(lines) l
      left join public.order_items oi on oi.id = (l ->> 'itemId')::uuid and oi.order_id = target.id
      group by oi.id, oi.unit_price, oi.title
    loop
      if line.id is null then
        raise exception 'A line is not part of this order' using hint = 'lines_invalid';
      end if;
      if line.qty > line.refundable then
        raise exception 'Only % of "%" can still be refunded', line.refundable, line.title using hint = 'over_refund';
      end if;
      wanted := wanted || jsonb_build_array(jsonb_build_object('itemId', line.id, 'qty', line.qty));
      amount := amount + line.unit_price * line.qty;
    end loop;
    if amount > remaining then
      raise exception 'At most % can still be refunded', remaining using hint = 'over_refund';
    end if;
  end if;
  if amount <= 0 then
    raise exception 'Nothing of this order is left to refund' using hint = 'over_refund';
  end if;

  insert into public.refunds (order_id, checkout_session_id, kind, amount, currency, lines, reason, provider, created_by)
  values (target.id, target.checkout_session_id, case when cancel then 'cancel' else 'partial' end, amount, target.currency, wanted,
          btrim(reason), coalesce(paid_through.provider, 'local'), auth.uid())
  returning * into refund;
  return private.refund_json(refund.id);
end;
$$;

-- A refund as the functions and the admin read it.
create function private.refund_json(refund_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', r.id, 'orderId', r.order_id, 'kind', r.kind, 'amount', r.amount, 'currency', r.currency, 'lines', r.lines,
    'reason', r.reason, 'status', r.status, 'provider', r.provider, 'providerRefundId', r.provider_refund_id,
    'failure', r.failure, 'attempts', r.attempts, 'createdAt', r.created_at,
    'paymentIntent', coalesce(o.payment_intent, s.payment_intent), 'checkoutSessionId', r.checkout_session_id
  )
  from public.refunds r
  left join public.orders o on o.id = r.order_id
  left join public.checkout_sessions s on s.id = r.checkout_session_id
  where r.id = refund_id
$$;
revoke all on function private.refund_json(uuid) from public, anon, authenticated;

-- Retry of a failed (or stuck pending) refund by an admin: pending again, same idempotency key.
create function public.retry_refund(refund_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  refund public.refunds;
begin
  if not coalesce(public.is_admin(), false) and coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only an admin can refund an order' using errcode = '42501';
  end if;
  select * into refund from public.refunds r where r.id = retry_refund.refund_id for update;
  if not found then
    raise exception 'Refund not found' using hint = 'not_found';
  end if;
  if refund.status = 'succeeded' then
    raise exception 'This refund has already been paid back' using hint = 'already_refunded';
  end if;
  if refund.status = 'failed' and refund.order_id is not null
     and exists (select 1 from public.refunds r where r.order_id = refund.order_id and r.status = 'pending') then
    raise exception 'A refund of this order is already in progress' using hint = 'refund_in_progress';
  end if;
  update public.refunds r set status = 'pending', failure = null where r.id = refund.id;
  return private.refund_json(refund.id);
end;
$$;

-- The provider paid it back: the order's refunded total, its stock (the refunded lines, once),
-- its status (refunded after a cancel or once nothing is left), the timeline and the e-mail.
create function public.complete_refund(refund_id uuid, provider_refund_id text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  refund public.refunds;
  target public.orders;
  restock jsonb;
begin
  select * into refund from public.refunds r where r.id = complete_refund.refund_id for update;
  if not found then
    raise exception 'Refund not found' using hint = 'not_found';
  end if;
  if refund.status = 'succeeded' then
    return private.refund_json(refund.id);
  end if;
  update public.refunds r
  set status = 'succeeded', provider_refund_id = complete_refund.provider_refund_id, failure = null, attempts = r.attempts + 1
  where r.id = refund.id;

  if refund.order_id is not null then
    select * into target from public.orders o where o.id = refund.order_id for update;
    select coalesce(jsonb_agg(jsonb_build_object('variant_id', oi.variant_id, 'qty', (l ->> 'qty')::integer)), '[]')
    into restock
    from jsonb_array_elements(refund.lines) l
    join public.order_items oi on oi.id = (l ->> 'itemId')::uuid
    where oi.variant_id is not null;
    -- Stock taken by fulfilment comes back once: a cancel after an earlier cancel of status finds stock_returned_at.
    if target.stock_returned_at is null then
      perform private.return_stock(restock);
    end if;
    update public.orders o
    set refunded_total = o.refunded_total + refund.amount,
        status = case when refund.kind = 'cancel' or o.refunded_total + refund.amount >= o.total then 'refunded' else o.status end,
        stock_returned_at = case when refund.kind = 'cancel' or o.refunded_total + refund.amount >= o.total then coalesce(o.stock_returned_at, now()) else o.stock_returned_at end
    where o.id = refund.order_id;
    insert into public.order_events (order_id, kind, actor, data)
    values (refund.order_id, 'refunded', refund.created_by,
            jsonb_build_object('amount', refund.amount, 'currency', refund.currency, 'reason', refund.reason, 'kind', refund.kind, 'lines', refund.lines));
  end if;
  insert into public.order_notices (kind, order_id, refund_id) values ('refunded', refund.order_id, refund.id);
  return private.refund_json(refund.id);
end;
$$;

-- The provider refused or could not be reached: the order stays as it was, the admin sees why.
create function public.fail_refund(refund_id uuid, failure text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  refund public.refunds;
begin
  select * into refund from public.refunds r where r.id = fail_refund.refund_id for update;
  if not found then
    raise exception 'Refund not found' using hint = 'not_found';
  end if;
  if refund.status <> 'pending' then
    return private.refund_json(refund.id);
  end if;
  update public.refunds r
  set status = 'failed', failure = left(coalesce(nullif(btrim(fail_refund.failure), ''), 'The payment provider refused the refund'), 1000), attempts = r.attempts + 1
  where r.id = refund.id;
  if refund.order_id is not null then
    insert into public.order_events (order_id, kind, actor, data)
    values (refund.order_id, 'refund_failed', refund.created_by,
            jsonb_build_object('amount', refund.amount, 'currency', refund.currency, 'reason', refund.reason, 'kind', refund.kind,
                               'failure', left(coalesce(nullif(btrim(fail_refund.failure), ''), 'The payment provider refused the refund'), 1000)));
  end if;
  return private.refund_json(refund.id);
end;
$$;

revoke all on function public.request_refund(uuid, jsonb, text, boolean) from public, anon;
revoke all on function public.retry_refund(uuid) from public, anon;
revoke all on function public.complete_refund(uuid, text) from public, anon, authenticated;
revoke all on function public.fail_refund(uuid, text) from public, anon, authenticated;
grant execute on function public.request_refund(uuid, jsonb, text, boolean) to authenticated, service_role;
grant execute on function public.retry_refund(uuid) to authenticated, service_role;
grant execute on function public.complete_refund(uuid, text) to service_role;
grant execute on function public.fail_refund(uuid, text) to service_role;

-- ── Shipping with tracking ─────────────────────────────────────────────────────────────────
-- An admin marks a paid or processing order shipped, with an optional carrier and tracking
-- number; the status trigger writes the timeline and queues the customer's e-mail.
create function public.ship_order(order_id uuid, carrier text default null, tracking_number text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.orders;
  number text := nullif(btrim(coalesce(tracking_number, '')), '');
  chosen text := nullif(btrim(coalesce(carrier, '')), '');
begin
  if not coalesce(public.is_admin(), false) and coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only an admin can ship an order' using errcode = '42501';
  end if;
  if chosen is not null and chosen not in ('dhl', 'dpd', 'ups', 'royal_mail', 'usps', 'other') then
    raise exception 'Unknown carrier %: use dhl, dpd, ups, royal_mail, usps or other', chosen using hint = 'carrier_invalid';
  end if;
  if number is not null and number !~ '^[A-Za-z0-9][A-Za-z0-9 -]{2,39}$' then
    raise exception 'A tracking number has 3 to 40 letters, digits, spaces or hyphens' using hint = 'tracking_invalid';
  end if;
  select * into target from public.orders o where o.id = ship_order.order_id for update;
  if not found then
    raise exception 'Order not found' using hint = 'not_found';
  end if;
  if target.status not in ('paid', 'processing') then
    raise exception 'An order that is % cannot be shipped', target.status using hint = 'stale';
  end if;
  if exists (select 1 from public.refunds r where r.order_id = target.id and r.status = 'pending') then
    raise exception 'A refund of this order is in progress' using hint = 'refund_in_progress';
  end if;
  update public.orders o
  set status = 'shipped', carrier = coalesce(chosen, case when number is not null then 'other' end), tracking_number = number
  where o.id = target.id
  returning * into target;
  return jsonb_build_object('status', target.status, 'updatedAt', target.updated_at, 'carrier', target.carrier,
                            'trackingNumber', target.tracking_number, 'trackingUrl', target.tracking_url, 'shippedAt', target.shipped_at);
end;
$$;
revoke all on function public.ship_order(uuid, text, text) from public, anon;
grant execute on function public.ship_order(uuid, text, text) to authenticated, service_role;

-- ── Status moves (replaces admin.sql's): a paid order is cancelled only by refunding it ──────
-- Admins move pending → cancelled, paid → processing | shipped, processing → shipped, shipped →
-- delivered. `refunded` is set by complete_refund only. Every move is written to the timeline
-- with who made it; shipping stamps shipped_at and queues the shipping e-mail.
create or replace function private.order_status_moves() returns trigger
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
      when 'paid' then array['processing', 'shipped']
      when 'processing' then array['shipped']
      when 'shipped' then array['delivered']
      else array[]::text[]
    end;
    if not (new.status = any (allowed)) then
      if new.status = 'cancelled' and old.status in ('paid', 'processing') then
        raise exception 'A paid order is cancelled by refunding it' using errcode = '22023';
      end if;
      raise exception 'Cannot change an order from % to %', old.status, new.status using errcode = '22023';
    end if;
  end if;
  if new.status = 'cancelled' and old.status in ('paid', 'processing') and old.stock_returned_at is null then
    perform private.return_order_stock(old.id);
    new.stock_returned_at := now();
  end if;
  if new.status = 'shipped' then
    new.shipped_at := coalesce(new.shipped_at, now());
  end if;
  return new;
end;
$$;

create function private.order_status_logged() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('processing', 'shipped', 'delivered', 'cancelled') then
    insert into public.order_events (order_id, kind, actor, data)
    values (new.id, new.status, auth.uid(),
            case when new.status = 'shipped' then jsonb_strip_nulls(jsonb_build_object('carrier', new.carrier, 'trackingNumber', new.tracking_number)) else '{}' end);
  end if;
  if new.status = 'shipped' and new.customer_email is not null then
    insert into public.order_notices (kind, order_id) values ('shipped', new.id);
  end if;
  return null;
end;
$$;
revoke all on function private.order_status_logged() from public, anon, authenticated;
create trigger orders_status_logged after update of status on public.orders
  for each row when (old.status is distinct from new.status)
  execute function private.order_status_logged();

-- ── Sending the shipping and refund e-mails ────────────────────────────────────────────────
-- As claim_order_emails: a batch is marked sent and returned; what a sender could not deliver is
-- released. Each claimed e-mail is written to its order's timeline. Notices without a recipient
-- (no e-mail known) stay marked and are not returned.
create function public.claim_order_notices(max_count integer default 20) returns jsonb
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
  with picked as (
    select n.id from public.order_notices n
    where n.sent_at is null
    order by n.created_at, n.id
    limit max_count
    for update skip locked
  ), marked as (
    update public.order_notices n set sent_at = now() from picked where n.id = picked.id returning n.id
  )
  select coalesce(array_agg(marked.id), '{}') into claimed from marked;

  select coalesce(jsonb_agg(x.notice order by x.created_at, x.id), '[]') into result
  from (
    select n.id, n.created_at, jsonb_build_object(
             'id', n.id,
             'kind', n.kind,
             'email', coalesce(o.customer_email, s.email),
             'locale', coalesce(o.locale, s.locale, 'en'),
             'orderNumber', o.order_number,
             'currency', coalesce(o.currency, r.currency),
             'carrier', o.carrier,
             'trackingNumber', o.tracking_number,
             'trackingUrl', o.tracking_url,
             'shippingAddress', coalesce(o.shipping_address, s.shipping_address),
             'refund', case when r.id is null then null else jsonb_build_object(
               'kind', r.kind, 'amount', r.amount, 'reason', r.reason,
               'orderTotal', o.total, 'refundedTotal', o.refunded_total,
               'items', (
                 select coalesce(jsonb_agg(jsonb_build_object(
                          'title', case when coalesce(o.locale, s.locale) = 'de' then coalesce(nullif(btrim(p.title_de), ''), oi.title) else oi.title end,
                          'size', oi.size, 'color', oi.color, 'qty', (l ->> 'qty')::integer, 'unitPrice', oi.unit_price
                        ) order by oi.position nulls last, oi.id), '[]')
                 from jsonb_array_elements(r.lines) l
                 join public.order_items oi on oi.id = (l ->> 'itemId')::uuid
                 left join public.products p on p.id = oi.product_id
               )
             ) end
           ) as notice
    from public.order_notices n
    left join public.refunds r on r.id = n.refund_id
    left join public.orders o on o.id = coalesce(n.order_id, r.order_id)
    left join public.checkout_sessions s on s.id = r.checkout_session_id
    where n.id = any (claimed)
  ) x
  where x.notice ->> 'email' is not null;

  insert into public.order_events (order_id, kind, data)
  select coalesce(n.order_id, r.order_id), 'email_sent', jsonb_build_object('email', n.kind)
  from public.order_notices n
  left join public.refunds r on r.id = n.refund_id
  where n.id = any (claimed) and coalesce(n.order_id, r.order_id) is not null;
  return result;
end;
$$;

create function public.release_order_notice(notice_id uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  released public.order_notices;
begin
  update public.order_notices n set sent_at = null where n.id = release_order_notice.notice_id and n.sent_at is not null returning * into released;
  if not found then
    return false;
  end if;
  -- The e-mail did not go: its timeline entry goes too (the newest one of its kind).
  delete from public.order_events e
  where e.id = (
    select e2.id from public.order_events e2
    where e2.order_id = coalesce(released.order_id, (select r.order_id from public.refunds r where r.id = released.refund_id))
      and e2.kind = 'email_sent' and e2.data ->> 'email' = released.kind
    order by e2.at desc, e2.id desc limit 1
  );
  return true;
end;
$$;

revoke all on function public.claim_order_notices(integer) from public, anon, authenticated;
revoke all on function public.release_order_notice(uuid) from public, anon, authenticated;
grant execute on function public.claim_order_notices(integer) to service_role;
grant execute on function public.release_order_notice(uuid) to service_role;

-- The confirmation e-mail also goes on the timeline when it is claimed.
create function private.order_email_logged() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.sent_at is not null and old.sent_at is null then
    insert into public.order_events (order_id, kind, data) values (new.order_id, 'email_sent', '{"email": "confirmation"}');
  elsif new.sent_at is null and old.sent_at is not null then
    delete from public.order_events e
    where e.id = (select e2.id from public.order_events e2 where e2.order_id = new.order_id and e2.kind = 'email_sent' and e2.data ->> 'email' = 'confirmation'
                  order by e2.at desc, e2.id desc limit 1);
  end if;
  return null;
end;
$$;
revoke all on function private.order_email_logged() from public, anon, authenticated;
create trigger order_emails_logged after update of sent_at on public.order_emails
  for each row execute function private.order_email_logged();

-- ── Reading: timeline and refunds ──────────────────────────────────────────────────────────
-- The customer sees the dates of the steps of an order they may read; an admin sees everything
-- (who, amounts, reasons, failures). Oldest first.
create function public.order_timeline(order_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(
           case when public.is_admin() then
             jsonb_build_object('kind', e.kind, 'at', e.at, 'data', e.data, 'actor', u.email)
           else
             jsonb_build_object('kind', e.kind, 'at', e.at)
           end
           order by e.at, e.id), '[]')
  from public.order_events e
  left join auth.users u on u.id = e.actor
  where e.order_id = order_timeline.order_id
    and exists (
      select 1 from public.orders o
      where o.id = order_timeline.order_id
        and (public.is_admin()
             or o.user_id = auth.uid()
             or lower(o.customer_email) = lower(auth.jwt() ->> 'email'))
    )
    and (public.is_admin() or e.kind <> 'refund_failed')
$$;
revoke all on function public.order_timeline(uuid) from public, anon;
grant execute on function public.order_timeline(uuid) to authenticated, service_role;

alter table public.refunds enable row level security;
alter table public.order_events enable row level security;
alter table public.order_notices enable row level security;
revoke all on table public.refunds, public.order_events, public.order_notices from anon, authenticated;
grant all on table public.refunds, public.order_events, public.order_notices to service_role;
grant select on table public.refunds to authenticated;
create policy "admins read refunds" on public.refunds
  for select to authenticated
  using ((select public.is_admin()));

-- ── A paid order by its checkout session: guest orders only (ADR 0013, amended by 0021) ─────
-- A registered customer's order is read signed in; the link alone shows nothing of it.
create or replace function public.order_by_checkout_session(session_id text) returns jsonb
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
           'shippingAddress', o.shipping_address,
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
    and o.user_id is null
$$;

-- Whether a checkout session's order belongs to an account (so the success page asks to sign in
-- instead of showing a guest's confirmation). Says nothing else.
create function public.checkout_session_needs_sign_in(session_id text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.orders o
    where checkout_session_needs_sign_in.session_id ~ '^cs_[A-Za-z0-9_]{1,250}$'
      and o.checkout_session_id = checkout_session_needs_sign_in.session_id
      and o.user_id is not null
  )
$$;
revoke all on function public.checkout_session_needs_sign_in(text) from public;
grant execute on function public.checkout_session_needs_sign_in(text) to anon, authenticated, service_role;

-- ── The confirmation e-mail names where the order goes ─────────────────────────────────────
create or replace function public.claim_order_emails(max_count integer default 20) returns jsonb
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
           'shippingAddress', o.shipping_address,
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
