import type { MailMessage } from '../context.ts';
import type { Database } from '../db/types.ts';

export interface StoredMail extends MailMessage {
  id: string;
  created_at: string;
}

/** Outbox table in a schema of its own, which PostgREST does not expose; created on first use. */
const SCHEMA_SQL = `
  create schema if not exists _dev;
  revoke all on schema _dev from public;
  create table if not exists _dev.mail (
    id uuid primary key default gen_random_uuid(),
    "to" text not null,
    subject text not null,
    text text not null,
    html text not null,
    created_at timestamptz not null default clock_timestamp()
  );
  create index if not exists mail_created_at_idx on _dev.mail (created_at desc);`;

const SELECT = `select id, "to", subject, text, html,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at from _dev.mail`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createMailStore(db: Database) {
  let ready: Promise<void> | undefined;
  const ensureSchema = () => {
    ready ??= db.exec(SCHEMA_SQL).catch((e) => {
      ready = undefined;
      throw e;
    });
    return ready;
  };

  return {
    async add(message: MailMessage): Promise<void> {
      await ensureSchema();
      await db.query('insert into _dev.mail ("to", subject, text, html) values ($1, $2, $3, $4)', [message.to, message.subject, message.text, message.html]);
    },
    /** Newest first; `to` filters by recipient, ignoring case. */
    async list(to?: string): Promise<StoredMail[]> {
      await ensureSchema();
      const { rows } = to
        ? await db.query<StoredMail>(`${SELECT} where lower("to") = lower($1) order by created_at desc`, [to])
        : await db.query<StoredMail>(`${SELECT} order by created_at desc`);
      return rows;
    },
    async get(id: string): Promise<StoredMail | undefined> {
      if (!UUID.test(id)) return undefined;
      await ensureSchema();
      const { rows } = await db.query<StoredMail>(`${SELECT} where id = $1`, [id]);
      return rows[0];
    },
    async clear(): Promise<void> {
      await ensureSchema();
      await db.query('delete from _dev.mail');
    },
  };
}
