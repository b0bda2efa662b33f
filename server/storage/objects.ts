import { createHash, randomUUID } from 'node:crypto';
import { asRole } from '../context.ts';
import type { Database } from '../db/types.ts';
import type { Claims } from '../jwt.ts';
import type { BlobStore } from './blobs.ts';
import { findBucket } from './buckets.ts';
import { bucketNotFound, invalidRequest, mapStorageDbError, objectNotFound } from './errors.ts';
import { storageTransaction } from './file-transaction.ts';
import { checkUploadType } from './mime.ts';
import type { UploadBody } from './upload-body.ts';

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface StoredObject {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const OBJECT_COLUMNS = 'id, bucket_id, name, owner, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ownerOf = (claims: Claims) => (typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null);

function metadataFor(body: UploadBody): ObjectMetadata {
  const size = body.bytes.byteLength;
  return {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: size,
    httpStatusCode: 200,
  };
}

export interface UploadRequest {
  claims: Claims;
  bucket: string;
  name: string;
  upsert: boolean;
  /** Reads the body once the bucket's size limit is known. */
  readBody(sizeLimit: number): Promise<UploadBody>;
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  sortBy: { column: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at'; order: 'asc' | 'desc' };
  search: string;
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

/** Storage's object operations. Every row is read and written under the caller's role, so RLS decides. */
export class ObjectStore {
  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
    private readonly globalSizeLimit: number,
  ) {}

  async upload(req: UploadRequest): Promise<{ Id: string; Key: string }> {
    const bucket = await findBucket(this.db, req.bucket);
    if (!bucket) throw bucketNotFound();
    const limit = Math.min(bucket.file_size_limit ?? this.globalSizeLimit, this.globalSizeLimit);
    const body = await req.readBody(limit);
    await checkUploadType(body.mimetype, body.bytes, bucket.allowed_mime_types);

    const previous = req.upsert ? await this.currentVersion(req.bucket, req.name) : undefined;
    const version = randomUUID();
    const id = randomUUID();
    const params = [id, req.bucket, req.name, ownerOf(req.claims), version, JSON.stringify(metadataFor(body)), body.userMetadata ? JSON.stringify(body.userMetadata) : null];
    const storedId = await storageTransaction(this.db, this.blobs, req.claims, async (tx, files) => {
      await files.write({ bucket: req.bucket, version }, body.bytes);
      const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
                      values ($1, $2, $3, $4::uuid, $4::text, $5, $6::jsonb, $7::jsonb)`;
      const upsert = `${insert} on conflict (bucket_id, name) do update set
                      version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
                      owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()`;
      await tx.query(req.upsert ? upsert : insert, params).catch(mapStorageDbError);
      if (previous && previous !== version) files.removeAfterCommit({ bucket: req.bucket, version: previous });
      if (!req.upsert) return id;
      const { rows } = await tx.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [req.bucket, req.name]);
      return rows[0]?.id ?? id;
    });
    return { Id: storedId, Key: `${req.bucket}/${req.name}` };
  }

  /** An object and its bytes, as the caller may see it (RLS) — or, for a public bucket, as anyone may. */
  async read(access: { claims: Claims } | { publicBucket: true }, bucketId: string, name: string): Promise<{ object: StoredObject; bytes: Buffer }> {
    const object = await this.find(access, bucketId, name);
    const bytes = await this.blobs.read(bucketId, object.version);
    if (!bytes) throw objectNotFound();
    return { object, bytes };
  }

  async find(access: { claims: Claims } | { publicBucket: true }, bucketId: string, name: string): Promise<StoredObject> {
    const sql = `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;
    let rows: StoredObject[];
    if ('publicBucket' in access) {
      const bucket = await findBucket(this.db, bucketId);
      if (!bucket?.public) throw objectNotFound();
      rows = (await this.db.query<StoredObject>(sql, [bucketId, name])).rows;
    } else {
      rows = await asRole(this.db, access.claims, async (tx) => (await tx.query<StoredObject>(sql, [bucketId, name])).rows);
    }
    if (!rows[0]?.version) throw objectNotFound();
    return rows[0];
  }

  /** Deletes the named objects the caller may delete; returns them (files go once the rows are gone). */
  async remove(claims: Claims, bucketId: string, names: string[]): Promise<StoredObject[]> {
    return storageTransaction(this.db, this.blobs, claims, async (tx, files) => {
      const { rows } = await tx
        .query<StoredObject>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [bucketId, names])
        .catch(mapStorageDbError);
      for (const row of rows) if (row.version) files.removeAfterCommit({ bucket: bucketId, version: row.version });
      return rows;
    });
  }

  async list(claims: Claims, bucketId: string, options: ListOptions): Promise<ListEntry[]> {
    const folder = options.prefix === '' || options.prefix.endsWith('/') ? options.prefix : `${options.prefix}/`;
    const pattern = `${escapeLike(folder)}${escapeLike(options.search)}%`;
    const rows = await asRole(
      this.db,
      claims,
      async (tx) => (await tx.query<StoredObject>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2 order by name`, [bucketId, pattern])).rows,
    );
    const entries = new Map<string, ListEntry>();
    for (const row of rows) {
      const rest = row.name.slice(folder.length);
      const slash = rest.indexOf('/');
      if (slash === -1) {
        entries.set(`f:${rest}`, {
          name: rest,
          id: row.id,
          updated_at: row.updated_at,
          created_at: row.created_at,
          last_accessed_at: row.last_accessed_at,
          metadata: row.metadata,
        });
      } else {
        const sub = rest.slice(0, slash);
        entries.set(`d:${sub}`, { name: sub, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      }
    }
    const { column, order } = options.sortBy;
    const direction = order === 'desc' ? -1 : 1;
    const sorted = [...entries.values()].sort((a, b) => direction * (String(a[column] ?? '').localeCompare(String(b[column] ?? '')) || a.name.localeCompare(b.name)));
    return sorted.slice(options.offset, options.offset + options.limit);
  }

  async move(claims: Claims, from: { bucket: string; name: string }, to: { bucket: string; name: string }): Promise<{ message: string }> {
    await storageTransaction(this.db, this.blobs, claims, async (tx, files) => {
      const { rows } = await tx
        .query<{ version: string }>(
          `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
           where bucket_id = $1 and name = $2 returning version`,
          [from.bucket, from.name, to.bucket, to.name],
        )
        .catch(mapStorageDbError);
      if (!rows[0]) throw objectNotFound();
      if (from.bucket !== to.bucket) {
        await files.copy({ bucket: from.bucket, version: rows[0].version }, { bucket: to.bucket, version: rows[0].version });
        files.removeAfterCommit({ bucket: from.bucket, version: rows[0].version });
      }
    });
    return { message: 'Successfully moved' };
  }

  async copy(claims: Claims, from: { bucket: string; name: string }, to: { bucket: string; name: string }): Promise<{ Id: string; Key: string }> {
    const id = randomUUID();
    const version = randomUUID();
    await storageTransaction(this.db, this.blobs, claims, async (tx, files) => {
      const { rows } = await tx.query<StoredObject>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [from.bucket, from.name]);
      const source = rows[0];
      if (!source?.version) throw objectNotFound();
      await files.copy({ bucket: from.bucket, version: source.version }, { bucket: to.bucket, version });
      await tx
        .query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
           values ($1, $2, $3, $4::uuid, $4::text, $5, $6::jsonb, $7::jsonb)`,
          [
            id,
            to.bucket,
            to.name,
            ownerOf(claims),
            version,
            JSON.stringify({ ...source.metadata, lastModified: new Date().toISOString() }),
            source.user_metadata ? JSON.stringify(source.user_metadata) : null,
          ],
        )
        .catch(mapStorageDbError);
    });
    return { Id: id, Key: `${to.bucket}/${to.name}` };
  }

  private async currentVersion(bucketId: string, name: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ version: string }>('select version from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
    return rows[0]?.version ?? undefined;
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function parseListOptions(body: unknown): ListOptions {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || Array.isArray(b)) throw invalidRequest('The body must be a JSON object');
  const prefix = b.prefix ?? '';
  const search = b.search ?? '';
  const limit = b.limit ?? 100;
  const offset = b.offset ?? 0;
  if (typeof prefix !== 'string' || typeof search !== 'string') throw invalidRequest('prefix and search must be strings');
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 1000) throw invalidRequest('limit must be an integer from 1 to 1000');
  if (!Number.isInteger(offset) || (offset as number) < 0) throw invalidRequest('offset must be a non-negative integer');
  const sortBy = (b.sortBy ?? {}) as Record<string, unknown>;
  const column = sortBy.column ?? 'name';
  const order = String(sortBy.order ?? 'asc').toLowerCase();
  if (!['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(column as string))
    throw invalidRequest('sortBy.column must be name, created_at, updated_at or last_accessed_at');
  if (order !== 'asc' && order !== 'desc') throw invalidRequest('sortBy.order must be asc or desc');
  return { prefix: prefix.replace(/^\/+/, ''), search, limit: limit as number, offset: offset as number, sortBy: { column: column as ListOptions['sortBy']['column'], order } };
}
