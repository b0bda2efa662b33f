import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface VariantRef {
  bucket: string;
  /** The object version the variant was made from: a new upload is a new version, so a new folder. */
  version: string;
  /** The normalised transform and output format (see transform.ts variantKey). */
  key: string;
}

/**
 * Encoded image variants on disk: `<root>/<bucket>/<object version>/<sha256 of the key>`.
 * Keyed by the object's version, so a replaced or deleted object can never be answered from an old
 * variant; the version's folder is dropped when its blob goes (BlobStore's onRemove). The total
 * size is bounded: past `maxBytes` the least recently used variants are deleted.
 */
export class VariantCache {
  /** path → size, in least-recently-used-first order (a Map keeps insertion order). */
  private readonly entries = new Map<string, number>();
  private total = 0;
  private ready: Promise<void> | undefined;

  constructor(
    readonly root: string,
    private readonly maxBytes: number,
  ) {}

  pathOf(ref: VariantRef): string {
    if (!/^[0-9a-f-]{36}$/.test(ref.version)) throw new Error(`not a version uuid: ${ref.version}`);
    const name = createHash('sha256').update(ref.key).digest('hex').slice(0, 40);
    return join(this.versionDir(ref.bucket, ref.version), name);
  }

  private versionDir(bucket: string, version: string): string {
    const folder = encodeURIComponent(bucket);
    if (folder === '' || folder === '.' || folder === '..') throw new Error(`not a bucket id: ${bucket}`);
    return join(this.root, folder, version);
  }

  async get(ref: VariantRef): Promise<Buffer | undefined> {
    await this.load();
    const path = this.pathOf(ref);
    const size = this.entries.get(path);
    if (size === undefined) return undefined;
    try {
      const bytes = await readFile(path);
      this.touch(path, size);
      return bytes;
    } catch {
      this.forget(path);
      return undefined;
    }
  }

  /** Writes atomically (temp file + rename): a reader sees the whole variant or none. */
  async put(ref: VariantRef, bytes: Uint8Array): Promise<void> {
    if (bytes.byteLength > this.maxBytes) return;
    await this.load();
    const path = this.pathOf(ref);
    const dir = this.versionDir(ref.bucket, ref.version);
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `.tmp-${randomUUID()}`);
    try {
      await writeFile(temp, bytes);
      await rename(temp, path);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    this.forget(path);
    this.entries.set(path, bytes.byteLength);
    this.total += bytes.byteLength;
    await this.evict();
  }

  /** Drops every variant of one object version (called when that version's blob is removed). */
  async dropVersion(bucket: string, version: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/.test(version)) return;
    await this.load();
    const dir = this.versionDir(bucket, version);
    for (const path of [...this.entries.keys()]) if (path.startsWith(`${dir}/`)) this.forget(path);
    await rm(dir, { recursive: true, force: true });
  }

  /** Bytes held, as far as this process knows. */
  get size(): number {
    return this.total;
  }

  /** Marks a variant as just used: it moves to the end of the eviction order. */
  private touch(path: string, size: number): void {
    this.entries.delete(path);
    this.entries.set(path, size);
  }

  private forget(path: string): void {
    const size = this.entries.get(path);
    if (size === undefined) return;
    this.entries.delete(path);
    this.total -= size;
  }

  private async evict(): Promise<void> {
    for (const [path, size] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(path);
      this.total -= size;
      await rm(path, { force: true });
    }
  }

  /** Learns what an earlier run left on disk (oldest first by mtime), once. */
  private load(): Promise<void> {
    this.ready ??= (async () => {
      const found: { path: string; size: number; mtime: number }[] = [];
      for (const bucket of await readdirOrEmpty(this.root)) {
        for (const version of await readdirOrEmpty(join(this.root, bucket))) {
          const dir = join(this.root, bucket, version);
          for (const name of await readdirOrEmpty(dir)) {
            const path = join(dir, name);
            if (name.startsWith('.tmp-')) {
              await rm(path, { force: true });
              continue;
            }
            const info = await stat(path).catch(() => undefined);
            if (info?.isFile()) found.push({ path, size: info.size, mtime: info.mtimeMs });
          }
        }
      }
      found.sort((a, b) => a.mtime - b.mtime);
      for (const f of found) this.entries.set(f.path, f.size);
      this.total = found.reduce((a, f) => a + f.size, 0);
      await this.evict();
    })();
    return this.ready;
  }
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}
