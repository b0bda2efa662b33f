-- /admin/reviews beyond 200 (issue 24 item 6): every review for admins, one row each with its
-- product's title and slug, so the list is paged, filtered by status, searched (title, body,
-- author, product) and counted in SQL through PostgREST, as admin_products and orders are.
-- security_invoker: the reviews' and products' policies apply to the caller, and the is_admin()
-- filter shows anyone else nothing (admin at aal2 once a second factor is set up).
create view public.admin_reviews with (security_invoker = true) as
select r.id, r.product_id, r.rating, r.title, r.body, r.author_name, r.author_email, r.status, r.created_at,
       p.title as product_title, p.slug as product_slug
from public.reviews r
left join public.products p on p.id = r.product_id
where (select public.is_admin());

revoke all on table public.admin_reviews from anon, authenticated;
grant select on table public.admin_reviews to authenticated;
grant all on table public.admin_reviews to service_role;

-- The list's order (newest first, id breaks ties) with and without a status filter; replaces the
-- index on (status, created_at) alone. A search scans the (filtered) reviews in that order.
drop index public.reviews_status_created_at_idx;
create index reviews_created_at_id_idx on public.reviews (created_at desc, id);
create index reviews_status_created_at_id_idx on public.reviews (status, created_at desc, id);
