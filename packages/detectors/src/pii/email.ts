import type { Finding } from '../types.js';
import { isAlnum } from './chars.js';
import { report } from './report.js';

/** Country-code TLDs in use, and the generic TLDs that mail is commonly sent to. */
export const TLDS: ReadonlySet<string> = new Set(
  (
    'ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bv ' +
    'bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et ' +
    'eu fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie ' +
    'il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ' +
    'ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz ' +
    'om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn ' +
    'so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve ' +
    'vg vi vn vu wf ws ye yt za zm zw ' +
    'com org net edu gov mil int info biz name pro aero coop museum mobi asia tel travel jobs cat ' +
    'app dev page blog shop store online site website tech space xyz club live life world today email ' +
    'cloud digital agency group company solutions services network systems studio design media news ' +
    'center academy global top vip work ltd inc llc law legal bank finance money capital consulting ' +
    'health care family fun one best team social zone run pub cafe restaurant city london paris berlin ' +
    'nyc tokyo amsterdam wien swiss bayern scot wales eus gal quebec africa lat science ' +
    'engineering software institute university school education careers partners ventures energy ' +
    'google microsoft apple amazon ovh'
  ).split(' '),
);

/** Local-part characters in practice (a subset of RFC 5322's atext, plus accented Latin letters). */
function isLocalChar(c: number): boolean {
  return isAlnum(c) || c === 46 || c === 95 || c === 45 || c === 43 || (c >= 0xc0 && c <= 0x24f);
}

/** `isLocalChar` as a table: the walk back over a local part reads one byte per character. */
const LOCAL_CHARS = Uint8Array.from({ length: 0x250 }, (_, c) => (isLocalChar(c) ? 1 : 0));

function isDomainChar(c: number): boolean {
  return isAlnum(c) || c === 45 || c === 46;
}

/** `isDomainChar` as a table, like `LOCAL_CHARS`. */
const DOMAIN_CHARS = Uint8Array.from({ length: 0x80 }, (_, c) => (isDomainChar(c) ? 1 : 0));

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/** Where the local part before `at` starts, or -1 when there is no acceptable one. */
export function localStart(text: string, at: number): number {
  let s = at;
  // The last `..` on the way (the offset of its second dot), found in the same pass.
  let pair = -1;
  let next = -1;
  while (s > 0 && at - s <= 64) {
    const c = text.charCodeAt(s - 1);
    if (!(c < 0x250 && LOCAL_CHARS[c] === 1)) break;
    if (c === 46 && next === 46 && pair === -1) pair = s;
    next = c;
    s--;
  }
  if (at - s > 64) return -1;
  const before = s > 0 ? text.charCodeAt(s - 1) : -1;
  if (before === 92) {
    // A JSON escape glued to the address: `\njohn@…`, `\u003cjohn@…`.
    const c = text.charCodeAt(s);
    if (c === 110 || c === 116 || c === 114) s++;
    else if (c === 117 && at - s > 5) {
      let hex = true;
      for (let i = s + 1; i <= s + 4; i++) hex &&= isHex(text.charCodeAt(i));
      if (hex) s += 5;
    }
  } else if (before === 37 && isHex(text.charCodeAt(s)) && isHex(text.charCodeAt(s + 1))) {
    s += 2; // URL-encoded: %3Cjohn@…
  } else if (before === 47 && s > 1 && text.charCodeAt(s - 2) === 47) {
    return -1; // userinfo of a URL: scheme://user@host
  } else if (before === 58 && !/mailto$/i.test(text.slice(s > 7 ? s - 7 : 0, s - 1))) {
    return -1; // user:password@host
  }
  while (s < at && text.charCodeAt(s) === 46) s++;
  if (s === at || text.charCodeAt(at - 1) === 46) return -1;
  return pair > s ? -1 : s;
}

/** Where the domain after `at` ends, or -1 when it is not a plausible public domain. */
export function domainEnd(text: string, at: number): number {
  let e = at + 1;
  while (e < text.length && e - at <= 254) {
    const c = text.charCodeAt(e);
    if (!(c < 0x80 && DOMAIN_CHARS[c] === 1)) break;
    e++;
  }
  if (e - at > 254) return -1;
  while (e > at + 1 && (text.charCodeAt(e - 1) === 46 || text.charCodeAt(e - 1) === 45)) e--;
  const after = e < text.length ? text.charCodeAt(e) : -1;
  if (after === 64) return -1;
  // git@github.com:owner/repo and similar SSH remotes.
  if (after === 58 && e + 1 < text.length && /[\w~/.]/.test(text[e + 1]!)) return -1;
  // The labels are checked in place: most `@` of ordinary text are e-mail addresses, and slicing
  // and splitting each domain cost more than the rest of the check.
  let labels = 0;
  let label = at + 1;
  for (let i = at + 1; i <= e; i++) {
    if (i < e && text.charCodeAt(i) !== 46) continue;
    if (i === label || i - label > 63) return -1;
    if (text.charCodeAt(label) === 45 || text.charCodeAt(i - 1) === 45) return -1;
    labels++;
    if (i < e) label = i + 1;
  }
  if (labels < 2) return -1;
  // Most addresses end in .com, .org or .net: known without slicing the label.
  if (e - label === 3 && isComOrgNet(text, e)) return e;
  return TLDS.has(text.slice(label, e).toLowerCase()) ? e : -1;
}

/**
 * The domain `text[from, end)` is an RFC 2606 name (`example.com`, `mail.example.org`), read in
 * place. Domain characters are ASCII letters, digits, `-` and `.`, so `| 32` folds case exactly.
 */
export function isExampleDomain(text: string, from: number, end: number): boolean {
  const start = end - EXAMPLE.length - 3;
  if (start < from || (start > from && text.charCodeAt(start - 1) !== 46)) return false;
  for (let i = 0; i < EXAMPLE.length; i++)
    if ((text.charCodeAt(start + i) | 32) !== EXAMPLE.charCodeAt(i)) return false;
  return isComOrgNet(text, end);
}

/** The domain characters before `end` are `com`, `org` or `net`, in any case (`| 32` folds it). */
function isComOrgNet(text: string, end: number): boolean {
  const tld =
    ((text.charCodeAt(end - 3) | 32) << 16) |
    ((text.charCodeAt(end - 2) | 32) << 8) |
    (text.charCodeAt(end - 1) | 32);
  return tld === COM || tld === ORG || tld === NET;
}
const EXAMPLE = 'example.';
const packed = (tld: string): number =>
  (tld.charCodeAt(0) << 16) | (tld.charCodeAt(1) << 8) | tld.charCodeAt(2);
const COM = packed('com');
const ORG = packed('org');
const NET = packed('net');

/** Finds e-mail addresses around each `@`; adds their spans to `spans` as start, end pairs. */
export function detectEmails(text: string, out: Finding[], spans: number[]): void {
  let at = text.indexOf('@');
  while (at !== -1) {
    const s = localStart(text, at);
    const e = s === -1 ? -1 : domainEnd(text, at);
    if (e !== -1) {
      const example = isExampleDomain(text, at + 1, e);
      report(
        out,
        'email',
        'pii',
        s,
        e,
        example ? 0.5 : 0.9,
        example ? 'e-mail address at a documentation domain' : 'e-mail address',
      );
      spans.push(s, e);
    }
    at = text.indexOf('@', e === -1 ? at + 1 : e);
  }
}
