/**
 * Where a command writes. Commands take this instead of touching `process`, so tests run them
 * in-process with real files and capture what they print.
 */
export interface Io {
  stdout(line: string): void;
  stderr(line: string): void;
  /** Whether stderr is a terminal (progress lines are only for people). */
  stderrIsTTY: boolean;
  /** Rewrite the current stderr line (progress); a no-op where stderr is not a terminal. */
  progress(text: string): void;
}

export function processIo(): Io {
  const tty = process.stderr.isTTY === true;
  return {
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    stderrIsTTY: tty,
    progress: (text) => {
      if (tty) process.stderr.write(`\r\x1b[2K${text}`);
    },
  };
}

/** An `Io` that keeps every line, for tests and for callers that want the output as data. */
export function memoryIo(): Io & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (line) => out.push(line),
    stderr: (line) => err.push(line),
    stderrIsTTY: false,
    progress: () => {},
  };
}
