import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** The lines of a file, streamed (a big trace never sits in memory whole), numbered from 1. */
export async function* readLines(file: string): AsyncGenerator<{ line: number; text: string }> {
  const input = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  try {
    for await (const text of lines) yield { line: ++line, text };
  } finally {
    lines.close();
    input.destroy();
  }
}
