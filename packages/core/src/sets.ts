/**
 * Sets in the label model are sorted, duplicate-free string arrays: structurally comparable,
 * deterministic in JSON, and cheap to join for the handful of members they hold.
 */

export function setOf<T extends string>(values: Iterable<T>): T[] {
  return [...new Set(values)].sort();
}

/** Union of two sorted sets (merge; both inputs must be sorted and unique). */
export function union<T extends string>(a: readonly T[], b: readonly T[]): T[] {
  if (a.length === 0) return b as T[];
  if (b.length === 0) return a as T[];
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) {
      out.push(x);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

export function isSubset<T extends string>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length > b.length) return false;
  let j = 0;
  for (const x of a) {
    while (j < b.length && b[j]! < x) j++;
    if (j === b.length || b[j] !== x) return false;
    j++;
  }
  return true;
}

export function sameSet<T extends string>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
