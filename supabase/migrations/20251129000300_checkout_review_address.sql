-- The review step of § 312j (2)–(3) BGB (docs/adr/0024): the delivery address is confirmed on the
-- storefront before the order button, and travels with create-checkout-session. A session opened
-- with it keeps it as confirmed: the payment page shows it read-only and asks only for the card.
-- A session opened without one behaves as before (the payment page asks; a signed-in customer's
-- last address is offered).

alter table public.checkout_sessions
  add column address_confirmed boolean not null default false;

-- A confirmed address must be one check_shipping_address accepts for the session's region (the
-- function checks it first; this is the database's own word), and is kept as normalised.
create or replace function public.open_checkout_session(checkout jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  opened public.checkout_sessions;
  short jsonb;
  last_address jsonb;
  checked jsonb;
  confirmed boolean := coalesce((checkout ->> 'address_confirmed')::boolean, false);
begin
  opened := jsonb_populate_record(null::public.checkout_sessions, checkout);
  if opened.id is null or jsonb_typeof(opened.line_items) is distinct from 'array' then
    raise exception 'a session needs an id and its priced lines';
  end if;
  if confirmed then
    checked := public.check_shipping_address(checkout -> 'shipping_address', opened.shipping_region);
    if not (checked ->> 'ok')::boolean then
      raise exception 'the shipping address cannot be used: % %', checked ->> 'field', checked ->> 'problem'
        using hint = 'invalid_address', detail = checked::text;
    end if;
    opened.shipping_address := checked -> 'address';
  elsif opened.user_id is not null and opened.shipping_address is null then
    select o.shipping_address into last_address
    from public.orders o
    where o.user_id = opened.user_id and o.shipping_address is not null
    order by o.created_at desc
    limit 1;
  end if;

  short := private.take_stock(opened.line_items);
  if short is not null then
    if (short ->> 'available')::integer = 0 then
      raise exception 'sold out' using hint = 'sold_out', detail = short::text;
    end if;
    raise exception 'only % left', short ->> 'available' using hint = 'insufficient_stock', detail = short::text;
  end if;

  insert into public.checkout_sessions (id, provider, user_id, email, line_items, amount_subtotal, amount_shipping, amount_total,
                                        currency, success_url, cancel_url, url, status, shipping_region, locale, shipping_address,
                                        address_confirmed, expires_at, stock)
  values (opened.id, opened.provider, opened.user_id, opened.email, opened.line_items, opened.amount_subtotal, opened.amount_shipping,
          opened.amount_total, opened.currency, opened.success_url, opened.cancel_url, opened.url, 'open', opened.shipping_region,
          opened.locale, coalesce(opened.shipping_address, last_address), confirmed,
          coalesce(nullif(checkout ->> 'expires_at', '')::timestamptz, now() + interval '30 minutes'), 'held')
  returning * into opened;
  return jsonb_build_object('id', opened.id, 'expiresAt', opened.expires_at, 'shippingAddress', opened.shipping_address,
                            'addressConfirmed', opened.address_confirmed);
end;
$$;
revoke all on function public.open_checkout_session(jsonb) from public, anon, authenticated;
grant execute on function public.open_checkout_session(jsonb) to service_role;
