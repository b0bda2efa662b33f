import { asRole, type ServerContext } from '../context.ts';
import { functionEnv } from '../functions/index.ts';
import { deliverOrderEmails } from '../../supabase/functions/_shared/order-email.ts';

const SERVICE_ROLE = { role: 'service_role' };

export interface Housekeeping {
  /** One round now (tests and the interval call it); resolves when it is done. */
  run(): Promise<{ expired: number; mailed: number }>;
  close(): Promise<void>;
}

/**
 * What hosted Supabase leaves to a cron job, done by this server every `housekeepingMs`: checkout
 * sessions past their expiry end and give their held stock back, and queued e-mails
 * (order confirmations, shipping and refund notices, newsletter confirmations, back-in-stock e-mails) go out. Each round first asks, in a read-only
 * transaction (which moves no write clock, so the REST answer cache stays warm), whether
 * anything is due. Rounds never overlap; a failed round is logged and the next one tries again.
 */
export function startHousekeeping(context: ServerContext): Housekeeping {
  let running: Promise<{ expired: number; mailed: number }> | undefined;

  const round = async () => {
    const { rows } = await context.db.transaction(
      (tx) =>
        tx.query<{ expiring: boolean; mail: boolean }>(
          `select exists (select 1 from public.checkout_sessions where status = 'open' and expires_at <= now()) as expiring,
                  exists (select 1 from public.order_emails where sent_at is null)
                  or exists (select 1 from public.order_notices where sent_at is null)
                  or exists (select 1 from public.newsletter_emails where sent_at is null)
                  or exists (select 1 from public.back_in_stock_emails where sent_at is null) as mail`,
        ),
      { readOnly: true },
    );
    let expired = 0;
    let mailed = 0;
    if (rows[0].expiring) {
      const result = await asRole(context.db, SERVICE_ROLE, (tx) => tx.query<{ n: number }>('select public.expire_checkout_sessions() as n'));
      expired = result.rows[0].n;
    }
    if (rows[0].mail) {
      const env = functionEnv(context);
      // Without a mail endpoint the e-mails stay queued (deliverOrderEmails says so once).
      if (env.MAIL_SEND_URL) mailed = (await deliverOrderEmails(env)).sent;
    }
    return { expired, mailed };
  };

  const run = () => {
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  };

  const every = context.config.housekeepingMs;
  const timer =
    every > 0
      ? setInterval(() => {
          run().catch((e) => console.error('[housekeeping]', e));
        }, every)
      : undefined;
  timer?.unref();

  return {
    run,
    async close() {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
