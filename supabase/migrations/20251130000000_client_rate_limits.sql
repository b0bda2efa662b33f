-- Limits per client address (issue 22 item 7): the contact form and newsletter sign-ups, counted
-- per caller as private.request_ip() reads it. Behind Supabase's gateway that is the client's
-- address; on server/ it is the address server/proxy.ts determined (the socket's, or
-- X-Forwarded-For's from a TRUSTED_PROXIES peer), never a header the client wrote itself.
-- Over the limit: SQLSTATE PT429, which PostgREST (and server/rest) answer with HTTP 429.

-- ── The limits, one row each; an operator may change them (update private.client_rate_limits) ──
create table private.client_rate_limits (
  name text primary key,
  max_hits integer not null constraint client_rate_limits_max_hits_check check (max_hits >= 1),
  window_seconds integer not null constraint client_rate_limits_window_check check (window_seconds between 1 and 86400)
);
insert into private.client_rate_limits (name, max_hits, window_seconds) values
  -- A person writes one message, perhaps a second with what they forgot.
  ('contact', 5, 600),
  -- Sign-ups of different addresses from one connection (each address has its own 3 per hour).
  ('newsletter', 10, 3600);
revoke all on table private.client_rate_limits from public, anon, authenticated;

-- True when the calling client may do `name` once more (and records it); false when its budget is
-- used up. A name without a row is not limited. A request without an address (a direct local
-- connection to the database) counts as one client, 'local'.
create function private.take_client_rate_limit(name text) returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  select coalesce((
    select public.take_rate_limit(r.name || ':' || coalesce(private.request_ip(), 'local'), r.max_hits, r.window_seconds)
    from private.client_rate_limits r
    where r.name = take_client_rate_limit.name
  ), true)
$$;
revoke all on function private.take_client_rate_limit(text) from public, anon, authenticated;

-- ── The contact form: a direct insert into contact_messages (src/api/contact.ts) ─────────────────
-- Each row counts (a bulk insert cannot slip past); an insert that fails rolls its hit back too.
-- The service role (and the database owner: seed, maintenance) is not limited.
create function private.contact_messages_rate_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') and not private.take_client_rate_limit('contact') then
    raise exception 'Too many messages from your connection. Please try again in a few minutes.' using errcode = 'PT429';
  end if;
  return new;
end;
$$;
revoke all on function private.contact_messages_rate_limit() from public, anon, authenticated;
create trigger contact_messages_rate_limit before insert on public.contact_messages
  for each row execute function private.contact_messages_rate_limit();

-- ── Newsletter sign-ups: per client as well as per address (otherwise as 20251128000000) ──────────
create or replace function public.subscribe_newsletter(email text, source text, locale text default 'en') returns void
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
  if not private.take_client_rate_limit('newsletter') then
    raise exception 'Too many sign-ups from your connection. Please try again later.' using errcode = 'PT429';
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
