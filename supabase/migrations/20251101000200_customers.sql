-- What customers and visitors write: profiles, newsletter sign-ups and contact messages.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text constraint profiles_full_name_length check (char_length(full_name) <= 200),
  phone text constraint profiles_phone_length check (char_length(phone) <= 40),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function private.set_updated_at();

-- Every account gets its profile row at sign-up, named from the sign-up form's metadata.
create function private.create_profile_for_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name)
  values (new.id, left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 200))
  on conflict (id) do nothing;
  return new;
end;
$$;
revoke all on function private.create_profile_for_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null constraint newsletter_subscribers_email_format check (private.is_email_address(email)),
  user_id uuid references auth.users (id) on delete set null,
  consent boolean not null constraint newsletter_subscribers_consent_given check (consent),
  source text not null constraint newsletter_subscribers_source_check check (source in ('footer', 'account')),
  created_at timestamptz not null default now()
);
-- The client treats 23505 on this index as "already subscribed".
create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (lower(email));
create index newsletter_subscribers_user_id_idx on public.newsletter_subscribers (user_id);
create index newsletter_subscribers_created_at_idx on public.newsletter_subscribers (created_at desc);

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text constraint contact_messages_name_length check (char_length(name) <= 200),
  email text not null constraint contact_messages_email_format check (private.is_email_address(email)),
  subject text constraint contact_messages_subject_length check (char_length(subject) <= 200),
  message text not null constraint contact_messages_message_length check (char_length(btrim(message)) between 1 and 5000),
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index contact_messages_user_id_idx on public.contact_messages (user_id);
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

-- ── Row level security and grants ──────────────────────────────────────────────────────────
alter table public.profiles enable row level security;
alter table public.newsletter_subscribers enable row level security;
alter table public.contact_messages enable row level security;

revoke all on table public.profiles, public.newsletter_subscribers, public.contact_messages from anon, authenticated;
grant all on table public.profiles, public.newsletter_subscribers, public.contact_messages to service_role;

-- An upsert (insert … on conflict do update) sets every sent column, id included.
grant select, insert (id, full_name, phone), update (id, full_name, phone) on table public.profiles to authenticated;
grant insert (email, user_id, consent, source) on table public.newsletter_subscribers to anon, authenticated;
grant select, delete on table public.newsletter_subscribers to authenticated;
grant insert (name, email, subject, message, user_id) on table public.contact_messages to anon, authenticated;
grant select, delete on table public.contact_messages to authenticated;

create policy "customers read their profile" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()));
create policy "admins read every profile" on public.profiles
  for select to authenticated
  using ((select public.is_admin()));
create policy "customers create their profile" on public.profiles
  for insert to authenticated
  with check (id = (select auth.uid()));
create policy "customers edit their profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create policy "visitors subscribe anonymously" on public.newsletter_subscribers
  for insert to anon
  with check (user_id is null);
create policy "customers subscribe themselves" on public.newsletter_subscribers
  for insert to authenticated
  with check (user_id is null or user_id = (select auth.uid()));
create policy "admins read subscribers" on public.newsletter_subscribers
  for select to authenticated
  using ((select public.is_admin()));
create policy "admins remove subscribers" on public.newsletter_subscribers
  for delete to authenticated
  using ((select public.is_admin()));

create policy "visitors send messages anonymously" on public.contact_messages
  for insert to anon
  with check (user_id is null);
create policy "customers send messages as themselves" on public.contact_messages
  for insert to authenticated
  with check (user_id is null or user_id = (select auth.uid()));
create policy "admins read messages" on public.contact_messages
  for select to authenticated
  using ((select public.is_admin()));
create policy "admins remove messages" on public.contact_messages
  for delete to authenticated
  using ((select public.is_admin()));
