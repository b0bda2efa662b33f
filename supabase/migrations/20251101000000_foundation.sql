-- Shared building blocks: extensions, the `private` schema (not exposed by the API), the one
-- updated_at trigger function, the email rule every email column uses, and who is an admin.

create extension if not exists pg_trgm with schema extensions;

-- Helpers live outside `public` so the REST API never offers them as RPCs.
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

create function private.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Used by CHECK constraints, so every role that may insert a row needs to be able to execute it.
create function private.is_email_address(candidate text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select char_length(candidate) <= 254
     and candidate ~ '^[^@[:space:]]+@[^@[:space:].]+(\.[^@[:space:].]+)+$'
$$;

revoke all on function private.set_updated_at() from public, anon, authenticated;
revoke all on function private.is_email_address(text) from public;
grant execute on function private.is_email_address(text) to anon, authenticated, service_role;

-- Mirrored from ADMIN_EMAILS by the server (and by hand on a hosted project).
create table public.admin_emails (
  email text primary key
    constraint admin_emails_email_lower_case check (email = lower(email))
    constraint admin_emails_email_format check (private.is_email_address(email)),
  created_at timestamptz not null default now()
);

-- Admin rights come from the caller's auth.users row and its confirmed email, never from JWT
-- claims or user metadata, which a client can influence.
create function public.is_admin() returns boolean
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
  )
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

alter table public.admin_emails enable row level security;
revoke all on table public.admin_emails from anon, authenticated;
grant all on table public.admin_emails to service_role;
grant select on table public.admin_emails to authenticated;

create policy "admins read the admin list" on public.admin_emails
  for select to authenticated
  using ((select public.is_admin()));
