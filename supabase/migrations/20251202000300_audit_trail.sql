-- Issue 24, item 5: the audit trail (docs/adr/0039-audit-trail.md). Every admin write to a
-- product, variant, review, order or refund leaves one row here with who, when, what and the
-- changed fields before and after. Written only by the triggers below; nobody changes or removes
-- a row, not the admin, not the service role, not the owner (a trigger raises on UPDATE, DELETE
-- and TRUNCATE). Read through public.admin_audit_log (admins at aal2).

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default clock_timestamp(),
  -- Who: the admin (auth.uid(), or the admin a service-role write acts for, see below) and their
  -- e-mail as it was at the time; no foreign key, so a deleted account leaves its rows as they are.
  actor uuid,
  actor_email text,
  -- The database role the write came through: authenticated (the admin's own token) or
  -- service_role (a server function completing what the admin asked for).
  via text not null,
  -- Why, when a caller says so: 'import' for the CSV import (current_setting('npng.audit_context')).
  context text constraint audit_log_context_length check (char_length(context) <= 40),
  entity text not null constraint audit_log_entity_check check (entity in ('product', 'variant', 'review', 'order', 'refund')),
  entity_id uuid not null,
  -- The page the row belongs to: the product of a product, variant or review; the order of an
  -- order or refund. A product's or order's History reads its rows by this.
  subject_id uuid not null,
  -- The entity and subject as an admin recognises them (SKU, title, order number) when written.
  label text,
  subject_label text,
  -- The currency of the money fields (prices in cents), when there are any.
  currency text,
  action text not null constraint audit_log_action_check check (action in ('insert', 'update', 'delete')),
  -- Only the changed fields: an insert has no before, a delete no after.
  before jsonb,
  after jsonb
);
create index audit_log_at_idx on public.audit_log (at desc, id desc);
create index audit_log_subject_idx on public.audit_log (subject_id, at desc, id desc);
create index audit_log_entity_id_idx on public.audit_log (entity_id, at desc, id desc);
create index audit_log_actor_email_idx on public.audit_log (lower(actor_email), at desc);

alter table public.audit_log enable row level security;
revoke all on table public.audit_log from public, anon, authenticated, service_role;

create function private.audit_log_is_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The audit trail cannot be changed or deleted' using errcode = '42501', hint = 'append_only';
end;
$$;
revoke all on function private.audit_log_is_append_only() from public, anon, authenticated;
create trigger audit_log_no_update_or_delete before update or delete on public.audit_log
  for each row execute function private.audit_log_is_append_only();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.audit_log_is_append_only();

-- ── Writing it ───────────────────────────────────────────────────────────────────────────────
-- One trigger function for the five tables; TG_ARGV[0] is the entity, TG_ARGV[1] the columns
-- recorded (a list per table: derived figures such as min_price or updated_at, and a customer's
-- personal data on orders and reviews, are never copied into a log that cannot be erased).
--
-- Recorded: writes by an admin (public.is_admin()), writes a service-role function makes for an
-- admin (npng.audit_actor, set below when a refund the admin asked for is completed or fails),
-- and writes under a context (npng.audit_context, e.g. the import). Not recorded: a shopper's
-- purchase (stock taken, an order paid), expiry of held stock, the seed and other system work;
-- the orders and their timeline keep those.
create function private.audit_row() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  entity text := tg_argv[0];
  fields text[] := string_to_array(tg_argv[1], ',');
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  rec jsonb := coalesce(new_row, old_row);
  role_name text := coalesce(nullif(auth.role(), ''), current_user);
  who uuid := auth.uid();
  on_behalf text := nullif(current_setting('npng.audit_actor', true), '');
  why text := nullif(current_setting('npng.audit_context', true), '');
  before_fields jsonb := '{}';
  after_fields jsonb := '{}';
  col text;
  subject uuid;
  own_label text;
  subject_text text;
  money text;
begin
  -- A refund completed or failed by the service role acts for the admin who asked for it: what
  -- the rest of this transaction writes (the order's status, the stock back) is theirs too.
  if entity = 'refund' and who is null and role_name not in ('anon', 'authenticated') and (rec ->> 'created_by') is not null then
    perform set_config('npng.audit_actor', rec ->> 'created_by', true);
    on_behalf := rec ->> 'created_by';
  end if;
  if who is null and role_name not in ('anon', 'authenticated') and on_behalf is not null then
    who := on_behalf::uuid;
  elsif not coalesce(public.is_admin(), false) and why is null then
    return null;
  end if;

  foreach col in array fields loop
    if tg_op = 'INSERT' then
      if new_row -> col is not null and new_row -> col <> 'null'::jsonb then
        after_fields := after_fields || jsonb_build_object(col, new_row -> col);
      end if;
    elsif tg_op = 'DELETE' then
      if old_row -> col is not null and old_row -> col <> 'null'::jsonb then
        before_fields := before_fields || jsonb_build_object(col, old_row -> col);
      end if;
    elsif (old_row -> col) is distinct from (new_row -> col) then
      before_fields := before_fields || jsonb_build_object(col, old_row -> col);
      after_fields := after_fields || jsonb_build_object(col, new_row -> col);
    end if;
  end loop;
  -- An update that changed none of the recorded fields (a derived figure, updated_at) is no entry.
  if tg_op = 'UPDATE' and after_fields = '{}' then
    return null;
  end if;

  case entity
    when 'product' then
      subject := (rec ->> 'id')::uuid;
      own_label := rec ->> 'title';
      subject_text := own_label;
      money := rec ->> 'currency';
    when 'variant' then
      subject := (rec ->> 'product_id')::uuid;
      own_label := rec ->> 'sku';
      select p.title, p.currency into subject_text, money from public.products p where p.id = subject;
    when 'review' then
      subject := (rec ->> 'product_id')::uuid;
      own_label := rec ->> 'title';
      select p.title into subject_text from public.products p where p.id = subject;
    when 'order' then
      subject := (rec ->> 'id')::uuid;
      own_label := rec ->> 'order_number';
      subject_text := own_label;
      money := rec ->> 'currency';
    when 'refund' then
      -- An automatic refund of a payment without an order has no order page: its own id is the subject.
      subject := coalesce((rec ->> 'order_id')::uuid, (rec ->> 'id')::uuid);
      select o.order_number into subject_text from public.orders o where o.id = (rec ->> 'order_id')::uuid;
      own_label := subject_text;
      money := rec ->> 'currency';
  end case;

  insert into public.audit_log (actor, actor_email, via, context, entity, entity_id, subject_id, label, subject_label, currency, action, before, after)
  values (
    who,
    (select u.email from auth.users u where u.id = who),
    role_name,
    left(why, 40),
    entity,
    (rec ->> 'id')::uuid,
    subject,
    own_label,
    subject_text,
    money,
    lower(tg_op),
    case when tg_op = 'INSERT' then null else before_fields end,
    case when tg_op = 'DELETE' then null else after_fields end
  );
  return null;
end;
$$;
revoke all on function private.audit_row() from public, anon, authenticated;

create trigger products_audited after insert or update or delete on public.products
  for each row execute function private.audit_row('product',
    'slug,title,subtitle,description,title_de,subtitle_de,description_de,category,tags,currency,featured,status,meta_title,meta_description,og_image');
create trigger variants_audited after insert or update or delete on public.variants
  for each row execute function private.audit_row('variant', 'sku,size,color,price,compare_at_price,inventory,barcode,archived_at');
create trigger reviews_audited after insert or update or delete on public.reviews
  for each row execute function private.audit_row('review', 'status,rating,title');
create trigger orders_audited after insert or update or delete on public.orders
  for each row execute function private.audit_row('order', 'status,carrier,tracking_number,refunded_total');
create trigger refunds_audited after insert or update or delete on public.refunds
  for each row execute function private.audit_row('refund', 'kind,amount,currency,lines,reason,status,failure');

-- ── Reading it ───────────────────────────────────────────────────────────────────────────────
-- Newest first, filtered and paged in the database, for admins only (is_admin(): aal2 once the
-- admin has a second factor). `entity_id` matches the row's own entity or its subject, so a
-- product's id also finds its variants' and reviews' rows, and an order's its refunds'.
-- `since` is inclusive, `until` exclusive. Answers {total, rows}.
create function public.admin_audit_log(
  entity text default null,
  entity_id uuid default null,
  actor_email text default null,
  action text default null,
  since timestamptz default null,
  until timestamptz default null,
  page integer default 1,
  page_size integer default 25
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted_actor text := lower(nullif(btrim(coalesce(admin_audit_log.actor_email, '')), ''));
  total integer;
  page_rows jsonb;
begin
  if not coalesce(public.is_admin(), false) and coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only an admin can read the audit trail' using errcode = '42501';
  end if;
  if admin_audit_log.entity is not null and admin_audit_log.entity not in ('product', 'variant', 'review', 'order', 'refund') then
    raise exception 'Unknown entity %: use product, variant, review, order or refund', admin_audit_log.entity using errcode = '22023';
  end if;
  if admin_audit_log.action is not null and admin_audit_log.action not in ('insert', 'update', 'delete') then
    raise exception 'Unknown action %: use insert, update or delete', admin_audit_log.action using errcode = '22023';
  end if;
  if admin_audit_log.page is null or admin_audit_log.page < 1 or admin_audit_log.page > 100000 then
    raise exception 'page must be a whole number from 1' using errcode = '22023';
  end if;
  if admin_audit_log.page_size is null or admin_audit_log.page_size < 1 or admin_audit_log.page_size > 100 then
    raise exception 'page_size must be from 1 to 100' using errcode = '22023';
  end if;

  select count(*)::integer into total
  from public.audit_log l
  where (admin_audit_log.entity is null or l.entity = admin_audit_log.entity)
    and (admin_audit_log.entity_id is null or l.subject_id = admin_audit_log.entity_id or l.entity_id = admin_audit_log.entity_id)
    and (wanted_actor is null or lower(l.actor_email) = wanted_actor)
    and (admin_audit_log.action is null or l.action = admin_audit_log.action)
    and (admin_audit_log.since is null or l.at >= admin_audit_log.since)
    and (admin_audit_log.until is null or l.at < admin_audit_log.until);

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', p.id, 'at', p.at, 'actor', p.actor, 'actorEmail', p.actor_email, 'via', p.via, 'context', p.context,
           'entity', p.entity, 'entityId', p.entity_id, 'subjectId', p.subject_id, 'label', p.label, 'subjectLabel', p.subject_label,
           'currency', p.currency, 'action', p.action, 'before', p.before, 'after', p.after
         ) order by p.at desc, p.id desc), '[]')
  into page_rows
  from (
    select l.*
    from public.audit_log l
    where (admin_audit_log.entity is null or l.entity = admin_audit_log.entity)
      and (admin_audit_log.entity_id is null or l.subject_id = admin_audit_log.entity_id or l.entity_id = admin_audit_log.entity_id)
      and (wanted_actor is null or lower(l.actor_email) = wanted_actor)
      and (admin_audit_log.action is null or l.action = admin_audit_log.action)
      and (admin_audit_log.since is null or l.at >= admin_audit_log.since)
      and (admin_audit_log.until is null or l.at < admin_audit_log.until)
    order by l.at desc, l.id desc
    limit admin_audit_log.page_size offset (admin_audit_log.page - 1) * admin_audit_log.page_size
  ) p;

  return jsonb_build_object('total', total, 'rows', page_rows);
end;
$$;
revoke all on function public.admin_audit_log(text, uuid, text, text, timestamptz, timestamptz, integer, integer) from public, anon;
grant execute on function public.admin_audit_log(text, uuid, text, text, timestamptz, timestamptz, integer, integer) to authenticated, service_role;
