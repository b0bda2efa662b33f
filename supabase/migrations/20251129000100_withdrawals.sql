-- Withdrawal (issue 20 item 4, ADR 0025): the electronic withdrawal function of § 356a BGB.
-- A consumer declares the withdrawal (§ 355 BGB) by order number and e-mail, signed in or not;
-- the declaration is stored with the time it was received and a confirmation of receipt on a
-- durable medium (an e-mail with date and time) is queued at once. An unknown order, or an e-mail
-- that is not the order's, gets the same answer as a success and changes nothing, so the function
-- tells nobody which orders exist or who placed them.

-- ── The withdrawals ────────────────────────────────────────────────────────────────────────
-- One per order: a second declaration for the same order is answered with the first one's time.
create table public.withdrawals (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null constraint withdrawals_order_id_key unique references public.orders (id) on delete cascade,
  -- When the declaration reached us: what the withdrawal period is measured against (§ 355 (1) BGB).
  received_at timestamptz not null default now(),
  -- The address the consumer gave (the receipt went there). Null once the account that placed the
  -- order was deleted (its personal data go, the record of the withdrawal stays).
  email text constraint withdrawals_email_format check (private.is_email_address(email)),
  name text constraint withdrawals_name_length check (char_length(name) between 1 and 200),
  -- The consumer's own words (which items, anything else), as sent.
  statement text constraint withdrawals_statement_length check (char_length(statement) between 1 and 2000),
  locale text not null default 'en' constraint withdrawals_locale_check check (locale in ('en', 'de')),
  -- When the goods reached the consumer as far as we know (the first 'delivered' step); null: not yet.
  delivered_at timestamptz,
  -- Received after the 14 days from delivery had run out. Accepted all the same: whether it still
  -- counts is the seller's judgement (ADR 0025).
  late boolean not null default false,
  created_at timestamptz not null default now()
);
create index withdrawals_received_at_idx on public.withdrawals (received_at desc, id);

alter table public.withdrawals enable row level security;
revoke all on table public.withdrawals from anon, authenticated;
grant all on table public.withdrawals to service_role;
grant select on table public.withdrawals to authenticated;
-- Whoever may read the order (its customer, an admin: the orders policies) reads its withdrawal.
-- Nobody writes directly: public.submit_withdrawal is the only way in.
create policy "withdrawals of visible orders" on public.withdrawals
  for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id));

-- ── The timeline and the outbox learn the new kind ─────────────────────────────────────────
alter table public.order_events drop constraint order_events_kind_check;
alter table public.order_events add constraint order_events_kind_check
  check (kind in ('paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded', 'refund_failed', 'email_sent', 'withdrawn'));

alter table public.order_notices
  add column withdrawal_id uuid references public.withdrawals (id) on delete cascade;
alter table public.order_notices drop constraint order_notices_kind_check;
alter table public.order_notices add constraint order_notices_kind_check check (kind in ('shipped', 'refunded', 'withdrawal'));
alter table public.order_notices drop constraint order_notices_subject;
alter table public.order_notices add constraint order_notices_subject check (
  (kind = 'shipped' and order_id is not null)
  or (kind = 'refunded' and refund_id is not null)
  or (kind = 'withdrawal' and withdrawal_id is not null and order_id is not null)
);

-- ── submit_withdrawal ──────────────────────────────────────────────────────────────────────
-- Bad input (no or a malformed order number, an e-mail that is no address, a name or text too
-- long) → 22023 (HTTP 400) with a sentence for the form; more than 10 calls in 10 minutes from one
-- address → PT429 (HTTP 429). Otherwise:
--   unknown order, or an e-mail that is neither the order's nor its customer account's
--     → {status: 'received', receivedAt: now}, nothing stored (the same answer as a success);
--   a match → stored, 'withdrawn' on the timeline, the confirmation of receipt queued,
--     {status: 'received', receivedAt};
--   a match for an order withdrawn before → {status: 'alreadyReceived', receivedAt: the first}.
create function public.submit_withdrawal(
  order_number text,
  email text,
  name text default null,
  statement text default null,
  locale text default 'en'
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  wanted text := upper(btrim(coalesce(submit_withdrawal.order_number, '')));
  address text := lower(btrim(coalesce(submit_withdrawal.email, '')));
  who text := nullif(btrim(coalesce(submit_withdrawal.name, '')), '');
  words text := nullif(btrim(coalesce(submit_withdrawal.statement, '')), '');
  lang text := case when submit_withdrawal.locale = 'de' then 'de' else 'en' end;
  target public.orders%rowtype;
  earlier public.withdrawals%rowtype;
  stored public.withdrawals%rowtype;
  delivered timestamptz;
begin
  -- Customers copy the number with or without its prefix.
  if wanted ~ '^[0-9]{1,12}$' then
    wanted := 'NPNG-' || wanted;
  end if;
  if wanted = '' then
    raise exception 'Please enter your order number.' using errcode = '22023';
  end if;
  if wanted !~ '^NPNG-[0-9]{1,12}$' then
    raise exception 'An order number looks like NPNG-100123: you find it in your order confirmation.' using errcode = '22023';
  end if;
  if address = '' then
    raise exception 'Please enter your email address.' using errcode = '22023';
  end if;
  if not private.is_email_address(address) then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  if char_length(who) > 200 then
    raise exception 'Your name can be at most 200 characters long.' using errcode = '22023';
  end if;
  if char_length(words) > 2000 then
    raise exception 'Your message can be at most 2000 characters long.' using errcode = '22023';
  end if;
  -- Counted per caller address (behind the gateway: x-forwarded-for), for every well-formed call,
  -- so the limit says nothing about the order either. A direct local call has no address: one bucket.
  if not public.take_rate_limit('withdrawal:' || coalesce(private.request_ip(), 'local'), 10, 600) then
    raise exception 'Too many withdrawals from your connection. Please try again in 10 minutes.' using errcode = 'PT429';
  end if;

  select o.* into target from public.orders o
  where o.order_number = wanted
    and (lower(o.customer_email) = address
         or exists (select 1 from auth.users u where u.id = o.user_id and lower(u.email) = address))
  for update;
  if not found then
    return jsonb_build_object('status', 'received', 'receivedAt', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  end if;

  select w.* into earlier from public.withdrawals w where w.order_id = target.id;
  if found then
    return jsonb_build_object('status', 'alreadyReceived', 'receivedAt', to_char(earlier.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  end if;

  -- The period runs 14 days from the day after the goods arrived (§ 355 (2), § 356 (2) Nr. 1 a
  -- BGB with §§ 187 (1), 188 (1) BGB), counted in the shop's calendar (Europe/Berlin).
  select min(e.at) into delivered from public.order_events e where e.order_id = target.id and e.kind = 'delivered';
  insert into public.withdrawals (order_id, email, name, statement, locale, delivered_at, late)
  values (target.id, address, who, words, lang, delivered,
          delivered is not null and (now() at time zone 'Europe/Berlin')::date > (delivered at time zone 'Europe/Berlin')::date + 14)
  returning * into stored;
  insert into public.order_events (order_id, kind, actor, data)
  values (target.id, 'withdrawn', auth.uid(), jsonb_build_object('withdrawalId', stored.id, 'late', stored.late));
  insert into public.order_notices (kind, order_id, withdrawal_id) values ('withdrawal', target.id, stored.id);
  return jsonb_build_object('status', 'received', 'receivedAt', to_char(stored.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
end;
$$;
revoke all on function public.submit_withdrawal(text, text, text, text, text) from public;
grant execute on function public.submit_withdrawal(text, text, text, text, text) to anon, authenticated, service_role;

-- ── claim_order_notices: the confirmation of receipt goes to the address the consumer gave ──
-- As 20251127000000_ship_and_refund.sql, with the withdrawal (its time, the consumer's words) and
-- its recipient added.
create or replace function public.claim_order_notices(max_count integer default 20) returns jsonb
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
             'email', coalesce(w.email, o.customer_email, s.email),
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
             ) end,
             'withdrawal', case when w.id is null then null else jsonb_build_object(
               'receivedAt', to_char(w.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'email', w.email, 'name', w.name, 'statement', w.statement
             ) end
           ) as notice
    from public.order_notices n
    left join public.refunds r on r.id = n.refund_id
    left join public.withdrawals w on w.id = n.withdrawal_id
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
revoke all on function public.claim_order_notices(integer) from public, anon, authenticated;
grant execute on function public.claim_order_notices(integer) to service_role;
