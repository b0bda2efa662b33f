-- Back-in-stock requests are personal data: an address, and what its owner waits for. Like the
-- newsletter subscriptions (ADR 0026), they are in the account's data export (Art. 15 (1) and (3),
-- Art. 20 (1) GDPR: "a copy of the personal data undergoing processing", "in a structured, commonly
-- used and machine-readable format") and they go when the account goes (Art. 17 (1) GDPR: erasure
-- "without undue delay"). Both take the account's own requests (user_id) and, once the account's
-- address is confirmed, the requests made with that address as a guest. ADR 0038.

-- ── Export: the function of ADR 0026, plus "backInStock" ────────────────────────────────────────
alter function public.export_my_data() rename to export_my_data_before_back_in_stock;
alter function public.export_my_data_before_back_in_stock() set schema private;
revoke all on function private.export_my_data_before_back_in_stock() from public, anon, authenticated;

create function public.export_my_data() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- Refuses anon and a deleted account with the same errors as before.
  base jsonb := private.export_my_data_before_back_in_stock();
  me uuid := auth.uid();
  account_email text;
begin
  select case when u.email_confirmed_at is not null then u.email end into account_email from auth.users u where u.id = me;
  return base || jsonb_build_object('backInStock', coalesce((
    select jsonb_agg(jsonb_build_object(
      'email', r.email, 'product', p.title, 'productSlug', p.slug, 'sku', v.sku, 'size', v.size, 'color', v.color,
      'status', r.status, 'locale', r.locale, 'askedAt', r.created_at, 'confirmedAt', r.confirmed_at,
      'confirmedIpHash', r.confirmed_ip_hash, 'notifiedAt', r.notified_at, 'unsubscribedAt', r.unsubscribed_at
    ) order by r.created_at desc, r.id desc)
    from public.back_in_stock_requests r
    join public.variants v on v.id = r.variant_id
    join public.products p on p.id = v.product_id
    where r.user_id = me or (account_email is not null and lower(r.email) = lower(account_email))
  ), '[]'::jsonb));
end;
$$;
revoke all on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;

-- ── Erasure: whenever an account is deleted (delete_my_account, or an operator through GoTrue) ──
-- A trigger on auth.users rather than a line in delete_my_account: every way an account goes
-- takes its requests (and, by cascade, their unsent e-mails) with it.
create function private.forget_back_in_stock_requests() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.back_in_stock_requests r
  where r.user_id = old.id or (old.email_confirmed_at is not null and lower(r.email) = lower(old.email));
  return old;
end;
$$;
revoke all on function private.forget_back_in_stock_requests() from public, anon, authenticated;
create trigger users_forget_back_in_stock_requests
  before delete on auth.users
  for each row execute function private.forget_back_in_stock_requests();
