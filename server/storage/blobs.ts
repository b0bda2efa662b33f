import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Object bytes on disk: `<root>/<bucket>/<version uuid>`. The file name is always a server-made
 * uuid, never the user's object name, so no name can reach outside the bucket's folder.
 */
export class BlobStore {
  /**
   * @param onRemove told after a version's file is deleted (a replaced, moved or removed object),
   *   so what was derived from it — the render endpoint's cached variants — goes too.
   */
  constructor(
    private readonly root: string,
    private readonly onRemove?: (bucket: string, version: string) => Promise<void>,
  ) {}

  private pathOf(bucket: string, version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a version uuid: ${version}`);
    return join(this.root, encodeURIComponent(bucket), version);
  }

  async write(bucket: string, version: string, bytes: Uint8Array): Promise<void> {
    await mkdir(join(this.root, encodeURIComponent(bucket)), { recursive: true });
    await writeFile(this.pathOf(bucket, version), bytes);
  }

  async copy(from: { bucket: string; version: string }, to: { bucket: string; version: string }): Promise<void> {
    await mkdir(join(this.root, encodeURIComponent(to.bucket)), { recursive: true });
    await copyFile(this.pathOf(from.bucket, from.version), this.pathOf(to.bucket, to.version));
  }

  /** The bytes, or undefined when the file is gone (a row without its file reads as not found). */
  async read(bucket: string, version: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(bucket, version));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  async exists(bucket: string, version: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(bucket, version))).isFile();
    } catch {
      return false;
    }
  }

  async remove(bucket: string, version: string): Promise<void> {
    await rm(this.pathOf(bucket, version), { force: true });
    await this.onRemove?.(bucket, version);
  }
}
