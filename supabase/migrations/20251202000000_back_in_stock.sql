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
