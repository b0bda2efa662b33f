import { asRole } from '../context.ts';
import type { Database, Queryable } from '../db/types.ts';
import type { Claims } from '../jwt.ts';
import type { BlobStore } from './blobs.ts';

export interface FileRef {
  bucket: string;
  version: string;
}

/** Files touched by one storage transaction: new ones vanish on rollback, replaced ones after commit. */
export interface FileChanges {
  write(ref: FileRef, bytes: Uint8Array): Promise<void>;
  copy(from: FileRef, to: FileRef): Promise<void>;
  removeAfterCommit(ref: FileRef): void;
}

/**
 * Runs fn in one transaction under the caller's role (so storage.objects RLS decides) and keeps
 * disk and rows in step: files are written before the commit and deleted again if it fails.
 */
export async function storageTransaction<T>(db: Database, blobs: BlobStore, claims: Claims, fn: (tx: Queryable, files: FileChanges) => Promise<T>): Promise<T> {
  const written: FileRef[] = [];
  const obsolete: FileRef[] = [];
  const files: FileChanges = {
    async write(ref, bytes) {
      written.push(ref);
      await blobs.write(ref.bucket, ref.version, bytes);
    },
    async copy(from, to) {
      written.push(to);
      await blobs.copy(from, to);
    },
    removeAfterCommit(ref) {
      obsolete.push(ref);
    },
  };
  let result: T;
  try {
    result = await asRole(db, claims, (tx) => fn(tx, files));
  } catch (e) {
    await Promise.allSettled(written.map((f) => blobs.remove(f.bucket, f.version)));
    throw e;
  }
  await Promise.allSettled(obsolete.map((f) => blobs.remove(f.bucket, f.version)));
  return result;
}
