-- "Name: A–Z" in German sorts by the title German shoppers see: the German title where there is
-- one, else the English one. Appended to the listing view (existing columns keep their order).
create or replace view public.product_listing with (security_invoker = true) as
select p.id, p.slug, p.title, p.subtitle, p.description, p.title_de, p.subtitle_de, p.description_de,
       p.category, p.tags, p.currency, p.featured, p.status, p.meta_title, p.meta_description, p.og_image,
       p.created_at, p.updated_at,
       p.min_price, p.max_price, p.sizes, p.colors, p.in_stock, p.total_inventory, p.units_sold,
       coalesce(nullif(btrim(p.title_de), ''), p.title) as title_de_or_en
from public.products p;
