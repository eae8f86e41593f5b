/**
 * Where a short needle (a newline, a ``` fence) occurs in the text being scanned, found once per
 * text. Rules ask about lines and fences at every trigger word; searching from the trigger each
 * time made a long text with many triggers and few newlines quadratic (a megabyte of such text
 * took minutes). Answers match `lastIndexOf` / `indexOf` / a count from the start exactly.
 */
export class Positions {
  private text: string | undefined;
  private at: number[] = [];

  constructor(private readonly needle: string) {}

  /** The needle's positions in `text`, read from the start without overlaps. */
  private of(text: string): number[] {
    if (text !== this.text) {
      const at: number[] = [];
      const step = this.needle.length;
      for (let i = text.indexOf(this.needle); i >= 0; i = text.indexOf(this.needle, i + step)) at.push(i);
      this.at = at;
      this.text = text;
    }
    return this.at;
  }

  /** How many occurrences begin before `pos`. */
  countBefore(text: string, pos: number): number {
    const at = this.of(text);
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at[mid]! < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** `text.lastIndexOf(needle, from)`, for a one-character needle. */
  last(text: string, from: number): number {
    const n = this.countBefore(text, Math.max(0, from) + 1);
    return n === 0 ? -1 : this.at[n - 1]!;
  }

  /** `text.indexOf(needle, from)`, for a one-character needle. */
  next(text: string, from: number): number {
    const n = this.countBefore(text, Math.max(0, from));
    return n < this.at.length ? this.at[n]! : -1;
  }
}

export const NEWLINES = new Positions('\n');
export const FENCES = new Positions('```');
