import type { Stats } from 'node:fs';

/**
 * How close to a file's modification time a read must be for its stat to be trusted no more: a
 * write in the same clock tick as the read, or on a file system with coarse times, leaves the
 * same size and time behind, so such a file is read again until it is older than this.
 */
const racyMs = 2000;

interface Stamp {
  readonly mtimeMs: number;
  readonly size: number;
  /** When the file was read (this machine's clock, as the file system's times are). */
  readonly readAt: number;
}

/**
 * What each file looked like (time, size) when last read, so a run reads again only the files
 * whose stat changed — a watch's next run no longer reads and compares every file of the project.
 * A file modified close to its last read is read again each time (see racyMs), so an edit the
 * stat cannot show is never missed.
 */
export class FileStamps {
  readonly #stamps = new Map<string, Stamp>();

  /** True when `stat` shows the file as it was when last read. */
  unchanged(path: string, stat: Stats): boolean {
    const s = this.#stamps.get(path);
    return s !== undefined && s.mtimeMs === stat.mtimeMs && s.size === stat.size && s.readAt - stat.mtimeMs > racyMs;
  }

  /** Records a read of the file, with the stat taken before reading it. */
  record(path: string, stat: Stats): void {
    this.#stamps.set(path, { mtimeMs: stat.mtimeMs, size: stat.size, readAt: Date.now() });
  }

  /** Forgets a file (its text came from elsewhere than the disk): the next look reads it. */
  forget(path: string): void {
    this.#stamps.delete(path);
  }
}
