import { readFileSync } from 'node:fs';

/** The rows of a JSONL file in `test/fixtures/`. */
export function fixtureRows(file: string): { id: string; text: string }[] {
  return readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { id: string; text: string });
}

/** Every text of the fourteen development sets, attacks and clean. */
export function devTexts(): string[] {
  return [
    'dev-injections.jsonl',
    'dev-clean.jsonl',
    'dev2-injections.jsonl',
    'dev2-clean.jsonl',
    'dev3-injections.jsonl',
    'dev3-clean.jsonl',
    'dev4-injections.jsonl',
    'dev4-clean.jsonl',
    'dev5-injections.jsonl',
    'dev5-clean.jsonl',
    'dev6-injections.jsonl',
    'dev6-clean.jsonl',
    'dev7-injections.jsonl',
    'dev7-clean.jsonl',
    'dev8-injections.jsonl',
    'dev8-clean.jsonl',
    'dev9-injections.jsonl',
    'dev9-clean.jsonl',
    'dev10-injections.jsonl',
    'dev10-clean.jsonl',
    'dev11-injections.jsonl',
    'dev11-clean.jsonl',
    'dev12-injections.jsonl',
    'dev12-clean.jsonl',
    'dev13-injections.jsonl',
    'dev13-clean.jsonl',
    'dev14-injections.jsonl',
    'dev14-clean.jsonl',
  ].flatMap((f) => fixtureRows(f).map((r) => r.text));
}
