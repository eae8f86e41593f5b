import { MAX_WHOLE, normaliseValue, phraseForm } from './normalise.js';
import { forEachShingle } from './shingles.js';
import { extractValues } from './value-extract.js';

const SMALL_NUMBER = /^ [0-9]{1,3} $/;

/**
 * The user's own words (prompts), kept so that values the user supplied are endorsed: an IBAN the
 * user typed is the user's choice even if an e-mail repeats it. Bounded like the value index;
 * the oldest prompt goes first. Losing a prompt only un-endorses values, which raises risk.
 */
export class Endorsements {
  private prompts: [text: string, seq: number][] = [];
  private keys = new Set<string>();
  private shingles = new Set<number>();
  private phrases = '';
  private chars = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.prompts.length;
  }

  add(text: string, seq: number): void {
    if (text.length === 0 || this.prompts.some(([t]) => t === text)) return;
    this.prompts.push([text, seq]);
    this.chars += text.length;
    let dropped = false;
    while (this.chars > this.maxBytes && this.prompts.length > 1) {
      this.chars -= this.prompts.shift()![0].length;
      dropped = true;
    }
    if (dropped) this.rebuild();
    else this.index(text);
  }

  /** A value key (extracted value, whole value) the user's words contain. */
  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** A shingle (by hash) the user's words contain. */
  hasShingle(hash: number): boolean {
    return this.shingles.has(hash);
  }

  /**
   * Whether the whole of `text` occurs, word for word, in the user's words. A small number for an
   * id-like argument is the exception: "June 13" does not endorse deleting file 13, so there it
   * counts only where the user named it as an id ("ID 13", "#13", "number 13"), which extraction
   * records as a key. "Send 100" still endorses an amount of 100.
   */
  says(text: string, idLike = false): boolean {
    if (this.phrases.length === 0) return false;
    const phrase = phraseForm(text);
    if (idLike && SMALL_NUMBER.test(phrase)) return this.keys.has(phrase.trim());
    return phrase.length > 2 && this.phrases.includes(phrase);
  }

  list(): [string, number][] {
    return this.prompts.map(([t, s]) => [t, s]);
  }

  private rebuild(): void {
    this.keys.clear();
    this.shingles.clear();
    this.phrases = '';
    for (const [t] of this.prompts) this.index(t);
  }

  private readonly addShingle = (hash: number): void => {
    this.shingles.add(hash);
  };

  private index(text: string): void {
    const add = (key: string) => this.keys.add(key);
    const whole = normaliseValue(text);
    if (whole.length <= MAX_WHOLE) add(whole);
    extractValues(text, add);
    forEachShingle(text, this.addShingle);
    this.phrases += phraseForm(text);
  }
}
