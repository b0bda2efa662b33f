-- Product reviews: written by customers who bought the product, shown once an admin approves them.

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  rating integer not null constraint reviews_rating_range check (rating between 1 and 5),
  title text not null constraint reviews_title_length check (char_length(btrim(title)) between 1 and 200),
  body text not null constraint reviews_body_length check (char_length(btrim(body)) between 1 and 5000),
  author_name text not null default 'Anonymous'
    constraint reviews_author_name_length check (char_length(btrim(author_name)) between 1 and 100),
  author_email text constraint reviews_author_email_format check (private.is_email_address(author_email)),
  photos text[] not null default '{}'
    constraint reviews_photos_limits check (cardinality(photos) <= 6 and array_position(photos, null) is null),
  status text not null default 'pending' constraint reviews_status_check check (status in ('pending', 'approved', 'rejected')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index reviews_product_id_status_created_at_idx on public.reviews (product_id, status, created_at desc);
create index reviews_user_id_idx on public.reviews (user_id);
create index reviews_status_created_at_idx on public.reviews (status, created_at desc);

create trigger reviews_set_updated_at before update on public.reviews
  for each row execute function private.set_updated_at();

-- Whatever a signed-in caller sends, a new review is theirs and waits for moderation. The
-- service role (seed, admin tooling) may write any author and status.
create function private.new_review_is_pending_and_own() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.status := 'pending';
    new.user_id := auth.uid();
  end if;
  return new;
end;
$$;
revoke all on function private.new_review_is_pending_and_own() from public, anon, authenticated;

create trigger reviews_new_review_is_pending_and_own before insert on public.reviews
  for each row execute function private.new_review_is_pending_and_own();

create function public.calculate_product_rating(product_uuid uuid)
returns table (average_rating numeric, review_count bigint)
language sql
stable
set search_path = ''
as $$
  select coalesce(round(avg(r.rating), 2), 0)::numeric, count(*)
  from public.reviews r
  where r.product_id = product_uuid
    and r.status = 'approved'
$$;
revoke all on function public.calculate_product_rating(uuid) from public;
grant execute on function public.calculate_product_rating(uuid) to anon, authenticated, service_role;

-- ── Row level security and grants ──────────────────────────────────────────────────────────
alter table public.reviews enable row level security;

revoke all on table public.reviews from anon, authenticated;
grant all on table public.reviews to service_role;
grant select on table public.reviews to anon, authenticated;
grant insert (product_id, user_id, rating, title, body, author_name, author_email, photos, status)
  on table public.reviews to authenticated;
grant update (status), delete on table public.reviews to authenticated;

create policy "approved reviews are public" on public.reviews
  for select to anon, authenticated
  using (status = 'approved');
create policy "customers read their reviews" on public.reviews
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "admins read every review" on public.reviews
  for select to authenticated
  using ((select public.is_admin()));
create policy "buyers review what they bought" on public.reviews
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and status = 'pending'
    and public.has_purchased(product_id)
    and (author_email is null or lower(author_email) = lower((select auth.jwt() ->> 'email')))
  );
create policy "admins moderate reviews" on public.reviews
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "admins delete reviews" on public.reviews
  for delete to authenticated
  using ((select public.is_admin()));
