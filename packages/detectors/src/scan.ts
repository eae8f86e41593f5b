import { encodedTexts } from './injection/encoded.js';
import { packedLinks } from './injection/links.js';
import { detectInjectionModel } from './injection/model/classify.js';
import { detectInjection, readRules } from './injection.js';
import { detectPii } from './pii.js';
import type { ToolDefinitionText } from './poisoning.js';
import { detectPoisoning } from './poisoning.js';
import { detectSecrets } from './secrets.js';
import type { DetectedClass, DetectorKind, Finding } from './types.js';

/** The one threshold: a text is malicious when its injection (or poisoning) score reaches it. */
export const MALICIOUS_THRESHOLD = 0.5;

/** What a scan found. */
export interface Scan {
  /** The injection/poisoning score reached `MALICIOUS_THRESHOLD`. */
  malicious: boolean;
  /** The injection/poisoning findings' scores combined (noisy-or: 1 − Π(1 − sᵢ)), 0–1. */
  score: number;
  /** Data classes the secrets and PII found make the text carry, sorted. */
  dataClasses: DetectedClass[];
  /** Every finding, in the order of their spans. */
  findings: Finding[];
}

export interface ScanOptions {
  /** Which detectors run (all by default). */
  kinds?: readonly DetectorKind[];
}

/**
 * Weak rule findings on a text the learned model reads as clearly benign count for less: rule
 * findings that each stay below the threshold (a role label, "the assistant", a directive) and
 * only add up past it are discounted by `WEAK_RULE_DISCOUNT` when the model's logit is at least
 * `BENIGN_MARGIN` below its operating point on a text of at least `BENIGN_MIN_LENGTH`
 * characters. A rule finding that reaches the threshold alone is never discounted; nor are
 * findings on a short text, where a low model score means too little to read, not benign; nor an
 * address to the model with an order after it (`ADDRESS_AND_ORDER`); nor a text whose hidden HTML
 * holds an address to the model (the model's reading of the visible text says nothing of it).
 */
export const BENIGN_MARGIN = 2;
export const BENIGN_MIN_LENGTH = 300;
export const WEAK_RULE_DISCOUNT = 0.7;
/**
 * Where the model is surer still — its logit at least `SURE_BENIGN_MARGIN` below the operating
 * point, on a text of at least `BENIGN_MIN_LENGTH` characters — every rule finding counts
 * `SURE_RULE_DISCOUNT` of its score (invisible text `WEAK_RULE_DISCOUNT`), one that reaches the
 * threshold alone and an address with an order after it too; only hidden HTML that speaks to the
 * model is kept whole. On text written
 * apart from the detector the rules flag benign documents for one or two strong findings (a role
 * label in an LLM guide, a quoted override in a write-up) that the model reads as plainly benign.
 * First chosen on the seventh development set (3.5, discounted like weak findings: 22 false
 * positives to 18, no attack); set to 2.5 and 0.5 on 2026-11-29 on the eighth, ninth and twelfth
 * sets pooled (999 clean texts, 585 attacks), where it took 22 false positives to 19 and lost no
 * attack of any development set or AgentDojo. A discount of 0.3 took them to 16 but lost 29 of
 * AgentDojo's 621 attacks, whose template the model reads as benign (docs/evaluation.md).
 *
 * There the rules' everyday trigger words (send, export, add, call, user, http…: a rule's
 * `nearWords` and `nearSymbols`, otherwise read near another hit or anywhere in a short text) are
 * not read at all. Their findings are the weakest (0.15–0.4, counting half there), and on such
 * texts they mostly added weight to false positives: on the fifteen development sets pooled, 48 →
 * 43 false positives of 5,004 with the same 2,893 of 2,941 attacks found, AgentDojo unchanged (621
 * of 621, none of its 149 clean outputs), dev15 191 of 195 either way and 3 → 2 false positives,
 * held-out unchanged. Chosen on 2026-11-29 for speed too: those checks took a sixth of the scan's
 * time, and 72% of the benchmark's corpus is now read without them (`scanText` ~8% faster).
 */
export const SURE_BENIGN_MARGIN = 2.5;
export const SURE_RULE_DISCOUNT = 0.5;

/**
 * …except an address to the model at full strength (`addressed-to-model` ≥ 0.45) followed by an
 * order to it (`directive` ≥ 0.3): that pair is kept whole.
 */
const ADDRESS_AND_ORDER = [0.45, 0.3] as const;

/** Scans a text with every detector (or `opts.kinds`). */
export function scanText(text: string, opts: ScanOptions = {}): Scan {
  const findings: Finding[] = [];
  collect(text, findings, opts);
  return summarise(findings);
}

/**
 * Adds what the detectors find in `text` to `out`, unsummarised: for callers that scan several
 * texts (the leaves of one result) and summarise them together.
 */
export function collect(text: string, out: Finding[], opts: ScanOptions = {}): void {
  if (typeof text !== 'string' || text.length === 0) return;
  const kinds = opts.kinds;
  const injection = kinds === undefined || kinds.includes('injection');
  // The learned classifier catches phrasings the rules were never written for (docs/detectors.md).
  // It reads first, so that where it is sure the text is benign the rules' everyday words are
  // not read (`SURE_BENIGN_MARGIN`), and its scan tells the PII search where no run of digits
  // can start (`digitRunFrom`); its finding still follows the rules' in `out`.
  const model: Finding[] = [];
  const margin = injection ? detectInjectionModel(text, model) : 0;
  if (kinds === undefined || kinds.includes('secret')) detectSecrets(text, out);
  if (kinds === undefined || kinds.includes('pii')) detectPii(text, out);
  if (injection) {
    const long = text.length >= BENIGN_MIN_LENGTH;
    const from = out.length;
    readRules(text, out, !(long && margin <= -SURE_BENIGN_MARGIN));
    const to = out.length;
    for (const f of model) out.push(f);
    if (long && margin <= -BENIGN_MARGIN) discountWeakRules(out, from, to, margin <= -SURE_BENIGN_MARGIN);
    for (const link of packedLinks(text)) readHidden(link, 'link', HIDDEN_IN, out);
    for (const e of encodedTexts(text))
      readHidden(e, e.encoding, e.toldToAct ? TOLD_TO_DECODE : HIDDEN_IN, out);
  }
}

/** What hiding an instruction in a link or an encoding adds to it. */
export const HIDDEN_IN = 0.25;
/** …and in an encoding the text tells its reader to undo and act on ("decode and carry out"). */
export const TOLD_TO_DECODE = 0.4;

const HIDING = {
  link: { rule: 'injection/hidden-in-link', said: 'packed into a link' },
  base64: { rule: 'injection/hidden-encoded', said: 'decoded from base64' },
  rot13: { rule: 'injection/hidden-encoded', said: 'read through rot13' },
} as const;

/**
 * Reads the words hidden in `[start, end)` of the text — a link's packed words
 * (`injection/links.ts`) or an encoded run decoded (`injection/encoded.ts`) — with the rules and
 * the model. What they find covers the hiding place, or stands where it was found in a rot13
 * reading (which keeps every offset); the hiding adds `hiding`.
 */
function readHidden(
  hidden: { start: number; end: number; words: string },
  how: keyof typeof HIDING,
  hiding: number,
  out: Finding[],
): void {
  const found: Finding[] = [];
  detectInjection(hidden.words, found);
  detectInjectionModel(hidden.words, found);
  if (found.length === 0) return;
  const { rule, said } = HIDING[how];
  let from = hidden.end;
  let to = hidden.start;
  for (const f of found) {
    const span = how === 'rot13' ? f : hidden;
    if (span.start < from) from = span.start;
    if (span.end > to) to = span.end;
    out.push({ ...f, start: span.start, end: span.end, message: `${f.message} (${said})` });
  }
  out.push({
    rule,
    kind: 'injection',
    start: from,
    end: to,
    score: hiding,
    message: `words ${said} read as an instruction`,
  });
}

/**
 * Discounts the rule findings `out[from, to)` when none reaches the threshold alone (see
 * `WEAK_RULE_DISCOUNT`); the caller has established that the model reads their text as benign.
 * `sure`: the model is sure of it (`SURE_BENIGN_MARGIN`): strong findings are discounted too, and
 * every finding by `SURE_RULE_DISCOUNT`.
 */
export function discountWeakRules(out: Finding[], from: number, to: number, sure = false): void {
  if (to <= from) return;
  let addressed = false;
  let ordered = false;
  let hidden = false;
  let speaks = false;
  for (let i = from; i < to; i++) {
    const f = out[i]!;
    if (f.score >= MALICIOUS_THRESHOLD && !sure) return;
    if (f.rule === 'injection/hidden-html') hidden = true;
    else if (f.rule === 'injection/addressed-to-model') {
      speaks = true;
      if (f.score >= ADDRESS_AND_ORDER[0]) addressed = true;
    } else if (f.rule === 'injection/directive' && f.score >= ADDRESS_AND_ORDER[1]) ordered = true;
  }
  // The text turns to its automated reader and gives it an order, or speaks to it in words
  // hidden from the person: what an injection is, however ordinary the rest reads to the model
  // (whose reading of the visible text says nothing about the hidden words).
  if ((addressed && ordered && !sure) || (hidden && speaks)) return;
  for (let i = from; i < to; i++) {
    const f = out[i]!;
    // Text no one sees (tag characters, zero-width runs) keeps the weak discount only: what the
    // model makes of its words says little about why they were hidden.
    const discount = sure && f.rule !== 'injection/invisible-text' ? SURE_RULE_DISCOUNT : WEAK_RULE_DISCOUNT;
    out[i] = {
      ...f,
      score: f.score * discount,
      message: `${f.message} (discounted: the learned model reads this text as benign)`,
    };
  }
}

/** Scans a tool definition for poisoning: instructions to the model, hidden text, shadowing, demands for secrets. */
export function scanTool(tool: ToolDefinitionText): Scan {
  const findings: Finding[] = [];
  detectPoisoning(tool, findings);
  return summarise(findings);
}

/** Combines findings into a verdict: noisy-or of injection/poisoning scores against the threshold. */
export function summarise(findings: Finding[]): Scan {
  // Most texts: nothing found (what the loop below makes of no findings, without the sort and set).
  if (findings.length === 0) return { malicious: false, score: 0, dataClasses: [], findings };
  findings.sort((a, b) => a.start - b.start || a.end - b.end);
  let clean = 1;
  const classes = new Set<DetectedClass>();
  for (const f of findings) {
    if (f.kind === 'injection' || f.kind === 'poisoning') clean *= 1 - Math.min(1, Math.max(0, f.score));
    if (f.dataClass !== undefined) classes.add(f.dataClass);
  }
  const score = 1 - clean;
  return { malicious: score >= MALICIOUS_THRESHOLD, score, dataClasses: [...classes].sort(), findings };
}
