-- Newsletter double opt-in (§ 7 Abs. 2 Nr. 2, Abs. 3 UWG; BGH I ZR 164/09): ADR 0022.
-- A sign-up only asks; the subscription starts when the address's owner clicks the link we mail.
-- We keep what proves that consent (when it was asked, when and from where it was given, in which
-- language and through which form) and never a usable secret: tokens are stored as SHA-256 hashes.

-- ── The subscriber's state ─────────────────────────────────────────────────────────────────────
-- Rows from before this migration were single opt-in: we hold no proof of their consent, so they
-- become 'pending' without a token (never mailed; they can sign up again). Mailing them to ask for
-- confirmation would itself be advertising without consent.
alter table public.newsletter_subscribers
  add column status text not null default 'pending'
    constraint newsletter_subscribers_status_check check (status in ('pending', 'confirmed', 'unsubscribed')),
  add column locale text not null default 'en'
    constraint newsletter_subscribers_locale_check check (locale in ('en', 'de')),
  -- When the latest confirmation e-mail was asked for (each refresh moves it).
  add column confirmation_requested_at timestamptz,
  -- SHA-256 of the token in the latest confirmation link; null once used (so a link works once).
  add column confirmation_token_hash bytea,
  add column confirmation_expires_at timestamptz,
  add column confirmed_at timestamptz,
  -- sha256(pepper || address) of the confirming request, never the raw IP: see private.hash_ip.
  add column confirmed_ip_hash text,
  -- SHA-256 of the token in the unsubscribe link every newsletter e-mail carries.
  add column unsubscribe_token_hash bytea,
  add column unsubscribed_at timestamptz,
  add constraint newsletter_subscribers_confirmed_has_proof check (status <> 'confirmed' or confirmed_at is not null);

create unique index newsletter_subscribers_confirmation_token_key on public.newsletter_subscribers (confirmation_token_hash);
create unique index newsletter_subscribers_unsubscribe_token_key on public.newsletter_subscribers (unsubscribe_token_hash);

-- The only way in is public.subscribe_newsletter: no direct inserts any more.
drop policy "visitors subscribe anonymously" on public.newsletter_subscribers;
drop policy "customers subscribe themselves" on public.newsletter_subscribers;
revoke insert on table public.newsletter_subscribers from anon, authenticated;

-- ── The pepper for IP hashes ───────────────────────────────────────────────────────────────────
-- An IPv4 address has only 2^32 values: a plain sha256 of it is reversed by trying them all. With a
-- random pepper that never leaves the database (private schema, no grants), the stored hash is
-- useless to anyone who gets the table, yet we can still show, when a subscriber disputes consent,
-- that a given address confirmed (hash it again and compare). Data minimisation (Art. 5 GDPR).
create table private.newsletter_secrets (
  id boolean primary key default true constraint newsletter_secrets_single check (id),
  ip_pepper text not null
);
insert into private.newsletter_secrets (ip_pepper) values (encode(extensions.gen_random_bytes(32), 'hex'));
revoke all on table private.newsletter_secrets from public, anon, authenticated;

create function private.hash_ip(address text) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when nullif(btrim(address), '') is null then null
              else encode(pg_catalog.sha256(convert_to(s.ip_pepper || btrim(address), 'UTF8')), 'hex') end
  from private.newsletter_secrets s
$$;
revoke all on function private.hash_ip(text) from public, anon, authenticated;

-- The caller's address as the gateway saw it. PostgREST (and server/rest, server/context.ts) put the
-- request headers into the GUC request.headers; behind Supabase's gateway x-forwarded-for starts
-- with the client's address. Without the header (a direct local request) it is null and so is the
-- hash: we then record the time only.
create function private.request_ip() returns text
language sql
stable
set search_path = ''
as $$
  select nullif(btrim(split_part(coalesce(
    nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for',
    nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-real-ip', ''), ',', 1)), '')
$$;
revoke all on function private.request_ip() from public, anon, authenticated;

-- A fresh random token (256 bits, hex) and its stored form.
create function private.newsletter_token() returns text
language sql
volatile
set search_path = ''
as $$ select encode(extensions.gen_random_bytes(32), 'hex') $$;
create function private.token_hash(token text) returns bytea
language sql
immutable
set search_path = ''
as $$ select pg_catalog.sha256(convert_to(coalesce(token, ''), 'UTF8')) $$;
revoke all on function private.newsletter_token(), private.token_hash(text) from public, anon, authenticated;

-- ── The outbox (ADR 0014's pattern): confirmation e-mails waiting to be sent ───────────────────
-- The raw tokens live here only while the e-mail waits: claiming it hands them to the sender and
-- clears them; a failed send puts them back (release_newsletter_email).
create table public.newsletter_emails (
  id uuid primary key default gen_random_uuid(),
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  kind text not null default 'confirm' constraint newsletter_emails_kind_check check (kind in ('confirm')),
  confirm_token text,
  unsubscribe_token text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index newsletter_emails_unsent_idx on public.newsletter_emails (created_at) where sent_at is null;
create index newsletter_emails_subscriber_idx on public.newsletter_emails (subscriber_id);
alter table public.newsletter_emails enable row level security;
revoke all on table public.newsletter_emails from anon, authenticated;
grant all on table public.newsletter_emails to service_role;

-- ── subscribe_newsletter ───────────────────────────────────────────────────────────────────────
-- Answers the same (nothing) for a new, pending, unsubscribed or confirmed address, so the form
-- tells nobody whether an address is on the list. New, pending and unsubscribed addresses get a
-- fresh confirmation link (older links stop working); a confirmed address is sent nothing, so the
-- form cannot be used to mail a subscriber again and again (every newsletter already carries the
-- unsubscribe link). At most 3 attempts per address and hour, whatever its state → HTTP 429.
create function public.subscribe_newsletter(email text, source text, locale text default 'en') returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  address text := lower(btrim(coalesce(subscribe_newsletter.email, '')));
  lang text := case when subscribe_newsletter.locale = 'de' then 'de' else 'en' end;
  subscriber public.newsletter_subscribers%rowtype;
  confirm_token text;
  unsubscribe_token text;
begin
  if not private.is_email_address(address) then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  if subscribe_newsletter.source is null or subscribe_newsletter.source not in ('footer', 'account') then
    raise exception 'source must be footer or account' using errcode = '22023';
  end if;
  if not public.take_rate_limit('newsletter:' || address, 3, 3600) then
    raise exception 'Too many sign-ups for this address. Please try again in an hour.' using errcode = 'PT429';
  end if;

  insert into public.newsletter_subscribers (email, user_id, consent, source, locale)
  values (address, auth.uid(), true, subscribe_newsletter.source, lang)
  on conflict ((lower(email))) do nothing;
  select * into subscriber from public.newsletter_subscribers s where lower(s.email) = address for update;

  if subscriber.status = 'confirmed' then
    return;
  end if;

  confirm_token := private.newsletter_token();
  unsubscribe_token := private.newsletter_token();
  update public.newsletter_subscribers s set
    status = 'pending',
    user_id = coalesce(s.user_id, auth.uid()),
    source = subscribe_newsletter.source,
    locale = lang,
    consent = true,
    confirmation_requested_at = now(),
    confirmation_token_hash = private.token_hash(confirm_token),
    confirmation_expires_at = now() + interval '48 hours',
    confirmed_at = null,
    confirmed_ip_hash = null,
    unsubscribe_token_hash = private.token_hash(unsubscribe_token),
    unsubscribed_at = null
  where s.id = subscriber.id;
  -- An unsent older e-mail carries a link that no longer works: it is replaced.
  delete from public.newsletter_emails e where e.subscriber_id = subscriber.id and e.sent_at is null;
  insert into public.newsletter_emails (subscriber_id, confirm_token, unsubscribe_token)
  values (subscriber.id, confirm_token, unsubscribe_token);
end;
$$;
revoke all on function public.subscribe_newsletter(text, text, text) from public;
grant execute on function public.subscribe_newsletter(text, text, text) to anon, authenticated, service_role;

-- ── confirm_newsletter ─────────────────────────────────────────────────────────────────────────
-- The click in the e-mail. Unknown, altered or already used → PT404; past its 48 hours → PT410;
-- either way nothing changes. Records the time and the hashed address of the confirming request.
create function public.confirm_newsletter(token text) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  subscriber public.newsletter_subscribers%rowtype;
begin
  select * into subscriber from public.newsletter_subscribers s
  where s.confirmation_token_hash = private.token_hash(confirm_newsletter.token) and s.status = 'pending'
  for update;
  if not found or confirm_newsletter.token is null or confirm_newsletter.token !~ '^[0-9a-f]{64}$' then
    raise exception 'This confirmation link is not valid.' using errcode = 'PT404';
  end if;
  if subscriber.confirmation_expires_at <= now() then
    raise exception 'This confirmation link has expired.' using errcode = 'PT410';
  end if;
  update public.newsletter_subscribers s set
    status = 'confirmed',
    confirmed_at = now(),
    confirmed_ip_hash = private.hash_ip(private.request_ip()),
    confirmation_token_hash = null
  where s.id = subscriber.id;
end;
$$;
revoke all on function public.confirm_newsletter(text) from public;
grant execute on function public.confirm_newsletter(text) to anon, authenticated, service_role;

-- ── unsubscribe_newsletter ─────────────────────────────────────────────────────────────────────
-- The link in every newsletter e-mail. Works again and again (a second click still says you are
-- unsubscribed); an unknown or altered token → PT404 and nothing changes. The row stays, marked,
-- as the record that the consent was given and withdrawn.
create function public.unsubscribe_newsletter(token text) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target_id uuid;
begin
  select s.id into target_id from public.newsletter_subscribers s
  where s.unsubscribe_token_hash = private.token_hash(unsubscribe_newsletter.token)
  for update;
  if target_id is null or unsubscribe_newsletter.token is null or unsubscribe_newsletter.token !~ '^[0-9a-f]{64}$' then
    raise exception 'This unsubscribe link is not valid.' using errcode = 'PT404';
  end if;
  update public.newsletter_subscribers s set
    status = 'unsubscribed',
    unsubscribed_at = coalesce(s.unsubscribed_at, now()),
    confirmation_token_hash = null
  where s.id = target_id and s.status <> 'unsubscribed';
  delete from public.newsletter_emails e where e.subscriber_id = target_id and e.sent_at is null;
end;
$$;
revoke all on function public.unsubscribe_newsletter(text) from public;
grant execute on function public.unsubscribe_newsletter(text) to anon, authenticated, service_role;

-- ── Claim and release, for deliverOrderEmails (supabase/functions/_shared/order-email.ts) ─────
create function public.claim_newsletter_emails(max_count integer default 20) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  if max_count is null or max_count < 1 or max_count > 100 then
    raise exception 'max_count must be a whole number from 1 to 100';
  end if;
  with picked as (
    select e.id, e.confirm_token, e.unsubscribe_token from public.newsletter_emails e
    where e.sent_at is null
    order by e.created_at, e.id
    limit max_count
    for update skip locked
  ), marked as (
    update public.newsletter_emails e set sent_at = now(), confirm_token = null, unsubscribe_token = null
    from picked where e.id = picked.id
    returning e.id, e.subscriber_id, e.kind, e.created_at, picked.confirm_token, picked.unsubscribe_token
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', m.id,
           'kind', m.kind,
           'email', s.email,
           'locale', s.locale,
           'confirmToken', m.confirm_token,
           'unsubscribeToken', m.unsubscribe_token
         ) order by m.created_at, m.id), '[]')
  into result
  from marked m join public.newsletter_subscribers s on s.id = m.subscriber_id;
  return result;
end;
$$;
revoke all on function public.claim_newsletter_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_newsletter_emails(integer) to service_role;

-- Puts a claimed e-mail back with its tokens, unless a newer one has replaced it meanwhile.
create function public.release_newsletter_email(email_id uuid, confirm_token text, unsubscribe_token text) returns void
language sql
security definer
set search_path = ''
as $$
  update public.newsletter_emails e
  set sent_at = null, confirm_token = release_newsletter_email.confirm_token, unsubscribe_token = release_newsletter_email.unsubscribe_token
  where e.id = release_newsletter_email.email_id and e.sent_at is not null
    and exists (select 1 from public.newsletter_subscribers s
                where s.id = e.subscriber_id and s.confirmation_token_hash = private.token_hash(release_newsletter_email.confirm_token))
$$;
revoke all on function public.release_newsletter_email(uuid, text, text) from public, anon, authenticated;
grant execute on function public.release_newsletter_email(uuid, text, text) to service_role;
