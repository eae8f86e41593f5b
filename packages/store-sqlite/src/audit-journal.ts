/**
 * The audit journal: how `logAudit` makes a record durable with one file append instead of one
 * SQLite transaction. Each store that logs writes its own journal beside the database,
 * `NAME-audit-PID-RANDOM.jsonl`, one JSON line per record; `chain` moves the lines into the
 * hash-chained log in one IMMEDIATE transaction, sealing each after the chain's head as
 * `appendAudit` would, and remembers in the `journals` table how far each journal has been
 * chained, so no line is chained twice whichever process chains it.
 *
 * A journal is only ever appended to, by its one writer, and retired whole: once chained to its
 * end it is deleted (its writer rotated past it, closed, or is gone), never truncated, so a
 * reader in another process can't see it shrink under a cursor. A line that is not a record (a
 * writer cut off mid-write leaves the start of one) is chained as a `journal-error` record with
 * its text: nothing in a journal is dropped unseen.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fdatasyncSync,
  fstatSync,
  openSync,
  readdirSync,
  readSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { AuditInput, AuditReceipt, AuditRecord, JsonValue } from '@mcp-trust/store';
import { sealAudit } from '@mcp-trust/store';
import type BetterSqlite3 from 'better-sqlite3';
import type { Durability } from './schema.js';

/** A journal grows to this before its writer starts a fresh one and retires it. */
export const JOURNAL_ROTATE_BYTES = 4 << 20;
/** How long a logged record waits at most, give or take a busy store, to be chained. */
export const JOURNAL_CHAIN_DELAY_MS = 100;
/** How much of an unreadable line its `journal-error` record keeps. */
const MAX_ERROR_TEXT = 4096;
const NEWLINE = 0x0a;

interface JournalName {
  /** The database's file name the journal belongs to. */
  store: string;
  pid: number;
}

/** `store.db-audit-123-9f8e….jsonl` → its parts; undefined for any other file. */
function readJournalName(file: string): JournalName | undefined {
  const m = /^(.+)-audit-(\d+)-[0-9a-f]+\.jsonl$/.exec(file);
  return m === null ? undefined : { store: m[1]!, pid: Number(m[2]) };
}

/**
 * Journals opened by this process, by file name: a journal in this process's pid that is not one
 * of them was left by an earlier process that had the same pid.
 */
const opened = new Set<string>();

/** The lines this store logs, appended to its own journal file. */
export class JournalWriter {
  private fd: number | undefined;
  private file: string | undefined;
  private bytes = 0;
  /** Journals this writer filled and left, to delete once chained to their end. */
  readonly retired: string[] = [];
  /** Lines written since the last `chain`. */
  unchained = false;
  /** Why the journal can't be written (`write` then says false, and the store appends to the log directly). */
  broken: string | undefined;

  constructor(
    private readonly storePath: string,
    private readonly durability: Durability,
  ) {}

  /** The journal being written, if one was opened. */
  get path(): string | undefined {
    return this.file;
  }

  /**
   * Appends `input` as one line; returns once the line is in the operating system's hands (and
   * on disk, with `full`). False, with nothing written, when there is no journal to write to
   * (it could not be created); throws when writing failed.
   */
  write(input: AuditInput): boolean {
    if (this.broken !== undefined) return false;
    const line = `${JSON.stringify({
      at: input.at ?? new Date().toISOString(),
      session: input.session,
      kind: input.kind,
      data: input.data ?? null,
    })}\n`;
    const fd = this.fd ?? this.open();
    if (fd === undefined) return false;
    let written: number;
    try {
      written = writeSync(fd, line);
      if (this.durability === 'full') fdatasyncSync(fd);
    } catch (err) {
      this.break(`could not write the audit journal ${this.file}: ${errorText(err)}`);
      throw err;
    }
    this.unchained = true;
    if (written !== Buffer.byteLength(line)) {
      // The journal now ends in a partial line: chaining records it as an error and retires it.
      this.break(`short write to the audit journal ${this.file}`);
      throw new Error(this.broken);
    }
    this.bytes += written;
    if (this.bytes >= JOURNAL_ROTATE_BYTES) this.leave();
    return true;
  }

  /** Stops writing the current journal; the next line starts a fresh one. */
  leave(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // Closing a file we only appended to: nothing is lost if it fails.
    }
    this.retired.push(this.file!);
    this.fd = undefined;
    this.file = undefined;
    this.bytes = 0;
  }

  private open(): number | undefined {
    const name = `${basename(this.storePath)}-audit-${process.pid}-${randomBytes(6).toString('hex')}.jsonl`;
    const file = join(dirname(this.storePath), name);
    try {
      this.fd = openSync(file, 'ax', 0o600);
    } catch (err) {
      this.broken = `could not create the audit journal ${file}: ${errorText(err)}`;
      return undefined;
    }
    this.file = file;
    opened.add(name);
    return this.fd;
  }

  private break(reason: string): void {
    this.broken = reason;
    this.leave();
  }
}

/** What chaining needs of the database. */
export interface ChainStatements {
  last: BetterSqlite3.Statement<[], Pick<AuditRecord, 'seq' | 'hash'>>;
  insert: BetterSqlite3.Statement<[Record<string, unknown>]>;
  getCursor: BetterSqlite3.Statement<[string], { offset: number }>;
  putCursor: BetterSqlite3.Statement<[string, number]>;
  deleteCursor: BetterSqlite3.Statement<[string]>;
  cursors: BetterSqlite3.Statement<[], { name: string }>;
}

export function chainStatements(db: BetterSqlite3.Database): ChainStatements {
  return {
    last: db.prepare('SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1'),
    insert: db.prepare(
      'INSERT INTO audit (seq, at, session, kind, data, prev, hash) VALUES (@seq, @at, @session, @kind, @data, @prev, @hash)',
    ),
    getCursor: db.prepare('SELECT offset FROM journals WHERE name = ?'),
    putCursor: db.prepare('INSERT OR REPLACE INTO journals (name, offset) VALUES (?, ?)'),
    deleteCursor: db.prepare('DELETE FROM journals WHERE name = ?'),
    cursors: db.prepare('SELECT name FROM journals'),
  };
}

/** Seals `input` after `last` (the chain's head) and inserts it; returns its receipt, the new head. */
export function insertSealed(
  q: ChainStatements,
  last: Pick<AuditRecord, 'seq' | 'hash'> | undefined,
  input: AuditInput,
): AuditReceipt {
  const { dataText, ...receipt } = sealAudit(last, input);
  q.insert.run({ ...receipt, data: dataText });
  return receipt;
}

/**
 * Chains the lines of `file` not chained yet into the log; with `whole`, also the unfinished
 * line its stopped writer may have left (as an error record). Runs inside the caller's IMMEDIATE
 * transaction. Returns whether the journal is chained to its end (false when it is gone).
 */
export function chainJournal(q: ChainStatements, file: string, whole: boolean): boolean {
  const name = basename(file);
  const from = q.getCursor.get(name)?.offset ?? 0;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    q.deleteCursor.run(name);
    return false;
  }
  try {
    const size = fstatSync(fd).size;
    if (size <= from) return true;
    const buf = Buffer.allocUnsafe(size - from);
    let got = 0;
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, from + got);
      if (n === 0) break;
      got += n;
    }
    const text = buf.subarray(0, got);
    const complete = text.lastIndexOf(NEWLINE) + 1;
    let last: Pick<AuditRecord, 'seq' | 'hash'> | undefined = q.last.get();
    const append = (input: AuditInput): void => {
      last = insertSealed(q, last, input);
    };
    let at = 0;
    while (at < complete) {
      const end = text.indexOf(NEWLINE, at);
      const line = text.toString('utf8', at, end);
      if (line !== '') append(readLine(line, name, from + at));
      at = end + 1;
    }
    let chained = complete;
    if (whole && complete < got) {
      append(
        journalError(
          name,
          from + complete,
          'an unfinished line: its writer stopped while writing it, so it was never acknowledged',
          text.toString('utf8', complete, got),
        ),
      );
      chained = got;
    }
    q.putCursor.run(name, from + chained);
    return from + chained >= size;
  } finally {
    closeSync(fd);
  }
}

/** The record a journal line holds, or a `journal-error` record saying why it holds none. */
function readLine(line: string, journal: string, offset: number): AuditInput {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch (err) {
    return journalError(journal, offset, `not JSON (${errorText(err)})`, line);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    return journalError(journal, offset, 'not an audit record', line);
  }
  const { at, session, kind, data } = v as Record<string, unknown>;
  if (
    typeof at !== 'string' ||
    typeof session !== 'string' ||
    typeof kind !== 'string' ||
    data === undefined
  ) {
    return journalError(journal, offset, 'not an audit record (at, session, kind and data are needed)', line);
  }
  return { at, session, kind, data: data as JsonValue };
}

function journalError(journal: string, offset: number, error: string, text: string): AuditInput {
  return {
    session: '*',
    kind: 'journal-error',
    data: { journal, offset, error, text: text.slice(0, MAX_ERROR_TEXT) },
  };
}

/** Every journal of the store at `storePath`, in its directory. */
export function storeJournals(storePath: string): { file: string; pid: number }[] {
  const dir = dirname(storePath);
  const store = basename(storePath);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: { file: string; pid: number }[] = [];
  for (const name of names) {
    const parsed = readJournalName(name);
    if (parsed === undefined || parsed.store !== store) continue;
    out.push({ file: join(dir, name), pid: parsed.pid });
  }
  return out;
}

/**
 * Whether the writer of journal `file` (named with `pid`) may still be writing it: its process is
 * running (another process that reused the pid reads as running: the journal is then kept).
 */
export function writerAlive(file: string, pid: number): boolean {
  if (pid === process.pid) return opened.has(basename(file));
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Deletes journals chained to their end; one that can't be deleted stays, its cursor at its end. */
export function removeJournals(files: readonly string[]): void {
  for (const file of files) {
    try {
      unlinkSync(file);
    } catch {
      // Kept: its cursor says it is chained to its end, so it is never chained twice.
    }
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
