/**
 * Character classes of the rules' expressions, as code-unit tests, for the fast paths that decide
 * without running an expression. Each matches its expression's class exactly (the tests check
 * every code unit).
 */

/** `\s`: the whitespace and line terminators of JavaScript's regular expressions. */
export function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `\w` without the `u` flag: ASCII letters, digits and `_`. */
export const isWordChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;

/**
 * Where the run of word characters (`isWordChar`) that ends at `end` (exclusive) in `s` starts, not
 * before `from`.
 */
export function wordRunStart(s: string, end: number, from = 0): number {
  let i = end;
  while (i > from && isWordChar(s.charCodeAt(i - 1))) i--;
  return i;
}

/** `[A-Za-z]`. */
export const isAsciiLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
