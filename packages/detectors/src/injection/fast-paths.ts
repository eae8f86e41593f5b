/**
 * The switch for the fast paths: the checks that rule an expression out before running it (first
 * characters of sticky matchers, last words before a position, the imperative and destination
 * readers), the searches that stand in for the trigger expressions (`symbol-search.ts`,
 * `word-search.ts`), the classifier tokeniser's shortcuts over separators, the PII gate's log
 * dates (`isLogDate`), the packed-link reader (`packsWords`) and link ends (`isLinkChar`), the
 * exfiltration rule's query-less URLs, slot characters (`MAY_HOLD_SLOT`) and defining words
 * (`mayDefine`), the places where the symbols may start the classifier's scan listed (`placeCount`), PII's digit
 * runs from where the scan saw six digits close together (`digitRunFrom`), and the encoded
 * readings' cue offsets, "decod" where the scan saw none (`watchedFrom`), rot13's "13" and base64
 * starts. Always on; the tests turn it off to read the same texts the slow way and compare the
 * findings.
 */
export const fastPaths = { on: true };
