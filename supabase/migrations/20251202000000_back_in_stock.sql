-- Back-in-stock requests (issue 24): a shopper asks to be told by e-mail when a sold-out variant is
-- back. This first part is only the table the admin dashboard counts from (waiting requests per
-- variant); the requests, double opt-in, notifications and unsubscribe follow below it.
-- Nobody reads or writes this table directly: only the security-definer functions do, so no
-- enumeration of who waits is possible through the API.

create table public.back_in_stock_requests (
  id bigint generated always as identity primary key,
  variant_id uuid not null references public.variants (id) on delete cascade,
  email text not null,
  -- Set when a signed-in customer asked (one click, no confirmation mail needed).
  user_id uuid references auth.users (id) on delete set null,
  locale text not null default 'en' constraint back_in_stock_requests_locale_check check (locale in ('en', 'de')),
  -- pending: a guest asked and has not confirmed yet; waiting: confirmed (or signed in), will be told;
  -- notified: the e-mail went out (done); unsubscribed: the owner said no more.
  status text not null default 'pending'
    constraint back_in_stock_requests_status_check check (status in ('pending', 'waiting', 'notified', 'unsubscribed')),
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  notified_at timestamptz
);

-- One request per address and variant (a second ask is the same request).
create unique index back_in_stock_requests_variant_email_key on public.back_in_stock_requests (variant_id, lower(email));
-- The dashboard's and the restock's question: who waits for this variant.
create index back_in_stock_requests_waiting_idx on public.back_in_stock_requests (variant_id) where status = 'waiting';

alter table public.back_in_stock_requests enable row level security;
revoke all on table public.back_in_stock_requests from anon, authenticated;

-- ── The requests, double opt-in, notification and unsubscribe (docs/adr/0038) ─────────────────
-- As the newsletter (ADR 0022): tokens are stored as SHA-256 hashes; the raw ones live only in the
-- outbox while an e-mail waits. A guest's request is 'pending' until the address's owner clicks the
-- link we mail; a signed-in customer asking for their own (confirmed) account address is 'waiting'
-- at once.
alter table public.back_in_stock_requests
  add column confirmation_token_hash bytea,
  add column confirmation_expires_at timestamptz,
  -- sha256(pepper || address) of the confirming request, never the raw IP (private.hash_ip).
  add column confirmed_ip_hash text,
  -- SHA-256 of the token in the unsubscribe link of the latest e-mail about this request.
  add column unsubscribe_token_hash bytea,
  add column unsubscribed_at timestamptz,
  add constraint back_in_stock_requests_waiting_confirmed check (status <> 'waiting' or confirmed_at is not null);
create unique index back_in_stock_requests_confirmation_token_key on public.back_in_stock_requests (confirmation_token_hash);
create unique index back_in_stock_requests_unsubscribe_token_key on public.back_in_stock_requests (unsubscribe_token_hash);
create index back_in_stock_requests_email_idx on public.back_in_stock_requests (lower(email));

-- Requests per client address and hour (each address has its own 5 per hour besides).
insert into private.client_rate_limits (name, max_hits, window_seconds) values ('back_in_stock', 20, 3600);

-- ── The outbox: confirmation and notification e-mails waiting to be sent ───────────────────────
create table public.back_in_stock_emails (
  id uuid primary key default gen_random_uuid(),
  request_id bigint not null references public.back_in_stock_requests (id) on delete cascade,
  kind text not null constraint back_in_stock_emails_kind_check check (kind in ('confirm', 'notify')),
  confirm_token text,
  unsubscribe_token text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index back_in_stock_emails_unsent_idx on public.back_in_stock_emails (created_at) where sent_at is null;
create index back_in_stock_emails_request_idx on public.back_in_stock_emails (request_id);
alter table public.back_in_stock_emails enable row level security;
revoke all on table public.back_in_stock_emails from anon, authenticated;
grant all on table public.back_in_stock_emails to service_role;

-- ── Notification: every waiting request of a variant becomes one e-mail, exactly once ──────────
-- The UPDATE … WHERE status = 'waiting' claims each row: a second transaction restocking the same
-- variant at the same moment waits for the row locks and then finds the rows 'notified' (in READ
-- COMMITTED the WHERE is checked again on the newest row version), so it queues nothing for them.
-- Each notification gets a fresh unsubscribe token (stops the address's other requests too).
create function private.notify_back_in_stock(variant uuid) returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  queued integer;
begin
  with picked as (
    select r.id, private.newsletter_token() as token
    from public.back_in_stock_requests r
    where r.variant_id = notify_back_in_stock.variant and r.status = 'waiting'
    for update
  ), marked as (
    update public.back_in_stock_requests r
    set status = 'notified', notified_at = now(), unsubscribe_token_hash = private.token_hash(picked.token), confirmation_token_hash = null
    from picked
    where r.id = picked.id and r.status = 'waiting'
    returning r.id, picked.token
  ), removed as (
    -- A confirmation e-mail still unsent is pointless now.
    delete from public.back_in_stock_emails e using marked where e.request_id = marked.id and e.sent_at is null
  )
  insert into public.back_in_stock_emails (request_id, kind, unsubscribe_token)
  select marked.id, 'notify', marked.token from marked;
  get diagnostics queued = row_count;
  return queued;
end;
$$;
revoke all on function private.notify_back_in_stock(uuid) from public, anon, authenticated;

-- An admin's save, a CSV import, a refund's restock, an expired checkout's returned stock: every
-- path that brings a variant from 0 to more goes through this UPDATE, so the trigger sees them all.
create function private.variants_back_in_stock() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify_back_in_stock(new.id);
  return null;
end;
$$;
revoke all on function private.variants_back_in_stock() from public, anon, authenticated;
create trigger variants_back_in_stock after update of inventory on public.variants
  for each row when (old.inventory <= 0 and new.inventory > 0) execute function private.variants_back_in_stock();

-- ── request_back_in_stock ──────────────────────────────────────────────────────────────────────
-- "Notify me when it's back" for a sold-out variant of a published product. Answers the same
-- (nothing) whether the address is new, pending, already waiting or was told before, so nobody
-- learns who waits. A guest's new or pending request gets a fresh confirmation link (older links
-- stop working); a waiting one is sent nothing. A signed-in customer who asks for their own
-- confirmed account address (email omitted or equal) waits at once, without an e-mail.
-- Errors: an in-stock variant → PT409 (HTTP 409); not a variant of a published product → PT404;
-- bad address → 22023;
-- over 5 per address and hour or 20 per client and hour → PT429 (HTTP 429).
create function public.request_back_in_stock(variant_id uuid, email text default null, locale text default 'en') returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  account text;
  address text;
  trusted boolean;
  lang text := case when request_back_in_stock.locale = 'de' then 'de' else 'en' end;
  stock integer;
  request public.back_in_stock_requests%rowtype;
  confirm_token text;
  unsubscribe_token text;
begin
  select lower(u.email) into account from auth.users u
  where u.id = auth.uid() and u.email_confirmed_at is not null and not coalesce(u.is_anonymous, false);
  address := lower(btrim(coalesce(nullif(btrim(request_back_in_stock.email), ''), account, '')));
  trusted := account is not null and address = account;
  if not private.is_email_address(address) then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  -- FOR SHARE: a restock of this variant waits for this request (and the other way round), so a
  -- request is never left waiting beside a variant in stock.
  select v.inventory into stock from public.variants v join public.products p on p.id = v.product_id
  where v.id = request_back_in_stock.variant_id and p.status = 'published'
  for share of v;
  if not found then
    raise exception 'This product is not available.' using errcode = 'PT404';
  end if;
  if stock > 0 then
    raise exception 'This size is in stock: you can order it now.' using errcode = 'PT409';
  end if;
  if not public.take_rate_limit('back_in_stock:' || address, 5, 3600) then
    raise exception 'Too many requests for this address. Please try again in an hour.' using errcode = 'PT429';
  end if;
  if not private.take_client_rate_limit('back_in_stock') then
    raise exception 'Too many requests from your connection. Please try again later.' using errcode = 'PT429';
  end if;

  insert into public.back_in_stock_requests (variant_id, email, user_id, locale)
  values (request_back_in_stock.variant_id, address, case when trusted then auth.uid() end, lang)
  on conflict (variant_id, lower(email)) do nothing;
  select * into request from public.back_in_stock_requests r
  where r.variant_id = request_back_in_stock.variant_id and lower(r.email) = address
  for update;

  if request.status = 'waiting' then
    return;
  end if;
  delete from public.back_in_stock_emails e where e.request_id = request.id and e.sent_at is null;
  if trusted then
    update public.back_in_stock_requests r set
      status = 'waiting', user_id = auth.uid(), locale = lang, confirmed_at = now(),
      confirmation_token_hash = null, confirmation_expires_at = null, unsubscribed_at = null, notified_at = null
    where r.id = request.id;
    return;
  end if;

  confirm_token := private.newsletter_token();
  unsubscribe_token := private.newsletter_token();
  update public.back_in_stock_requests r set
    status = 'pending',
    locale = lang,
    created_at = case when r.status = 'pending' then r.created_at else now() end,
    confirmation_token_hash = private.token_hash(confirm_token),
    confirmation_expires_at = now() + interval '48 hours',
    confirmed_at = null,
    confirmed_ip_hash = null,
    unsubscribe_token_hash = private.token_hash(unsubscribe_token),
    unsubscribed_at = null,
    notified_at = null
  where r.id = request.id;
  insert into public.back_in_stock_emails (request_id, kind, confirm_token, unsubscribe_token)
  values (request.id, 'confirm', confirm_token, unsubscribe_token);
end;
$$;
revoke all on function public.request_back_in_stock(uuid, text, text) from public;
grant execute on function public.request_back_in_stock(uuid, text, text) to anon, authenticated, service_role;

-- ── confirm_back_in_stock ──────────────────────────────────────────────────────────────────────
-- The click in the confirmation e-mail: unknown, altered or used → PT404; past 48 hours → PT410;
-- either way nothing changes. If the variant came back meanwhile, the notification is queued at once.
create function public.confirm_back_in_stock(token text) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  request public.back_in_stock_requests%rowtype;
  stock integer;
begin
  if confirm_back_in_stock.token is null or confirm_back_in_stock.token !~ '^[0-9a-f]{64}$' then
    raise exception 'This confirmation link is not valid.' using errcode = 'PT404';
  end if;
  select * into request from public.back_in_stock_requests r
  where r.confirmation_token_hash = private.token_hash(confirm_back_in_stock.token) and r.status = 'pending';
  if not found then
    raise exception 'This confirmation link is not valid.' using errcode = 'PT404';
  end if;
  if request.confirmation_expires_at <= now() then
    raise exception 'This confirmation link has expired.' using errcode = 'PT410';
  end if;
  -- The variant first, then the request (the order a restock locks them in).
  select v.inventory into stock from public.variants v where v.id = request.variant_id for share;
  update public.back_in_stock_requests r set
    status = 'waiting', confirmed_at = now(), confirmed_ip_hash = private.hash_ip(private.request_ip()), confirmation_token_hash = null
  where r.id = request.id and r.status = 'pending';
  if stock > 0 then
    perform private.notify_back_in_stock(request.variant_id);
  end if;
end;
$$;
revoke all on function public.confirm_back_in_stock(text) from public;
grant execute on function public.confirm_back_in_stock(text) to anon, authenticated, service_role;

-- ── unsubscribe_back_in_stock ──────────────────────────────────────────────────────────────────
-- The link in every back-in-stock e-mail: ends this request and every other open one of the same
-- address (the address's owner said "no more"). Works again and again; unknown token → PT404.
create function public.unsubscribe_back_in_stock(token text) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  address text;
begin
  if unsubscribe_back_in_stock.token is null or unsubscribe_back_in_stock.token !~ '^[0-9a-f]{64}$' then
    raise exception 'This unsubscribe link is not valid.' using errcode = 'PT404';
  end if;
  select lower(r.email) into address from public.back_in_stock_requests r
  where r.unsubscribe_token_hash = private.token_hash(unsubscribe_back_in_stock.token);
  if address is null then
    raise exception 'This unsubscribe link is not valid.' using errcode = 'PT404';
  end if;
  update public.back_in_stock_requests r set
    status = 'unsubscribed', unsubscribed_at = now(), confirmation_token_hash = null
  where lower(r.email) = address
    and (r.status in ('pending', 'waiting') or r.unsubscribe_token_hash = private.token_hash(unsubscribe_back_in_stock.token))
    and r.status <> 'unsubscribed';
  delete from public.back_in_stock_emails e using public.back_in_stock_requests r
  where e.request_id = r.id and lower(r.email) = address and e.sent_at is null;
end;
$$;
revoke all on function public.unsubscribe_back_in_stock(text) from public;
grant execute on function public.unsubscribe_back_in_stock(text) to anon, authenticated, service_role;

-- ── Claim and release, for deliverOrderEmails (supabase/functions/_shared/order-email.ts) ─────
create function public.claim_back_in_stock_emails(max_count integer default 20) returns jsonb
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
    select e.id, e.confirm_token, e.unsubscribe_token from public.back_in_stock_emails e
    where e.sent_at is null
    order by e.created_at, e.id
    limit max_count
    for update skip locked
  ), marked as (
    update public.back_in_stock_emails e set sent_at = now(), confirm_token = null, unsubscribe_token = null
    from picked where e.id = picked.id
    returning e.id, e.request_id, e.kind, e.created_at, picked.confirm_token, picked.unsubscribe_token
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', m.id,
           'kind', m.kind,
           'email', r.email,
           'locale', r.locale,
           'confirmToken', m.confirm_token,
           'unsubscribeToken', m.unsubscribe_token,
           'slug', p.slug,
           'title', case when r.locale = 'de' then coalesce(nullif(btrim(p.title_de), ''), p.title) else p.title end,
           'size', v.size,
           'color', v.color
         ) order by m.created_at, m.id), '[]')
  into result
  from marked m
  join public.back_in_stock_requests r on r.id = m.request_id
  join public.variants v on v.id = r.variant_id
  join public.products p on p.id = v.product_id;
  return result;
end;
$$;
revoke all on function public.claim_back_in_stock_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_back_in_stock_emails(integer) to service_role;

-- Puts a claimed e-mail back with its tokens, unless its request has moved on meanwhile (a newer
-- link, an unsubscribe).
create function public.release_back_in_stock_email(email_id uuid, confirm_token text, unsubscribe_token text) returns void
language sql
security definer
set search_path = ''
as $$
  update public.back_in_stock_emails e
  set sent_at = null, confirm_token = release_back_in_stock_email.confirm_token, unsubscribe_token = release_back_in_stock_email.unsubscribe_token
  where e.id = release_back_in_stock_email.email_id and e.sent_at is not null
    and exists (select 1 from public.back_in_stock_requests r
                where r.id = e.request_id and r.status <> 'unsubscribed'
                  and r.unsubscribe_token_hash = private.token_hash(release_back_in_stock_email.unsubscribe_token))
$$;
revoke all on function public.release_back_in_stock_email(uuid, text, text) from public, anon, authenticated;
grant execute on function public.release_back_in_stock_email(uuid, text, text) to service_role;
