import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Finding } from '@mcp-trust/detectors';
import { scanText } from '@mcp-trust/detectors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardScheme } from '../src/pii/card.js';
import {
  bsnValid,
  dniLetter,
  ibanCheckDigits,
  ibanMod97,
  luhnCheckDigit,
  luhnValid,
  mod11_10CheckDigit,
  verhoeffCheckDigit,
} from '../src/pii/checksums.js';
import { steuerIdValid } from '../src/pii/national-ids.js';
import { detectPii } from '../src/pii.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const AGENTDOJO =
  process.env.AGENTDOJO_DATA || resolve(REPO_ROOT, '../shared/data/agentdojo/agentdojo-v1.2.1.json');

function pii(text: string): Finding[] {
  const out: Finding[] = [];
  detectPii(text, out);
  return out;
}

/** Each finding as `rule value`, in text order. */
function found(text: string): string[] {
  return pii(text)
    .sort((a, b) => a.start - b.start)
    .map((f) => `${f.rule} ${text.slice(f.start, f.end)}`);
}

/** A small deterministic generator, so generated examples are the same on every run. */
function digitsFrom(seed: number): (n: number) => string {
  let s = seed;
  return (n) => {
    let d = '';
    for (let i = 0; i < n; i++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      d += String(Math.floor((s / 2147483648) * 10));
    }
    return d;
  };
}
const random = digitsFrom(20261122);

/** The last digit changed: the same shape, a failing check. */
function breakCheck(d: string): string {
  const last = d.charCodeAt(d.length - 1) - 48;
  return d.slice(0, -1) + String((last + 1) % 10);
}

function card(prefix: string, length: number): string {
  const body = prefix + random(length - prefix.length - 1);
  return body + luhnCheckDigit(body);
}

function iban(country: string, bban: string): string {
  return country + ibanCheckDigits(country, bban) + bban;
}

function grouped(value: string, size: number, sep = ' '): string {
  return value.match(new RegExp(`.{1,${size}}`, 'g'))!.join(sep);
}

describe('e-mail addresses', () => {
  it('finds addresses with their exact span', () => {
    expect(found('Write to jane.doe+tag@mail.acme.co.uk.')).toEqual([
      'pii/email jane.doe+tag@mail.acme.co.uk',
    ]);
    expect(found('- dora@gmail.com. and <Mark.Davies@Hotmail.com>')).toEqual([
      'pii/email dora@gmail.com',
      'pii/email Mark.Davies@Hotmail.com',
    ]);
    expect(found('mailto:john_smith@acme-corp.io?subject=hi')).toEqual(['pii/email john_smith@acme-corp.io']);
  });

  it('leaves a JSON escape or a URL-encoded bracket out of the span', () => {
    expect(found('"to:\\njohn@acme.com"')).toEqual(['pii/email john@acme.com']);
    expect(found('list%3Cjohn@acme.com%3E')).toEqual(['pii/email john@acme.com']);
  });

  it('skips what is not an address', () => {
    const text = [
      'user@localhost',
      'logo@2x.png icon@3x.webp',
      'git@github.com:org/repo.git',
      'ssh://git@github.com/org/repo',
      'https://admin:secret@db.acme.com/x',
      'npm i @types/node lodash@4.17.21 debug@2.6.9',
      'root@server.local a@b x@y.invalid',
      'john..doe@acme.com',
      '@mention and email@',
    ].join('\n');
    expect(found(text)).toEqual([]);
  });

  it('scores documentation domains lower', () => {
    const [f] = pii('contact user@example.com');
    expect(f?.score).toBe(0.5);
    expect(pii('contact user@acme.com')[0]?.score).toBe(0.9);
  });
});

describe('phone numbers', () => {
  it('finds international numbers with their +', () => {
    for (const phone of [
      '+44 20 7946 0958',
      '+1 (415) 555-2671',
      '+33 1 23456789',
      '+49 30 1234567',
      '+14155552671',
      '+44 (0) 20 7946 0958',
      '+91 98765 43210',
    ]) {
      expect(found(`Reach me at ${phone}, thanks`), phone).toEqual([`pii/phone ${phone}`]);
    }
  });

  it('finds common national layouts', () => {
    for (const phone of [
      '(415) 555-2671',
      '415-555-2671',
      '1-800-555-0199',
      '020 7946 0958',
      '01 23 45 67 89',
    ]) {
      expect(found(`Office: ${phone}.`), phone).toEqual([`pii/phone ${phone}`]);
    }
  });

  it('needs a keyword for bare digits', () => {
    expect(found('ref 0612345678')).toEqual([]);
    expect(found('Tel: 0612345678')).toEqual(['pii/phone 0612345678']);
    expect(found('"phone": "4155552671"')).toEqual(['pii/phone 4155552671']);
    // An epoch timestamp is no phone number even after the keyword.
    expect(found('phone updated 1715871234')).toEqual([]);
  });

  it('rejects invalid country codes, area codes and lengths', () => {
    expect(found('+0 123 456 7890')).toEqual([]);
    expect(found('+1 155 555 0100')).toEqual([]); // NANP area codes start 2–9
    expect(found('+44 12345')).toEqual([]);
    expect(found('+33 1 2345 6789 0123')).toEqual([]);
    expect(found('x+44 20 7946 0958')).toEqual([]);
  });

  it('scores a labelled number higher', () => {
    expect(pii('Phone: +44 20 7946 0958')[0]?.score).toBeGreaterThan(pii('see +44 20 7946 0958')[0]!.score);
  });
});

describe('payment cards', () => {
  const cards = [
    ['Visa', card('4', 16)],
    ['Mastercard', card('53', 16)],
    ['Mastercard', card('2720', 16)],
    ['American Express', card('37', 15)],
    ['Discover', card('6011', 16)],
    ['JCB', card('3530', 16)],
    ['UnionPay', card('62', 19)],
  ] as const;

  it('finds Luhn-valid numbers in known IIN ranges, bare or printed', () => {
    for (const [scheme, number] of cards) {
      expect(cardScheme(number)).toBe(scheme);
      const printed =
        number.length === 15
          ? `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`
          : grouped(number, 4);
      const dashed = printed.replaceAll(' ', '-');
      for (const form of [number, printed, dashed]) {
        const [f, ...rest] = pii(`card: ${form} exp 12/27`);
        expect(rest, form).toEqual([]);
        expect(f?.rule).toBe('pii/payment-card');
        expect(f?.dataClass).toBe('financial');
        expect(`card: ${form} exp 12/27`.slice(f!.start, f!.end)).toBe(form);
        expect(f?.message).toContain(scheme);
      }
    }
  });

  it('rejects a failing check digit, an unknown IIN or a wrong length', () => {
    for (const [, number] of cards) expect(found(`card ${breakCheck(number)}`)).toEqual([]);
    expect(found(`card ${card('9', 16)} ${card('1', 16)} ${card('4', 15)} ${card('37', 16)}`)).toEqual([]);
  });

  it('rejects a card-like run inside a longer token or layout', () => {
    const visa = card('4', 16);
    for (const text of [
      `order-${visa}`,
      `${visa}.png`,
      `#${visa}`,
      `0.${visa}`,
      `/orders/${visa}/items`,
      `$${visa}`,
      `${grouped(visa, 4)} 1234`,
      `id_${visa}`,
    ]) {
      expect(found(text), text).toEqual([]);
    }
  });

  it('scores a bare number lower than a printed or labelled one', () => {
    const visa = card('4', 16);
    const bare = pii(`ref ${visa}`)[0]!.score;
    expect(pii(`ref ${grouped(visa, 4)}`)[0]!.score).toBeGreaterThan(bare);
    expect(pii(`Visa ${visa}`)[0]!.score).toBeGreaterThan(bare);
  });
});

describe('IBANs', () => {
  const ibans = [
    'GB29 NWBK 6016 1331 9268 19',
    'DE89370400440532013000',
    'CH9300762011623852957',
    'SE3550000000054910000003',
    'IT60X0542811101000000123456',
    iban('NL', `ABNA${random(10)}`),
    iban('FR', random(23)),
    iban('NO', random(11)),
  ];

  it('finds valid IBANs, compact or in groups of four', () => {
    for (const value of ibans) {
      expect(ibanMod97(value.replaceAll(' ', ''))).toBe(1);
      for (const form of [value, grouped(value.replaceAll(' ', ''), 4)]) {
        expect(found(`IBAN: ${form}\nThanks`), form).toEqual([`pii/iban ${form}`]);
      }
    }
    expect(pii(`to ${ibans[0]}`)[0]?.dataClass).toBe('financial');
  });

  it('rejects failing check digits, wrong lengths, unknown countries and glued text', () => {
    for (const value of ibans) expect(found(`IBAN ${breakCheck(value)}`), value).toEqual([]);
    for (const text of [
      'DE8937040044053201300', // one digit short
      'DE893704004405320130001',
      'UK12345678901234567890',
      'US122000000121212121212',
      'XDE89370400440532013000',
      'DE89370400440532013000X',
      'GB29 NWBK 60161331 926819',
    ]) {
      expect(found(text), text).toEqual([]);
    }
  });
});

describe('national identifiers', () => {
  it('finds US SSNs by the SSA rules', () => {
    expect(found('SSN: 123-45-6789')).toEqual(['pii/us-ssn 123-45-6789']);
    expect(pii('SSN: 123-45-6789')[0]?.score).toBe(0.95);
    expect(pii('id 123-45-6789')[0]?.score).toBe(0.8);
    expect(found('social security number 234567890')).toEqual(['pii/us-ssn 234567890']);
    for (const bad of [
      '000-12-3456',
      '666-12-3456',
      '900-12-3456',
      '123-00-4567',
      '123-45-0000',
      '078-05-1120',
    ]) {
      expect(found(`SSN ${bad}`), bad).toEqual([]);
    }
    expect(found('order 234567890')).toEqual([]);
    expect(found('part 123-45-6789-01')).toEqual([]);
  });

  it('finds UK National Insurance numbers by the prefix rules', () => {
    expect(found('NI: AB 12 34 56 C')).toEqual(['pii/uk-nino AB 12 34 56 C']);
    expect(found('ref AB123456C.')).toEqual(['pii/uk-nino AB123456C']);
    expect(found('National Insurance number AB123456')).toEqual(['pii/uk-nino AB123456']);
    for (const bad of ['QQ123456C', 'GB123456A', 'AD123456B', 'AB123456E', 'AB123456', 'XAB123456C']) {
      expect(found(`ref ${bad}`), bad).toEqual([]);
    }
  });

  it('finds Spanish DNI and NIE numbers by their control letter', () => {
    const number = random(8);
    const dni = number + dniLetter(Number(number));
    expect(found(`DNI ${dni}`)).toEqual([`pii/es-dni ${dni}`]);
    expect(found(`ref ${number}-${dniLetter(Number(number))}`)).toEqual([
      `pii/es-dni ${number}-${dniLetter(Number(number))}`,
    ]);
    const wrong = 'TRWAGMYFPDXBNJZSQVHLCKE'[(Number(number) + 1) % 23];
    expect(found(`DNI ${number}${wrong}`)).toEqual([]);
    const nie = `Y${random(7)}`;
    const nieValue = nie + dniLetter(Number(`1${nie.slice(1)}`));
    expect(found(`NIE: ${nieValue}`)).toEqual([`pii/es-nie ${nieValue}`]);
  });

  it('finds a Dutch BSN only after its keyword', () => {
    const body = random(8);
    const bsn = [...'0123456789'].map((d) => body + d).find(bsnValid)!;
    expect(found(`BSN: ${bsn}`)).toEqual([`pii/nl-bsn ${bsn}`]);
    expect(found(`burgerservicenummer ${bsn.slice(0, 4)}.${bsn.slice(4, 6)}.${bsn.slice(6)}`)).toHaveLength(
      1,
    );
    expect(found(`ref ${bsn}`)).toEqual([]);
    expect(found(`BSN: ${breakCheck(bsn)}`).filter((f) => f.startsWith('pii/nl-bsn'))).toEqual([]);
  });

  it('finds a German tax ID only after its keyword', () => {
    const body = '8609574271';
    const id = body + mod11_10CheckDigit(body);
    expect(steuerIdValid(id)).toBe(true);
    expect(found(`Steuer-ID: ${id}`)).toEqual([`pii/de-tax-id ${id}`]);
    expect(
      found(`Steuerliche IdNr ${id.slice(0, 2)} ${id.slice(2, 5)} ${id.slice(5, 8)} ${id.slice(8)}`),
    ).toHaveLength(1);
    expect(found(`Steuer-ID: ${breakCheck(id)}`)).toEqual([]);
    expect(found(`Steuer-ID: 11111111111`)).toEqual([]); // digit-frequency rule
    expect(found(`ref ${id}`)).toEqual([]);
  });

  it('finds an Aadhaar number only after its keyword', () => {
    const body = `7${random(10)}`;
    const aadhaar = body + verhoeffCheckDigit(body);
    const printed = grouped(aadhaar, 4);
    expect(found(`Aadhaar: ${printed}`)).toEqual([`pii/in-aadhaar ${printed}`]);
    expect(found(`Aadhaar no ${aadhaar}`)).toEqual([`pii/in-aadhaar ${aadhaar}`]);
    expect(found(`Aadhaar: ${breakCheck(aadhaar)}`)).toEqual([]);
    expect(found(`tracking ${printed}`)).toEqual([]);
  });
});

describe('clean text with numbers', () => {
  it('finds nothing in dates, prices, ids, hashes, versions, addresses and codes', () => {
    const text = [
      'Departure Time: 2024-05-16 14:00:00, Arrival 2024-05-16T17:30:00Z, due 16.05.2024, 05/16/2024',
      'Price: 180.0, total $1 234 567.89, €12.500,00, 1,234,567.89 USD, amount: 98.70',
      'Airline: EasyJet, Flight Number: EJ789, order #12345678901, ORD-2024-000123, invoice INV-2023-4111111111',
      `uuid ${crypto.randomUUID()} sha 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a commit 1234567 8e2f9c1`,
      'version 10.11.12.13, node v20.19.0, build 4.17.21-1234567, ip 192.168.100.200, ::ffff:10.0.0.1',
      'ISBN 978-3-16-148410-0, 0-306-40615-2, tracking 1Z999AA10123456784, 9400 1000 0000 0000 0000 00',
      'lat 33.662550, lng -117.869450, epoch 1715871234, ms 1715871234567, size 104857600 bytes',
      'Tokyo 160-0023, Japan; room 1-1-1 Nishi-Shinjuku; colour #123456; id_: 4111111111111111x',
      '<path d="M73 39c-14.8-9.1-33.4-9.4-48.5-.9S0 62.6 0 80V432c0 17.4 9.4 33.4 24.5 41.9"/>',
      '<svg viewBox="0 0 512 512"><rect x="100200" y="300400" width="5005006"/></svg>',
    ].join('\n');
    expect(found(text)).toEqual([]);
  });

  it('finds nothing in generated look-alikes', () => {
    const hex = (n: number) =>
      [...random(n)].map((d) => 'abcdef0123456789'[(Number(d) * 7 + n) % 16]).join('');
    const lines: string[] = [];
    for (let i = 0; i < 400; i++) {
      const r = random(12);
      lines.push(
        `{"id": ${Number(r.slice(0, 9)) + 1}, "uuid": "${crypto.randomUUID()}", "sha": "${hex(40)}",` +
          ` "at": "20${r.slice(0, 2)}-${(i % 12) + 1}-${(i % 28) + 1}T${r.slice(2, 4)}:${r.slice(4, 6)}:00Z",` +
          ` "price": ${r.slice(0, 4)}.${r.slice(4, 6)}, "ts": 17${r.slice(0, 11)}, "v": "${i}.${r.slice(0, 2)}.${r.slice(2, 5)}",` +
          ` "ip": "10.${Number(r.slice(0, 2))}.${Number(r.slice(2, 4))}.${Number(r.slice(4, 6))}", "lat": 4${r.slice(0, 1)}.${r.slice(1, 7)}}`,
      );
    }
    expect(found(lines.join('\n'))).toEqual([]);
  });

  it('finds the e-mails, IBANs and phones of the AgentDojo tool outputs, and nothing else', () => {
    const data = JSON.parse(readFileSync(AGENTDOJO, 'utf8')) as {
      suites: Record<
        string,
        {
          injection_vectors: Record<string, string>;
          user_tasks: Record<string, { calls: { result: string | null }[] }>;
        }
      >;
    };
    const values = new Map<string, Set<string>>();
    for (const suite of Object.values(data.suites)) {
      for (const task of Object.values(suite.user_tasks)) {
        for (const call of task.calls) {
          if (call.result === null) continue;
          const text = call.result.replace(
            /\{\{(\w+)\}\}/g,
            (_, v: string) => suite.injection_vectors[v] ?? '',
          );
          for (const f of pii(text)) {
            const set = values.get(f.rule) ?? new Set();
            set.add(text.slice(f.start, f.end));
            values.set(f.rule, set);
          }
        }
      }
    }
    expect([...values.keys()].sort()).toEqual(['pii/email', 'pii/iban', 'pii/phone']);
    expect([...values.get('pii/iban')!].sort()).toEqual([
      'CH9300762011623852957',
      'DE89370400440532013000',
      'GB29NWBK60161331926819',
      'SE3550000000054910000003',
    ]);
    expect([...values.get('pii/phone')!].sort()).toEqual([
      '+33 1 23456789',
      '+44 123456789',
      '+44 987654321',
    ]);
    const emails = values.get('pii/email')!;
    expect(emails.size).toBeGreaterThan(60);
    expect(emails).toContain('emma.johnson@bluesparrowtech.com');
    for (const email of emails) expect(email).toMatch(/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/);
  });
});

describe('findings', () => {
  const examples = [
    'mail jane.doe@acme.com',
    'call +44 20 7946 0958',
    `card ${grouped(card('4', 16), 4)}`,
    'IBAN GB29 NWBK 6016 1331 9268 19',
    'SSN 123-45-6789',
    'NINO AB 12 34 56 C',
    'DNI 12345678Z',
  ];

  it('never carry the value in their message', () => {
    for (const text of examples) {
      const [f] = pii(text);
      expect(f, text).toBeDefined();
      const value = text.slice(f!.start, f!.end);
      expect(f!.message).not.toContain(value);
      expect(f!.message).not.toContain(value.replace(/\W/g, ''));
      expect(f!.message).not.toMatch(/\d{3}/);
      expect(f!.message).not.toContain('jane');
    }
  });

  it('have the PII shape: kind, rule, data class, a score in 0–1', () => {
    for (const text of examples) {
      for (const f of pii(text)) {
        expect(f.kind).toBe('pii');
        expect(f.rule).toMatch(/^pii\/[a-z-]+$/);
        expect(['pii', 'financial']).toContain(f.dataClass);
        expect(f.score).toBeGreaterThan(0);
        expect(f.score).toBeLessThanOrEqual(1);
      }
    }
  });

  it('count spans in UTF-16 code units', () => {
    const text = '📞☎️ émoji 𝔘𝔫𝔦 +44 20 7946 0958 — ✉️ jürgen@acme.de';
    expect(found(text)).toEqual(['pii/phone +44 20 7946 0958', 'pii/email jürgen@acme.de']);
  });

  it('make scanText report the data classes they carry', () => {
    expect(scanText('IBAN GB29 NWBK 6016 1331 9268 19', { kinds: ['pii'] }).dataClasses).toEqual([
      'financial',
    ]);
    expect(scanText('write to jane@acme.com', { kinds: ['pii'] }).dataClasses).toEqual(['pii']);
    expect(scanText('flight EJ789 at 2024-05-16 14:00', { kinds: ['pii'] }).dataClasses).toEqual([]);
  });
});

describe('hostile input', () => {
  /** Every finding's value passes its own validator again, and its span lies in the text. */
  function expectSound(text: string): Finding[] {
    const out = pii(text);
    for (const f of out) {
      expect(f.start).toBeGreaterThanOrEqual(0);
      expect(f.end).toBeGreaterThan(f.start);
      expect(f.end).toBeLessThanOrEqual(text.length);
      const value = text.slice(f.start, f.end);
      if (f.rule === 'pii/payment-card') expect(luhnValid(value.replace(/\D/g, ''))).toBe(true);
      if (f.rule === 'pii/iban') expect(ibanMod97(value.replaceAll(' ', ''))).toBe(1);
      if (f.rule === 'pii/email') expect(value).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i);
    }
    return out;
  }

  it('handles a megabyte of digits, separators and @ correctly', () => {
    const visa = card('4', 16);
    const noise = digitsFrom(7);
    const alphabet = '0123456789 -.()+@';
    let text = '';
    while (text.length < 1_000_000) {
      const r = noise(6);
      text += alphabet[Number(r.slice(0, 2)) % alphabet.length]!.repeat((Number(r[2]) % 3) + 1);
    }
    text += ` card ${visa} mail a.b@acme.com `;
    const out = expectSound(text);
    expect(out.map((f) => text.slice(f.start, f.end))).toEqual(
      expect.arrayContaining([visa, 'a.b@acme.com']),
    );
  });

  it('handles degenerate repetitions', () => {
    const m = 1_000_000;
    expect(expectSound('1'.repeat(m))).toEqual([]);
    expect(expectSound('@'.repeat(m))).toEqual([]);
    expect(expectSound('a@'.repeat(m / 2))).toEqual([]);
    expect(expectSound('1 '.repeat(m / 2))).toEqual([]);
    expect(expectSound('4111 '.repeat(m / 5))).toEqual([]);
    expect(expectSound(`a${'.a'.repeat(m / 2)}@b.com`)).toEqual([]); // local part far too long
    expect(expectSound(`x@${'a.'.repeat(m / 2)}com`)).toEqual([]); // domain far too long
    expect(expectSound('GB29 '.repeat(m / 5))).toEqual([]);
    expect(expectSound('+1 ('.repeat(m / 4))).toEqual([]);
  });

  it('never throws and keeps spans in range on any string', () => {
    const chars = fc.constantFrom(...'0123456789 -.()+@:#/\\nABCXZabcé\u00a0\ud83d'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 200 }), (s) => {
        expectSound(s);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expectSound(s);
      }),
      { numRuns: 200 },
    );
  });
});
