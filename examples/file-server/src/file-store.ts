import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

/**
 * The files the server serves: read once from a directory, then held in memory. Writes stay in
 * memory (so the bundled example data never changes) unless `persist` is set, in which case they
 * are also written to the directory.
 */
export class FileStore {
  readonly root: string;
  readonly persist: boolean;
  private readonly files = new Map<string, string>();

  constructor(root: string, opts: { persist?: boolean } = {}) {
    this.root = root;
    this.persist = opts.persist ?? false;
    this.load('');
  }

  private load(dir: string): void {
    for (const entry of readdirSync(join(this.root, dir), { withFileTypes: true })) {
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) this.load(rel);
      else if (entry.isFile()) this.files.set(rel, readFileSync(join(this.root, rel), 'utf8'));
    }
  }

  read(path: string): string | undefined {
    return this.files.get(path);
  }

  isDirectory(path: string): boolean {
    if (path === '') return true;
    const prefix = `${path}/`;
    for (const key of this.files.keys()) if (key.startsWith(prefix)) return true;
    return false;
  }

  /** The entries directly under `dir` (`''` is the root), sorted; directories end in `/`. */
  list(dir: string): { name: string; size?: number }[] {
    const prefix = dir === '' ? '' : `${dir}/`;
    const out = new Map<string, number | undefined>();
    for (const [key, content] of this.files) {
      if (!key.startsWith(prefix)) continue;
      const rest = key.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash === -1) out.set(rest, Buffer.byteLength(content));
      else out.set(`${rest.slice(0, slash)}/`, undefined);
    }
    return [...out]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, size]) => (size === undefined ? { name } : { name, size }));
  }

  write(path: string, content: string): void {
    this.files.set(path, content);
    if (this.persist) {
      const target = join(this.root, ...path.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
  }
}

/**
 * A path as the model may write it (`hr/salaries.csv`, `/hr/salaries.csv`, `./hr/`) → the
 * store's form (`hr/salaries.csv`, `''` for the root), or `undefined` when it leaves the root.
 */
export function normalizePath(raw: string): string | undefined {
  const trimmed = raw.trim().replaceAll('\\', '/');
  if (trimmed.includes('\0') || trimmed.split('/').includes('..')) return undefined;
  return posix.normalize(`/${trimmed}`).replace(/^\/+/, '').replace(/\/+$/, '');
}
