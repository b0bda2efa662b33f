import { isPgError, type Database, type Queryable } from '../db/types.ts';
import type { Claims } from '../jwt.ts';
import { asRole } from '../context.ts';
import type { BlobStore } from './blobs.ts';
import { bucketNotFound, invalidRequest, mapStorageDbError, storageError } from './errors.ts';
import { checkBucketId } from './names.ts';
import { storageTransaction } from './file-transaction.ts';

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

const BUCKET_COLUMNS = `id, name, owner, coalesce(public, false) as public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`;

/** The bucket's rules, read as Storage reads them for uploads and public reads: by the server itself. */
export async function findBucket(db: Queryable, id: string): Promise<Bucket | undefined> {
  const { rows } = await db.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return rows[0];
}

interface BucketOptions {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

const notEmpty = () => storageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** file_size_limit as storage-js sends it: a byte count or a string such as '5MB'; null clears it. */
export function parseFileSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const m = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value) : null;
  if (!m) throw invalidRequest('file_size_limit must be a number of bytes or a size such as "5MB"');
  return Math.floor(Number(m[1]) * SIZE_UNITS[(m[2] ?? 'b').toLowerCase()]);
}

export function parseBucketOptions(body: unknown): BucketOptions {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalidRequest('The body must be a JSON object');
  const b = body as Record<string, unknown>;
  if (b.public !== undefined && typeof b.public !== 'boolean') throw invalidRequest('public must be a boolean');
  const allowed = b.allowed_mime_types;
  if (allowed !== undefined && allowed !== null && !(Array.isArray(allowed) && allowed.every((t) => typeof t === 'string' && /^[\w.+-]+\/[\w.+*-]+$/.test(t)))) {
    throw invalidRequest('allowed_mime_types must be a list of mime types such as "image/png" or "image/*"');
  }
  return {
    public: b.public as boolean | undefined,
    file_size_limit: parseFileSizeLimit(b.file_size_limit),
    allowed_mime_types: allowed as string[] | null | undefined,
  };
}

/** Bucket administration under the caller's role: storage.buckets RLS leaves it to service_role, as hosted. */
export class BucketAdmin {
  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
  ) {}

  async list(claims: Claims): Promise<Bucket[]> {
    return asRole(this.db, claims, async (tx) => (await tx.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`)).rows);
  }

  async get(claims: Claims, id: string): Promise<Bucket> {
    const bucket = await asRole(this.db, claims, (tx) => findBucket(tx, id));
    if (!bucket) throw bucketNotFound();
    return bucket;
  }

  async create(claims: Claims, body: unknown): Promise<{ name: string }> {
    const b = (body ?? {}) as Record<string, unknown>;
    const id = typeof b.id === 'string' ? b.id : typeof b.name === 'string' ? b.name : '';
    checkBucketId(id);
    const options = parseBucketOptions(body);
    await asRole(this.db, claims, (tx) =>
      tx
        .query(
          `insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types)
           values ($1, $1, nullif($2, '')::uuid, $3, $4, $5)`,
          [id, typeof claims.sub === 'string' ? claims.sub : '', options.public ?? false, options.file_size_limit ?? null, options.allowed_mime_types ?? null],
        )
        .catch(mapStorageDbError),
    );
    return { name: id };
  }

  async update(claims: Claims, id: string, body: unknown): Promise<{ message: string }> {
    const options = parseBucketOptions(body);
    const { affectedRows } = await asRole(this.db, claims, (tx) =>
      tx
        .query(
          `update storage.buckets set
             public = coalesce($2, public),
             file_size_limit = case when $3 then $4 else file_size_limit end,
             allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
             updated_at = now()
           where id = $1`,
          [
            id,
            options.public ?? null,
            options.file_size_limit !== undefined,
            options.file_size_limit ?? null,
            options.allowed_mime_types !== undefined,
            options.allowed_mime_types ?? null,
          ],
        )
        .catch(mapStorageDbError),
    );
    if (!affectedRows) throw bucketNotFound();
    return { message: 'Successfully updated' };
  }

  async empty(claims: Claims, id: string): Promise<{ message: string }> {
    await this.get(claims, id);
    await storageTransaction(this.db, this.blobs, claims, async (tx, files) => {
      const { rows } = await tx.query<{ version: string }>('delete from storage.objects where bucket_id = $1 returning version', [id]).catch(mapStorageDbError);
      for (const row of rows) files.removeAfterCommit({ bucket: id, version: row.version });
    });
    return { message: 'Successfully emptied' };
  }

  async remove(claims: Claims, id: string): Promise<{ message: string }> {
    await asRole(this.db, claims, async (tx) => {
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from storage.objects where bucket_id = $1', [id]);
      if (rows[0].n > 0) throw notEmpty();
      const { affectedRows } = await tx.query('delete from storage.buckets where id = $1', [id]).catch((e: unknown) => {
        if (isPgError(e) && e.code === '23503') throw notEmpty();
        return mapStorageDbError(e);
      });
      if (!affectedRows) throw bucketNotFound();
    });
    return { message: 'Successfully deleted' };
  }
}
