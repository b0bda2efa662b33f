-- private.request_ip (20251128000000_newsletter_double_opt_in.sql) reads request.headers. Declared
-- stable, it made server/rest's answer cache (ADR 0019) treat every read as header-dependent and
-- keep nothing: a non-volatile function that mentions request.headers may be called by a GET.
-- It is only ever called by confirm_newsletter, a volatile RPC, so volatile costs nothing.
alter function private.request_ip() volatile;
