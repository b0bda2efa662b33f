-- The admin dashboard (issue 24 item 1, ADR 0036): four admin-only RPCs, one per panel, that
-- aggregate in SQL so the browser never sums orders. Each refuses anyone public.is_admin() does
-- not accept (an admin with a verified second factor only at aal2) with 42501.
--
-- Revenue (ADR 0036): an order counts on the day it was placed, in Europe/Berlin, when its status
-- is paid, processing, shipped, delivered or refunded (pending was never paid; cancelled was never
-- paid or was refunded in full), in EUR (the shop's currency); what it adds is its total (goods,
-- shipping, VAT included) less the refunds that succeeded (orders.refunded_total), so a refund
-- lowers the day the order was placed. The order count counts the same orders.

-- ── Indexes: each panel reads only what it shows ──────────────────────────────────────────────
-- Sales and top products: the counted orders of a window, by time, with the figures summed.
create index orders_dashboard_sales_idx on public.orders (created_at) include (id, total, refunded_total)
  where status in ('paid', 'processing', 'shipped', 'delivered', 'refunded') and currency = 'EUR';
-- Top products: an order's lines with what they add, read without the table.
create index order_items_dashboard_idx on public.order_items (order_id) include (product_id, line_total, qty);
-- Low stock and sold out: the live variants at or below a threshold.
create index variants_dashboard_stock_idx on public.variants (inventory, updated_at desc) where archived_at is null;
-- Needs attention: refunds that failed.
create index refunds_failed_idx on public.refunds (order_id, created_at) where status = 'failed';

-- The admin check of every panel.
create function private.require_dashboard_admin() returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce(public.is_admin(), false) then
    raise exception 'Only admins can see the dashboard' using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_dashboard_admin() from public, anon, authenticated;

create function private.dashboard_days(days integer) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if days is null or days not in (7, 30, 90) then
    raise exception 'days must be 7, 30 or 90' using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.dashboard_days(integer) from public, anon, authenticated;

-- ── Sales per day ──────────────────────────────────────────────────────────────────────────────
-- {days, currency, timeZone, current: {from, to, total: {revenue, orders}, series: [{day, revenue, orders}]},
--  previous: {...the same for the days before}, change: {revenue, orders}} — change in % (one
-- decimal) or null when the period before had nothing. Every day of both periods is in its series.
create function public.admin_dashboard_sales(days integer default 30) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'Europe/Berlin')::date;
  first_day date;
  start_day date;
  result jsonb;
begin
  perform private.require_dashboard_admin();
  perform private.dashboard_days(days);
  first_day := today - (days * 2 - 1);
  start_day := today - (days - 1);
  with per_day as (
    select (o.created_at at time zone 'Europe/Berlin')::date as day, sum(o.total - o.refunded_total)::bigint as revenue, count(*)::integer as orders
    from public.orders o
    where o.status in ('paid', 'processing', 'shipped', 'delivered', 'refunded') and o.currency = 'EUR'
      and o.created_at >= (first_day::timestamp at time zone 'Europe/Berlin')
      and o.created_at < ((today + 1)::timestamp at time zone 'Europe/Berlin')
    group by 1
  ), series as (
    select d::date as day, coalesce(p.revenue, 0) as revenue, coalesce(p.orders, 0) as orders, d::date >= start_day as current
    from generate_series(first_day, today, interval '1 day') as d
    left join per_day p on p.day = d::date
  ), periods as (
    select s.current, sum(s.revenue)::bigint as revenue, sum(s.orders)::bigint as orders,
           jsonb_agg(jsonb_build_object('day', s.day, 'revenue', s.revenue, 'orders', s.orders) order by s.day) as series,
           min(s.day) as from_day, max(s.day) as to_day
    from series s
    group by s.current
  )
  select jsonb_build_object(
    'days', days,
    'currency', 'EUR',
    'timeZone', 'Europe/Berlin',
    'current', jsonb_build_object('from', c.from_day, 'to', c.to_day, 'total', jsonb_build_object('revenue', c.revenue, 'orders', c.orders), 'series', c.series),
    'previous', jsonb_build_object('from', p.from_day, 'to', p.to_day, 'total', jsonb_build_object('revenue', p.revenue, 'orders', p.orders), 'series', p.series),
    'change', jsonb_build_object(
      'revenue', case when p.revenue = 0 then null else round((c.revenue - p.revenue) * 100.0 / p.revenue, 1) end,
      'orders', case when p.orders = 0 then null else round((c.orders - p.orders) * 100.0 / p.orders, 1) end))
  into result
  from periods c, periods p
  where c.current and not p.current;
  return result;
end;
$$;

-- ── Top 10 products by revenue in the period ─────────────────────────────────────────────────
-- The counted orders' lines (unit price × quantity, as sold), per product; refunds are not taken
-- from a line (they are whole-order figures in the sales panel). [{productId, title, revenue, units}]
create function public.admin_dashboard_top_products(days integer default 30) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'Europe/Berlin')::date;
  result jsonb;
begin
  perform private.require_dashboard_admin();
  perform private.dashboard_days(days);
  with top as (
    select i.product_id, sum(i.line_total)::bigint as revenue, sum(i.qty)::bigint as units
    from public.orders o
    join public.order_items i on i.order_id = o.id
    where o.status in ('paid', 'processing', 'shipped', 'delivered', 'refunded') and o.currency = 'EUR'
      and o.created_at >= ((today - (days - 1))::timestamp at time zone 'Europe/Berlin')
      and o.created_at < ((today + 1)::timestamp at time zone 'Europe/Berlin')
      and i.product_id is not null
    group by i.product_id
    order by revenue desc, i.product_id
    limit 10
  )
  select coalesce(jsonb_agg(jsonb_build_object('productId', t.product_id, 'title', p.title, 'revenue', t.revenue, 'units', t.units) order by t.revenue desc, t.product_id), '[]')
  into result
  from top t
  join public.products p on p.id = t.product_id;
  return result;
end;
$$;

-- ── Low stock and sold out ─────────────────────────────────────────────────────────────────────
-- Live variants (not archived, of a product not archived): low = 1..threshold, sold out = 0 with
-- the number of waiting back-in-stock requests. Each list at most 50 (lowest stock first, then the
-- most recently changed; sold out: most waiting first), with the full counts.
-- {threshold, lowCount, low: [{variantId, productId, title, sku, size, color, inventory}],
--  soldOutCount, soldOut: [{…, waiting}]}
create function public.admin_dashboard_stock(threshold integer default 5) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.require_dashboard_admin();
  if threshold is null or threshold < 1 or threshold > 1000 then
    raise exception 'threshold must be a whole number from 1 to 1000' using errcode = '22023';
  end if;
  with live as (
    select v.id, v.product_id, p.title, v.sku, v.size, v.color, v.inventory, v.updated_at
    from public.variants v
    join public.products p on p.id = v.product_id and p.status <> 'archived'
    where v.archived_at is null and v.inventory <= threshold
  ), waiting as (
    select r.variant_id, count(*)::integer as waiting
    from public.back_in_stock_requests r
    where r.status = 'waiting'
    group by r.variant_id
  ), low as (
    select l.* from live l where l.inventory > 0 order by l.inventory, l.updated_at desc, l.id limit 50
  ), sold_out as (
    select l.*, coalesce(w.waiting, 0) as waiting
    from live l left join waiting w on w.variant_id = l.id
    where l.inventory = 0
    order by coalesce(w.waiting, 0) desc, l.updated_at desc, l.id
    limit 50
  )
  select jsonb_build_object(
    'threshold', threshold,
    'lowCount', (select count(*) from live where inventory > 0),
    'low', coalesce((select jsonb_agg(jsonb_build_object('variantId', id, 'productId', product_id, 'title', title, 'sku', sku, 'size', size, 'color', color, 'inventory', inventory)
                     order by inventory, updated_at desc, id) from low), '[]'),
    'soldOutCount', (select count(*) from live where inventory = 0),
    'soldOut', coalesce((select jsonb_agg(jsonb_build_object('variantId', id, 'productId', product_id, 'title', title, 'sku', sku, 'size', size, 'color', color, 'inventory', inventory, 'waiting', waiting)
                         order by waiting desc, updated_at desc, id) from sold_out), '[]'))
  into result;
  return result;
end;
$$;

-- ── Needs attention ────────────────────────────────────────────────────────────────────────────
-- unshipped: paid or processing orders placed more than 2 days ago (count, and the 5 oldest);
-- pendingReviews: reviews waiting for moderation; openWithdrawals: withdrawals whose order is not
-- refunded or cancelled yet; refundFailures: failed refunds with no later refund of the same order
-- that succeeded or is under way (an automatic refund that failed stays one until retried).
create function public.admin_dashboard_attention() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
  cutoff timestamptz := now() - interval '2 days';
begin
  perform private.require_dashboard_admin();
  select jsonb_build_object(
    'unshipped', (select count(*) from public.orders o where o.status in ('paid', 'processing') and o.created_at < cutoff),
    'oldestUnshipped', coalesce((
      select jsonb_agg(jsonb_build_object('orderNumber', x.order_number, 'createdAt', x.created_at, 'total', x.total, 'currency', x.currency, 'status', x.status) order by x.created_at, x.id)
      from (select o.order_number, o.created_at, o.total, o.currency, o.status, o.id from public.orders o
            where o.status in ('paid', 'processing') and o.created_at < cutoff order by o.created_at, o.id limit 5) x), '[]'),
    'pendingReviews', (select count(*) from public.reviews r where r.status = 'pending'),
    'openWithdrawals', (select count(*) from public.withdrawals w join public.orders o on o.id = w.order_id where o.status not in ('refunded', 'cancelled')),
    'refundFailures', (
      select count(*) from public.refunds r
      where r.status = 'failed'
        and not exists (
          select 1 from public.refunds later
          where later.order_id = r.order_id and later.created_at > r.created_at and later.status in ('succeeded', 'pending')))
  ) into result;
  return result;
end;
$$;

revoke all on function public.admin_dashboard_sales(integer) from public, anon;
revoke all on function public.admin_dashboard_top_products(integer) from public, anon;
revoke all on function public.admin_dashboard_stock(integer) from public, anon;
revoke all on function public.admin_dashboard_attention() from public, anon;
grant execute on function public.admin_dashboard_sales(integer) to authenticated;
grant execute on function public.admin_dashboard_top_products(integer) to authenticated;
grant execute on function public.admin_dashboard_stock(integer) to authenticated;
grant execute on function public.admin_dashboard_attention() to authenticated;
