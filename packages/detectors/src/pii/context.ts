/**
 * Context keywords: a label just before a weak format ("SSN:", "Tel.", "BSN") makes it likely to be
 * what it looks like. Only candidates that passed their validator look here, so this is off the hot path.
 */

/** How far before a value its label may sit. */
const WINDOW = 40;

export const KEYWORDS = {
  card: /card|\bvisa\b|master ?card|\bamex\b|american express|\bcc\b|credit|debit|\bpan\b/i,
  phone:
    /phone|\btelf?\b|mobile|\bmob\b|\bcell\b|\bfax\b|whatsapp|\bsms\b|telefon|t[ée]l[ée]phone|tel[ée]fono|\bhandy\b|\bcall\b/i,
  ssn: /\bssn\b|social security|\bsoc\.? ?sec|\bss ?#|\bss ?(?:no|number)\b/i,
  nino: /national insurance|\bnino\b|\bni ?(?:no|number)\b/i,
  bsn: /\bbsn\b|burgerservice|\bsofi/i,
  dni: /\bdni\b|\bnie\b|\bnif\b|documento|\bd\.n\.i\b/i,
  steuerId: /steuer|\bidnr\b|identifikationsnummer|\btin\b|tax ?id/i,
  aadhaar: /aadha?ar|\buidai\b|\buid\b/i,
} as const;

export type KeywordSet = keyof typeof KEYWORDS;

const SETS = Object.keys(KEYWORDS) as KeywordSet[];

/** All the keyword sets in one pass; capture group `i + 1` is set `SETS[i]`. */
const ANY_KEYWORD = new RegExp(SETS.map((k) => `(${KEYWORDS[k].source})`).join('|'), 'gi');

/** Which keyword sets appear in the few characters before `pos`: bit `i` for `SETS[i]`. */
export function keywordsBefore(text: string, pos: number): number {
  const window = text.slice(pos > WINDOW ? pos - WINDOW : 0, pos);
  let mask = 0;
  ANY_KEYWORD.lastIndex = 0;
  let m = ANY_KEYWORD.exec(window);
  while (m !== null) {
    for (let i = 1; i < m.length; i++) if (m[i] !== undefined) mask |= 1 << (i - 1);
    m = ANY_KEYWORD.exec(window);
  }
  return mask;
}

export function hasKeyword(mask: number, set: KeywordSet): boolean {
  return (mask & (1 << SETS.indexOf(set))) !== 0;
}
