/**
 * The characters a regular expression's match can start with, read from its source: lets a sticky
 * expression that cannot match at a position be skipped with one table read instead of a call
 * into the expression engine (most rule expressions fail at their first character).
 *
 * The reading is conservative: anything it does not model exactly (lookarounds, negated classes,
 * back references, characters outside ASCII) only makes the set larger, so "cannot start here" is
 * always true when it says so. `nullable` expressions (that can match the empty string) get no
 * set at all.
 */

export interface FirstChars {
  /** 1 where an ASCII code unit can start a match. */
  readonly ascii: Uint8Array;
  /** Whether a code unit outside ASCII can. */
  readonly other: boolean;
}

/** A set of code units as four 32-bit masks over ASCII and a flag for the rest. */
interface Set128 {
  m: [number, number, number, number];
  other: boolean;
}

interface First {
  set: Set128;
  nullable: boolean;
}

const empty = (): Set128 => ({ m: [0, 0, 0, 0], other: false });
const any = (): Set128 => ({ m: [-1, -1, -1, -1], other: true });
function union(into: Set128, from: Set128): void {
  for (let k = 0; k < 4; k++) into.m[k]! |= from.m[k]!;
  into.other ||= from.other;
}
function addCode(set: Set128, c: number, caseless: boolean): void {
  if (c >= 128) {
    set.other = true;
    return;
  }
  set.m[c >> 5]! |= 1 << (c & 31);
  if (caseless && ((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) addCode(set, c ^ 32, false);
}
function addRange(set: Set128, lo: number, hi: number, caseless: boolean): void {
  for (let c = lo; c <= Math.min(hi, 127); c++) addCode(set, c, caseless);
  if (hi >= 128) set.other = true;
}

const CLASS_ESCAPES: Record<string, (set: Set128) => void> = {
  d: (s) => addRange(s, 48, 57, false),
  w: (s) => {
    addRange(s, 48, 57, false);
    addRange(s, 65, 90, false);
    addRange(s, 97, 122, false);
    addCode(s, 95, false);
  },
  s: (s) => {
    addRange(s, 9, 13, false);
    addCode(s, 32, false);
    s.other = true;
  },
};

/** Reads a source left to right; `i` is where it is. */
class Reader {
  i = 0;
  constructor(
    private readonly src: string,
    private readonly caseless: boolean,
  ) {}

  alternation(): First {
    const out: First = { set: empty(), nullable: false };
    for (;;) {
      const seq = this.sequence();
      union(out.set, seq.set);
      out.nullable ||= seq.nullable;
      if (this.src[this.i] !== '|') return out;
      this.i++;
    }
  }

  private sequence(): First {
    const out: First = { set: empty(), nullable: true };
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const term = this.term();
      const optional = this.quantifier();
      if (out.nullable) union(out.set, term.set);
      out.nullable &&= term.nullable || optional;
    }
    return out;
  }

  /** Reads a quantifier if one follows; whether it allows zero repetitions. */
  private quantifier(): boolean {
    const c = this.src[this.i];
    let optional = false;
    if (c === '*' || c === '?') optional = true;
    else if (c === '+') optional = false;
    else if (c === '{') {
      const m = /^\{(\d+)(,\d*)?\}/.exec(this.src.slice(this.i));
      if (m === null) return false; // a literal `{`, read as a term next time
      this.i += m[0].length - 1;
      optional = Number(m[1]) === 0;
    } else return false;
    this.i++;
    if (this.src[this.i] === '?') this.i++;
    return optional;
  }

  private term(): First {
    const { src } = this;
    const c = src[this.i]!;
    if (c === '(') {
      this.i++;
      let zeroWidth = false;
      if (src.startsWith('?:', this.i)) this.i += 2;
      else if (src.startsWith('?=', this.i) || src.startsWith('?!', this.i)) {
        this.i += 2;
        zeroWidth = true;
      } else if (src.startsWith('?<=', this.i) || src.startsWith('?<!', this.i)) {
        this.i += 3;
        zeroWidth = true;
      } else if (src.startsWith('?<', this.i)) this.i = src.indexOf('>', this.i) + 1;
      const inner = this.alternation();
      if (src[this.i] !== ')') throw new Error(`first-chars: unbalanced group in /${src}/`);
      this.i++;
      return zeroWidth ? { set: empty(), nullable: true } : inner;
    }
    if (c === '^' || c === '$') {
      this.i++;
      return { set: empty(), nullable: true };
    }
    if (c === '.') {
      this.i++;
      return { set: any(), nullable: false };
    }
    if (c === '[') return { set: this.charClass(), nullable: false };
    if (c === '\\') return this.escape();
    this.i++;
    const set = empty();
    addCode(set, c.charCodeAt(0), this.caseless);
    return { set, nullable: false };
  }

  private escape(): First {
    const e = this.src[this.i + 1]!;
    this.i += 2;
    if (e === 'b' || e === 'B') return { set: empty(), nullable: true };
    if (/[1-9]/.test(e)) return { set: any(), nullable: true };
    const set = empty();
    if (CLASS_ESCAPES[e] !== undefined) CLASS_ESCAPES[e](set);
    else if (e === 'S' || e === 'W' || e === 'D') return { set: any(), nullable: false };
    else addCode(set, this.escapedCode(e), this.caseless);
    return { set, nullable: false };
  }

  /** The code unit of an escape whose letter (`e`) was just read (`\n`, `\u00ad`, `\.`). */
  private escapedCode(e: string): number {
    const simple: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11, '0': 0 };
    if (simple[e] !== undefined) return simple[e];
    if (e === 'u' || e === 'x') {
      const n = e === 'u' ? 4 : 2;
      const code = Number.parseInt(this.src.slice(this.i, this.i + n), 16);
      this.i += n;
      return code;
    }
    if (e === 'c') return this.src.charCodeAt(this.i++) % 32;
    return e.charCodeAt(0);
  }

  private charClass(): Set128 {
    const { src } = this;
    this.i++;
    const negated = src[this.i] === '^';
    if (negated) this.i++;
    const set = empty();
    // `[]` matches nothing and `[^]` anything, as in JavaScript.
    while (this.i < src.length && src[this.i] !== ']') {
      let lo: number;
      if (src[this.i] === '\\') {
        const e = src[this.i + 1]!;
        this.i += 2;
        if (CLASS_ESCAPES[e] !== undefined) {
          CLASS_ESCAPES[e](set);
          continue;
        }
        if (e === 'S' || e === 'W' || e === 'D') return this.skipClass(any());
        lo = e === 'b' ? 8 : this.escapedCode(e);
      } else lo = src.charCodeAt(this.i++);
      if (src[this.i] === '-' && src[this.i + 1] !== ']' && this.i + 1 < src.length) {
        this.i++;
        let hi: number;
        if (src[this.i] === '\\') {
          const e = src[this.i + 1]!;
          this.i += 2;
          hi = this.escapedCode(e);
        } else hi = src.charCodeAt(this.i++);
        addRange(set, lo, hi, this.caseless);
      } else addCode(set, lo, this.caseless);
    }
    this.i++;
    return negated ? any() : set;
  }

  private skipClass(result: Set128): Set128 {
    while (this.i < this.src.length && this.src[this.i] !== ']') this.i += this.src[this.i] === '\\' ? 2 : 1;
    this.i++;
    return result;
  }
}

/** The first characters of `re`'s matches, or `undefined` when it can match the empty string. */
export function firstChars(re: RegExp): FirstChars | undefined {
  const reader = new Reader(re.source, re.ignoreCase);
  const first = reader.alternation();
  if (reader.i !== re.source.length) throw new Error(`first-chars: could not read /${re.source}/`);
  if (first.nullable) return undefined;
  const ascii = new Uint8Array(128);
  for (let c = 0; c < 128; c++) ascii[c] = (first.set.m[c >> 5]! >>> (c & 31)) & 1;
  return { ascii, other: first.set.other };
}
