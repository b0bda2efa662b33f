-- Privacy rights in the account (issue 20 item 5, ADR 0026): a copy of everything we hold about
-- the signed-in customer (Art. 15 (3) and Art. 20 (1) GDPR) and deleting the account (Art. 17),
-- keeping the orders tax law requires (§ 147 AO, § 257 HGB; Art. 17 (3) b) and e)) without the
-- personal data. Both act on auth.uid() only; neither takes an argument naming a user.

-- ── Whose data: the account and the orders it may read ─────────────────────────────────────────
-- The same rule as the "customers read their orders" policy: placed signed in, or as a guest with
-- the account's (confirmed) e-mail address.
create function private.orders_of(account_id uuid, account_email text) returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select o.id from public.orders o
  where o.user_id = account_id
     or (account_email is not null and lower(o.customer_email) = lower(account_email))
$$;
revoke all on function private.orders_of(uuid, text) from public, anon, authenticated;

-- What remains of a delivery address once the customer is gone: the country, which decides the
-- VAT of the supply (ADR 0023). Name, street, postcode, city and phone go.
create function private.address_without_person(address jsonb) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(address) = 'object' and address ? 'country'
              then jsonb_build_object('country', address -> 'country')
              end
$$;
revoke all on function private.address_without_person(jsonb) from public, anon, authenticated;

-- ── Art. 15 / 20: the export ───────────────────────────────────────────────────────────────────
create function public.export_my_data() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  account record;
  mine uuid[];
begin
  if me is null then
    raise exception 'Sign in to download your data' using errcode = '42501';
  end if;
  select u.id, u.email, u.created_at, u.email_confirmed_at, u.last_sign_in_at
    into account from auth.users u where u.id = me;
  if not found then
    raise exception 'This account no longer exists' using errcode = 'PT404', hint = 'no_account';
  end if;
  mine := array(select private.orders_of(me, case when account.email_confirmed_at is not null then account.email end));

  return jsonb_build_object(
    'format', 'no-pain-no-gain/personal-data@1',
    'exportedAt', now(),
    'account', jsonb_build_object(
      'id', account.id,
      'email', account.email,
      'createdAt', account.created_at,
      'emailConfirmedAt', account.email_confirmed_at,
      'lastSignInAt', account.last_sign_in_at
    ),
    'profile', (
      select jsonb_build_object('fullName', p.full_name, 'phone', p.phone, 'createdAt', p.created_at, 'updatedAt', p.updated_at)
      from public.profiles p where p.id = me
    ),
    'addresses', coalesce((
      select jsonb_agg(a.address order by a.last_used desc)
      from (
        select o.shipping_address as address, max(o.created_at) as last_used
        from public.orders o
        where o.id = any(mine) and jsonb_typeof(o.shipping_address) = 'object'
        group by o.shipping_address
      ) a
    ), '[]'::jsonb),
    'orders', coalesce((
      select jsonb_agg(jsonb_build_object(
        'orderNumber', o.order_number,
        'status', o.status,
        'createdAt', o.created_at,
        'updatedAt', o.updated_at,
        'email', o.customer_email,
        'currency', o.currency,
        'subtotal', o.subtotal,
        'shipping', o.shipping,
        'total', o.total,
        'vatRateBasisPoints', o.vat_rate_basis_points,
        'vatAmount', o.vat_amount,
        'refundedTotal', o.refunded_total,
        'shippingRegion', o.shipping_region,
        'shippingAddress', o.shipping_address,
        'carrier', o.carrier,
        'trackingNumber', o.tracking_number,
        'shippedAt', o.shipped_at,
        'items', coalesce((
          select jsonb_agg(jsonb_build_object(
            'title', i.title, 'sku', i.sku, 'size', i.size, 'color', i.color,
            'unitPrice', i.unit_price, 'qty', i.qty, 'lineTotal', i.line_total
          ) order by i.position nulls last, i.created_at)
          from public.order_items i where i.order_id = o.id
        ), '[]'::jsonb),
        'withdrawal', (
          select jsonb_build_object('receivedAt', w.received_at, 'email', w.email, 'name', w.name, 'statement', w.statement, 'late', w.late)
          from public.withdrawals w where w.order_id = o.id
        ),
        'refunds', coalesce((
          select jsonb_agg(jsonb_build_object(
            'kind', r.kind, 'amount', r.amount, 'currency', r.currency, 'status', r.status, 'createdAt', r.created_at
          ) order by r.created_at)
          from public.refunds r where r.order_id = o.id
        ), '[]'::jsonb)
      ) order by o.created_at desc)
      from public.orders o where o.id = any(mine)
    ), '[]'::jsonb),
    'reviews', coalesce((
      select jsonb_agg(jsonb_build_object(
        'product', pr.title, 'productSlug', pr.slug, 'rating', r.rating, 'title', r.title, 'body', r.body,
        'authorName', r.author_name, 'authorEmail', r.author_email, 'status', r.status, 'createdAt', r.created_at
      ) order by r.created_at desc)
      from public.reviews r left join public.products pr on pr.id = r.product_id
      where r.user_id = me
    ), '[]'::jsonb),
    'newsletter', (
      select jsonb_build_object(
        'status', case when bool_or(s.status = 'confirmed') then 'subscribed'
                       when bool_or(s.status = 'pending') then 'pending'
                       else 'none' end,
        'subscriptions', coalesce(jsonb_agg(jsonb_build_object(
          'email', s.email, 'status', s.status, 'source', s.source, 'locale', s.locale, 'signedUpAt', s.created_at,
          'confirmationRequestedAt', s.confirmation_requested_at, 'confirmedAt', s.confirmed_at,
          'confirmedIpHash', s.confirmed_ip_hash, 'unsubscribedAt', s.unsubscribed_at
        ) order by s.created_at) filter (where s.id is not null), '[]'::jsonb)
      )
      from (select 1) one
      left join public.newsletter_subscribers s
        on s.user_id = me or (account.email_confirmed_at is not null and lower(s.email) = lower(account.email))
    ),
    'contactMessages', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', m.name, 'email', m.email, 'subject', m.subject, 'message', m.message, 'sentAt', m.created_at
      ) order by m.created_at desc)
      from public.contact_messages m
      where m.user_id = me or (account.email_confirmed_at is not null and lower(m.email) = lower(account.email))
    ), '[]'::jsonb)
  );
end;
$$;
revoke all on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;

-- ── Orders keep the VAT they were stored with ─────────────────────────────────────────────────
-- private.orders_vat (ADR 0023) recomputed the VAT on every change of the address; anonymising an
-- order rewrites its address but not its destination, and must not move its VAT to today's rate.
create or replace function private.orders_vat() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and new.total = old.total
     and old.vat_rate_basis_points is not null
     and private.vat_destination(new.shipping_address, new.shipping_region)
         is not distinct from private.vat_destination(old.shipping_address, old.shipping_region) then
    new.vat_rate_basis_points := old.vat_rate_basis_points;
    new.vat_amount := old.vat_amount;
    return new;
  end if;
  new.vat_rate_basis_points := public.vat_rate(private.vat_destination(new.shipping_address, new.shipping_region));
  new.vat_amount := public.vat_contained(new.total, new.vat_rate_basis_points);
  return new;
end;
$$;
revoke all on function private.orders_vat() from public, anon, authenticated;

-- ── Art. 17: deleting the account ─────────────────────────────────────────────────────────────
-- Refused (hint names why, nothing changes):
--   not_signed_in            no JWT user;
--   no_account               the JWT's user is already gone;
--   admin_account            admins are removed from admin_emails by the operator, not here;
--   reauthentication_needed  the token's password sign-in (amr) is older than 5 minutes;
--   open_orders              an order pending, paid, processing or shipped, a refund pending, a
--                            withdrawal whose order is not yet refunded or cancelled, or a checkout
--                            session still open (a payment that may still arrive).
-- Otherwise, in this one transaction: orders and checkout sessions lose e-mail, account and the
-- address but its country; withdrawals lose e-mail and name; reviews lose account, name and
-- e-mail; newsletter rows, contact messages, unsent order e-mails, the profile and the auth user
-- (sessions, refresh tokens, identities and factors cascade) are deleted.
create function public.delete_my_account() returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  account record;
  account_email text;
  amr jsonb := auth.jwt() -> 'amr';
  password_at double precision;
  mine uuid[];
  orders_kept integer;
  reviews_kept integer;
begin
  if me is null then
    raise exception 'Sign in to delete your account' using errcode = '42501', hint = 'not_signed_in';
  end if;
  select u.id, u.email, u.email_confirmed_at into account from auth.users u where u.id = me for update;
  if not found then
    raise exception 'This account no longer exists' using errcode = 'PT404', hint = 'no_account';
  end if;
  if public.is_admin() then
    raise exception 'An admin account cannot be deleted here. Ask the shop''s operator to remove it from the admin list first.'
      using errcode = 'PT403', hint = 'admin_account';
  end if;

  select max((c ->> 'timestamp')::double precision) into password_at
  from jsonb_array_elements(case when jsonb_typeof(amr) = 'array' then amr else '[]'::jsonb end) c
  where jsonb_typeof(c) = 'object' and c ->> 'method' = 'password' and jsonb_typeof(c -> 'timestamp') = 'number';
  if password_at is null or password_at < extract(epoch from now()) - 300 then
    raise exception 'Enter your password again to delete your account' using errcode = 'PT401', hint = 'reauthentication_needed';
  end if;

  account_email := case when account.email_confirmed_at is not null then account.email end;
  mine := array(select private.orders_of(me, account_email));
  perform 1 from public.orders o where o.id = any(mine) for update;

  if exists (select 1 from public.orders o where o.id = any(mine) and o.status in ('pending', 'paid', 'processing', 'shipped'))
     or exists (select 1 from public.refunds r where r.order_id = any(mine) and r.status = 'pending')
     or exists (
       select 1 from public.withdrawals w join public.orders o on o.id = w.order_id
       where w.order_id = any(mine) and o.status not in ('cancelled', 'refunded')
     )
     or exists (
       select 1 from public.checkout_sessions s
       where (s.user_id = me or (account_email is not null and lower(s.email) = lower(account_email)))
         and s.status = 'open' and s.expires_at > now()
     ) then
    raise exception 'You still have an open order. Your account can be deleted once every order has been delivered, cancelled or refunded.'
      using errcode = 'PT409', hint = 'open_orders';
  end if;

  update public.orders o
  set user_id = null,
      customer_email = null,
      shipping_address = private.address_without_person(o.shipping_address)
  where o.id = any(mine);
  get diagnostics orders_kept = row_count;

  -- The record of a withdrawal stays (when it was received, whether late); who sent it goes.
  update public.withdrawals w set email = null, name = null where w.order_id = any(mine);

  update public.checkout_sessions s
  set user_id = null,
      email = null,
      shipping_address = private.address_without_person(s.shipping_address)
  where s.user_id = me or (account_email is not null and lower(s.email) = lower(account_email));

  delete from public.order_emails e where e.order_id = any(mine) and e.sent_at is null;
  delete from public.order_notices n
  where n.sent_at is null
    and (n.order_id = any(mine) or n.refund_id in (select r.id from public.refunds r where r.order_id = any(mine)));

  update public.reviews r
  set user_id = null, author_name = 'Anonymous', author_email = null
  where r.user_id = me;
  get diagnostics reviews_kept = row_count;

  delete from public.newsletter_subscribers s
  where s.user_id = me or (account_email is not null and lower(s.email) = lower(account_email));
  delete from public.contact_messages m
  where m.user_id = me or (account_email is not null and lower(m.email) = lower(account_email));
  delete from public.profiles p where p.id = me;

  -- Refresh tokens name their user as text (no foreign key in GoTrue's schema): removed by hand;
  -- sessions, identities, factors and the rest cascade from the user.
  delete from auth.refresh_tokens t where t.user_id = me::text;
  delete from auth.users u where u.id = me;

  return jsonb_build_object('deleted', true, 'ordersKept', orders_kept, 'reviewsKept', reviews_kept);
end;
$$;
revoke all on function public.delete_my_account() from public, anon;
grant execute on function public.delete_my_account() to authenticated;
