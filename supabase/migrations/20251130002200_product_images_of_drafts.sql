-- Product images of drafts stay private (issue 22 item 9c). Until now anyone could read every row of
-- the product-images bucket, so POST /storage/v1/object/list/product-images named the folders (product
-- ids) and files of unpublished products, which the catalogue hides. An image lives under
-- `{product id}/…` (src/api/admin.ts, server/seed): visitors and shoppers now see only the objects of
-- published products, admins every one. The bucket stays public: an object's public URL still
-- serves it to whoever knows the path (as hosted Supabase's public buckets do), and a draft's path
-- holds its product's random id, which only admins can read.

drop policy "product images are public" on storage.objects;

create policy "images of published products are public" on storage.objects
  for select to anon, authenticated
  using (
    bucket_id = 'product-images'
    and exists (
      select 1
      from public.products p
      where p.status = 'published'
        and p.id = case
          when split_part(name, '/', 1) ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then split_part(name, '/', 1)::uuid
        end
    )
  );

create policy "admins read every product image" on storage.objects
  for select to authenticated
  using (bucket_id = 'product-images' and (select public.is_admin()));
