-- Issue 20, item 2: the lowest price of the last 30 days next to every price reduction
-- (§ 11 PAngV; docs/adr/0027-lowest-price-30-days.md), and the VAT on a guest's confirmation.

-- ── Every price a variant had, and since when ──────────────────────────────────────────────
-- Written only by the trigger below, whoever changes the price (the admin's save, the service
-- role, the seed). `valid_to` is null for the price in force now.
create table public.variant_price_history (
  id bigint generated always as identity primary key,
  variant_id uuid not null references public.variants (id) on delete cascade,
  price integer not null constraint variant_price_history_price_non_negative check (price >= 0),
  valid_from timestamptz not null,
  valid_to timestamptz,
  constraint variant_price_history_period check (valid_to is null or valid_to >= valid_from)
);
create index variant_price_history_variant_id_idx on public.variant_price_history (variant_id, valid_from);
create unique index variant_price_history_one_current_idx on public.variant_price_history (variant_id) where valid_to is null;

alter table public.variant_price_history enable row level security;
revoke all on table public.variant_price_history from anon, authenticated;
grant select on table public.variant_price_history to authenticated;
grant all on table public.variant_price_history to service_role;
create policy "admins read price history" on public.variant_price_history
  for select to authenticated
  using ((select public.is_admin()));

-- The lowest price a variant had at any moment of the 30 days before `at` (the price in force at
-- `at` included): the figure § 11 (1) PAngV asks for when a reduction is applied at `at`.
create function private.lowest_price_before(variant_id uuid, at timestamptz) returns integer
language sql
stable
set search_path = ''
as $$
  select min(h.price)
  from public.variant_price_history h
  where h.variant_id = lowest_price_before.variant_id
    and h.valid_from <= lowest_price_before.at
    and (h.valid_to is null or h.valid_to > lowest_price_before.at - interval '30 days')
$$;
revoke all on function private.lowest_price_before(uuid, timestamptz) from public, anon, authenticated;

-- ── The figure the shop states, fixed when a reduction is applied ──────────────────────────
-- Null whenever no reduction is shown (no compare-at price above the price).
alter table public.variants add column prior_lowest_price integer
  constraint variants_prior_lowest_price_non_negative check (prior_lowest_price >= 0);

-- What exists today gets its current price as its history (the one price known), in force since
-- the variant was created, and a reduced variant states that price: nothing lower is known.
insert into public.variant_price_history (variant_id, price, valid_from)
select v.id, v.price, least(v.created_at, now()) from public.variants v;

alter table public.variants disable trigger variants_set_updated_at;
update public.variants v
set prior_lowest_price = v.price
where v.compare_at_price is not null and v.compare_at_price > v.price;
alter table public.variants enable trigger variants_set_updated_at;

-- Before the row is written: the trigger owns prior_lowest_price, so a value anyone sends is
-- replaced. A reduction applied now (a new price while reduced, or a compare-at price newly above
-- the price) takes the lowest price of the 30 days before now, the old price included; an
-- unchanged reduction keeps its figure; no reduction, no figure. A new variant has no earlier
-- price: its own price is the lowest it was offered at.
create function private.variants_prior_lowest_price() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.compare_at_price is null or new.compare_at_price <= new.price then
    new.prior_lowest_price := null;
  elsif tg_op = 'INSERT' then
    new.prior_lowest_price := new.price;
  elsif new.price is distinct from old.price or old.prior_lowest_price is null then
    new.prior_lowest_price := coalesce(private.lowest_price_before(old.id, now()), old.price);
  else
    new.prior_lowest_price := old.prior_lowest_price;
  end if;
  return new;
end;
$$;
revoke all on function private.variants_prior_lowest_price() from public, anon, authenticated;

-- After the row is written: a new price closes the one in force and starts its own period.
create function private.variants_price_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.price is not distinct from old.price then
      return null;
    end if;
    update public.variant_price_history h set valid_to = now() where h.variant_id = new.id and h.valid_to is null;
  end if;
  insert into public.variant_price_history (variant_id, price, valid_from)
  values (new.id, new.price, case when tg_op = 'INSERT' then least(new.created_at, now()) else now() end);
  return null;
end;
$$;
revoke all on function private.variants_price_history() from public, anon, authenticated;

create trigger variants_prior_lowest_price before insert or update of price, compare_at_price, prior_lowest_price on public.variants
  for each row execute function private.variants_prior_lowest_price();
create trigger variants_price_history after insert or update of price on public.variants
  for each row execute function private.variants_price_history();

-- Admins write every column of a variant except the figure: asking to set it is refused (42501)
-- instead of being silently replaced.
revoke insert, update on table public.variants from authenticated;
grant insert (id, product_id, sku, size, color, price, compare_at_price, inventory, barcode, created_at, updated_at, archived_at),
      update (id, product_id, sku, size, color, price, compare_at_price, inventory, barcode, created_at, updated_at, archived_at)
  on table public.variants to authenticated;

-- ── A guest's confirmation states the VAT contained (ADR 0023) ─────────────────────────────
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
           'vatRateBasisPoints', o.vat_rate_basis_points,
           'vatAmount', o.vat_amount,
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
