/**
 * Instruction override in other languages: German, French, Spanish, Italian, Portuguese, Dutch,
 * Russian (a verb of dismissal, then the word for instructions) and Chinese and Japanese.
 */
import { GAP } from '../lexicon.js';
import { CJK, type Ctx, cjkRunEnd, excerpt, matchAt, type Rule, sticky } from '../rule.js';
import { voice } from './context.js';

/** The same grammar in other languages: a verb of dismissal, then the word for instructions. */
const FOREIGN = [
  String.raw`(?:ignorier(?:e|en(?:\s+sie)?|t)|vergiss|vergessen(?:\s+sie)?|missachte(?:n(?:\s+sie)?)?)(?:${GAP}(?:alle|alles|die|deine|ihre|eure|bisherigen|vorherigen|vorigen|obigen|früheren|fruheren|vorangegangenen|gegebenen|genannten)\b){0,4}${GAP}(?:anweisung|instruktion|befehl|regel|vorgabe|aufgabe|eingabe|prompt|anfrage)\w*`,
  String.raw`(?:ignore[zr]?|oublie[zr]?)(?:${GAP}(?:toutes|tous|les|des|vos|tes|ces|mes|la|le|de)\b){1,4}${GAP}(?:instructions?|consignes?|directives?|r[èe]gles?|ordres?|indications?|t[âa]che|demande)`,
  String.raw`(?:ignor(?:a|e|ar|en)|olvid(?:a|e|ar|en))${GAP}(?:todo\s+)?lo\s+que\s+(?:te|le|se\s+te)\s+(?:pidi[oó]|dijo|indic[oó]|orden[oó]|ha\s+(?:pedido|dicho))`,
  String.raw`(?:ignor(?:a|e|ar|en)|olvid(?:a|e|ar|en)|omit(?:e|a|ir))(?:${GAP}(?:todas|todos|las|los|tus|sus|estas|esas|de|anteriores|previas)\b){0,4}${GAP}(?:instrucciones|indicaciones|reglas|[óo]rdenes|directrices|tarea|petici[óo]n|solicitud)`,
  String.raw`(?:ignor(?:a|are|ate)|dimentic(?:a|are|ate))(?:${GAP}(?:tutte|tutti|le|i|gli|il|la|tue|sue|tuo|tua|queste|delle|precedenti|attuale)\b){0,4}${GAP}(?:istruzioni|indicazioni|regole|direttive|ordini|compito|richiesta)`,
  String.raw`(?:ignor(?:e|a|ar)|esque(?:ç|c)(?:a|er)|desconsider(?:e|a|ar))(?:${GAP}(?:todas|todos|as|os|a|o|suas|tuas|sua|tua|estas|anteriores|que)\b){0,4}${GAP}(?:instru(?:ç|c)(?:õ|o)es|regras|ordens|diretrizes|tarefa|pedido)`,
  String.raw`(?:negeer|vergeet)(?:${GAP}(?:alle|de|het|je|jouw|uw|vorige|eerdere|bovenstaande|huidige|oorspronkelijke)\b){0,4}${GAP}(?:instructies|opdrachten|opdracht|regels|aanwijzingen|taak|taken|verzoek|vraag)`,
  String.raw`(?:игнорируй(?:те)?|забудь(?:те)?|не\s+обращай(?:те)?\s+внимания\s+на)[^\n]{0,40}?(?:инструкци|указани|правил|команд)`,
].map((s) => sticky(s));
const JAPANESE = /(?:指示|命令|ルール|指令)[^\n。]{0,8}$/;
const FOREIGN_START = /[\u0418\u0438\u0417\u0437\u041d\u043d]/;
const CJK_DISMISS = /忽略|无视|忽视|忘记|忘掉|不要理会|无需理会|無視|忘れ/g;
const CHINESE = sticky(
  String.raw`(?:忽略|无视|忽视|忘记|忘掉|不要理会|无需理会)[^\n。]{0,12}?(?:指令|指示|说明|规则|提示|要求|命令)`,
);

/** Chinese and Japanese dismissals in the CJK run at `at`; returns the run's end. */
function cjkOverride(ctx: Ctx, at: number): number {
  const { text } = ctx;
  const stop = cjkRunEnd(text, at);
  CJK_DISMISS.lastIndex = 0;
  const run = text.slice(at, stop);
  for (let m = CJK_DISMISS.exec(run); m !== null; m = CJK_DISMISS.exec(run)) {
    const pos = at + m.index;
    const zh = matchAt(CHINESE, text, pos);
    let start = pos;
    let end = zh === null ? -1 : pos + zh[0].length;
    if (zh === null && (m[0] === '無視' || m[0] === '忘れ')) {
      // Japanese puts the object first: 以前の指示を無視して.
      const left = text.slice(Math.max(0, pos - 12), pos);
      const ja = JAPANESE.exec(left);
      if (ja !== null) {
        start = pos - left.length + ja.index;
        end = pos + 2;
      }
    }
    if (end > 0) ctx.add('override', start, end, 0.8, `instruction override: ${excerpt(text, start, end)}`);
  }
  return stop;
}

export const overrideForeign: Rule = {
  words: [
    'ignor',
    'vergiss',
    'vergessen',
    'missacht',
    'oublie',
    'olvid',
    'omit',
    'dimentic',
    'esque',
    'desconsider',
    'negeer',
    'vergeet',
  ],
  // Cyrillic И, З, Н (игнорируй, забудь, не обращай) start a word; a CJK run is searched whole.
  chars: String.raw`\u0400-\u04ff${CJK}`,
  check(ctx, at) {
    const { text } = ctx;
    const c = text.charCodeAt(at);
    if (c >= 0x3000) return cjkOverride(ctx, at);
    if (c >= 0x80 && !FOREIGN_START.test(text.charAt(at))) return undefined;
    for (const re of FOREIGN) {
      const m = matchAt(re, text, at);
      if (m === null) continue;
      const stop = at + m[0].length;
      ctx.add(
        'override',
        at,
        stop,
        0.8 * voice(text, at),
        `instruction override: ${excerpt(text, at, stop)}`,
      );
      break;
    }
    return undefined;
  },
};
