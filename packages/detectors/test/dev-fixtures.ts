import { readdirSync, readFileSync } from 'node:fs';

/** The rows of a JSONL file in `test/fixtures/`. */
export function fixtureRows(file: string): { id: string; text: string }[] {
  return readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { id: string; text: string });
}

/** Every text of the development sets (`dev-*.jsonl`, `dev2-*.jsonl`, …), attacks and clean. */
export function devTexts(): string[] {
  return readdirSync(new URL('./fixtures/', import.meta.url))
    .filter((f) => /^dev\d*-(?:injections|clean)\.jsonl$/.test(f))
    .sort()
    .flatMap((f) => fixtureRows(f).map((r) => r.text));
}
