-- Admin two-factor sign-in (issue 14): an admin who has verified a second factor holds admin
-- rights only in a session that passed it (JWT aal = aal2). Every admin policy, the admin RPCs
-- (save_product_variants, save_product_media), the admin_products view and the product-images
-- storage policies ask public.is_admin(), so redefining it here covers them all — in the
-- database, whatever the client does. An admin without a verified factor keeps aal1 rights, so
-- enrolment stays possible; a token issued before enrolment says aal1 and loses them at once.
create or replace function public.is_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from auth.users u
    join public.admin_emails a on a.email = lower(u.email)
    where u.id = auth.uid()
      and u.email_confirmed_at is not null
      and (
        coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
        or not exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified')
      )
  )
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;
