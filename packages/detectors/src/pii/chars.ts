/**
 * Character classes, and the edges of a number: what may sit right before or after it without making
 * it part of a longer token (a word, a decimal, a path, an amount).
 */

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

export function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Letters, digits and `_`: a number touching one is part of a longer token. */
export function isWordChar(c: number): boolean {
  return isAlnum(c) || c === 95;
}

/** Characters before a number that make it something else: a decimal, a path, an anchor, money, an entity. */
function badBefore(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (isWordChar(c)) {
    // A JSON or C escape (`\n4111…`) separates rather than joins.
    return !(i > 0 && text.charCodeAt(i - 1) === 92 && (c === 110 || c === 116 || c === 114));
  }
  if (c === 45) return i > 0 && isAlnum(text.charCodeAt(i - 1)); // INV-2024-…
  // . # $ & % / @ \ ^ ~ £ ¥ €
  return (
    c === 46 ||
    c === 35 ||
    c === 36 ||
    c === 38 ||
    c === 37 ||
    c === 47 ||
    c === 64 ||
    c === 92 ||
    c === 94 ||
    c === 126 ||
    c === 163 ||
    c === 165 ||
    c === 8364
  );
}

/** Characters after a number that make it part of something else: a word, a file name, a time. */
function badAfter(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (isWordChar(c) || c === 64 || c === 47 || c === 37) return true;
  const next = text.charCodeAt(i + 1);
  if (c === 46 || c === 45) return isAlnum(next); // 1234567.png, 123456-abc
  return c === 58 && isDigit(next); // 12:30, IPv6
}

/** Nothing before the digits at `start` (or their `+`/`(`) joins them to a longer token. */
export function clearBefore(text: string, start: number): boolean {
  const c = start > 0 ? text.charCodeAt(start - 1) : -1;
  const edge = c === 43 || c === 40 ? start - 2 : start - 1;
  return edge < 0 || !(badBefore(text, edge) || (c === 43 && text.charCodeAt(edge) === 43));
}

/** Nothing after the digits ending at `end` joins them to a longer token. */
export function clearAfter(text: string, end: number): boolean {
  return end >= text.length || !badAfter(text, end);
}
