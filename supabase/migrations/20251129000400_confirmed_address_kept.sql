-- The review step's address is the one the shopper confirmed with the order button (ADR 0024): a
-- payment may bring another address (a Stripe event's shipping or billing details, a form field on
-- the payment page), but while the session is open a confirmed address is not replaced. Until now
-- only the callers (the local payment page, the webhook) kept it; settle_checkout_session took
-- `coalesce(paid address, stored)`. Later changes (the anonymisation of a deleted account, ADR 0026)
-- happen once the session is no longer open and are not held back.
create function private.checkout_sessions_keep_confirmed_address() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.address_confirmed and old.status = 'open' then
    new.shipping_address := old.shipping_address;
    new.address_confirmed := true;
  end if;
  return new;
end;
$$;
revoke all on function private.checkout_sessions_keep_confirmed_address() from public, anon, authenticated;

create trigger checkout_sessions_keep_confirmed_address before update of shipping_address, address_confirmed on public.checkout_sessions
  for each row execute function private.checkout_sessions_keep_confirmed_address();
