-- Issue 20, item 2: the VAT contained in what a shopper pays (docs/adr/0023-vat-in-prices.md).

-- ── The rate table: the standard rate of each EU member state (OSS destination principle) ───
-- A country without a row charges no VAT of ours: a delivery outside the EU is a tax-free export.
create table public.vat_rates (
  country text primary key constraint vat_rates_country_format check (country ~ '^[A-Z]{2}$'),
  rate_basis_points integer not null constraint vat_rates_rate_range check (rate_basis_points between 0 and 10000)
);
alter table public.vat_rates enable row level security;
create policy vat_rates_public_read on public.vat_rates for select to anon, authenticated using (true);
revoke all on table public.vat_rates from anon, authenticated;
grant select on table public.vat_rates to anon, authenticated;
grant all on table public.vat_rates to service_role;

-- Standard rates in force on 1 January 2026 (FI 25.5 % since 1 Sept 2024, SK 23 % since 2025,
-- EE 24 % since 1 July 2025, RO 21 % since 1 Aug 2025).
insert into public.vat_rates (country, rate_basis_points) values
  ('AT', 2000),
  ('BE', 2100),
  ('BG', 2000),
  ('CY', 1900),
  ('CZ', 2100),
  ('DE', 1900),
  ('DK', 2500),
  ('EE', 2400),
  ('ES', 2100),
  ('FI', 2550),
  ('FR', 2000),
  ('GR', 2400),
  ('HR', 2500),
  ('HU', 2700),
  ('IE', 2300),
  ('IT', 2200),
  ('LT', 2100),
  ('LU', 1700),
  ('LV', 2100),
  ('MT', 1800),
  ('NL', 2100),
  ('PL', 2300),
  ('PT', 2300),
  ('RO', 2100),
  ('SE', 2500),
  ('SI', 2200),
  ('SK', 2300);

-- ── The rule, written once ─────────────────────────────────────────────────────────────────
-- The VAT contained in a gross amount: round(gross × rate / (100 % + rate)), half up, in cents.
create function public.vat_contained(gross integer, rate_basis_points integer) returns integer
language sql
immutable
set search_path = ''
as $$
  select case
    when gross is null or rate_basis_points is null then null
    else ((2 * gross::bigint * rate_basis_points + 10000 + rate_basis_points) / (2 * (10000 + rate_basis_points)::bigint))::integer
  end
$$;

-- The rate of a destination country, null outside the EU (an export: no VAT contained).
create function public.vat_rate(country text) returns integer
language sql
stable
set search_path = ''
as $$
  select r.rate_basis_points from public.vat_rates r where r.country = upper(btrim(vat_rate.country))
$$;

-- Where an order's VAT goes: the delivery country; an order from before addresses were kept
-- counts as domestic when it shipped at the German rate, and as unknown otherwise.
create function private.vat_destination(shipping_address jsonb, shipping_region text) returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    nullif(upper(btrim(shipping_address ->> 'country')), ''),
    case when shipping_region = 'DE' then 'DE' end
  )
$$;

grant execute on function public.vat_contained(integer, integer) to anon, authenticated, service_role;
grant execute on function public.vat_rate(text) to anon, authenticated, service_role;
revoke all on function private.vat_destination(jsonb, text) from public, anon, authenticated;

-- ── Orders keep the VAT of their supply ────────────────────────────────────────────────────
-- Stored, not computed on each read: a later rate change must not rewrite what an order contained.
alter table public.orders
  add column vat_rate_basis_points integer,
  add column vat_amount integer;

-- Security definer: whoever writes an order (the service role's fulfilment, an admin's update)
-- needs no right on the private helper.
create function private.orders_vat() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.vat_rate_basis_points := public.vat_rate(private.vat_destination(new.shipping_address, new.shipping_region));
  new.vat_amount := public.vat_contained(new.total, new.vat_rate_basis_points);
  return new;
end;
$$;
revoke all on function private.orders_vat() from public, anon, authenticated;

-- Existing orders get theirs at today's rates without looking updated.
alter table public.orders disable trigger orders_set_updated_at;
update public.orders o
set vat_rate_basis_points = public.vat_rate(private.vat_destination(o.shipping_address, o.shipping_region)),
    vat_amount = public.vat_contained(o.total, public.vat_rate(private.vat_destination(o.shipping_address, o.shipping_region)));
alter table public.orders enable trigger orders_set_updated_at;

create trigger orders_vat before insert or update of total, shipping_address, shipping_region on public.orders
  for each row execute function private.orders_vat();

-- ── The confirmation e-mail states the VAT contained ───────────────────────────────────────
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
           'vat', case when o.vat_rate_basis_points is null then null
                  else jsonb_build_object('rateBasisPoints', o.vat_rate_basis_points, 'amount', o.vat_amount) end,
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
