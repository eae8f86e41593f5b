/** The attack text and the substitution of injection vectors into recorded results and arguments. */

/** AgentDojo's benchmark runs as the user "Emma Johnson"; the model name is the attacker's guess. */
export const ATTACK_USER = 'Emma Johnson';
export const ATTACK_MODEL = 'AI model';

/** The "important instructions" template with `{user}`, `{model}` and `{goal}` filled in. */
export function attackText(template: string, goal: string, user = ATTACK_USER, model = ATTACK_MODEL): string {
  return template.replaceAll('{user}', user).replaceAll('{model}', model).replaceAll('{goal}', goal);
}

const MARKER = /\{\{([A-Za-z0-9_]+)\}\}/g;

/** Vector names marked in a text, in order of first appearance. */
export function vectorsIn(text: string): string[] {
  return [...new Set([...text.matchAll(MARKER)].map((m) => m[1] ?? ''))];
}

/** Replace every `{{vector}}` whose name `texts` knows; leave others as they are. */
export function fillVectors(text: string, texts: Readonly<Record<string, string>>): string {
  return text.replace(MARKER, (whole, name: string) => texts[name] ?? whole);
}

/** The same, through arrays and objects (arguments can carry vectors too, e.g. a channel name). */
export function fillVectorsDeep(value: unknown, texts: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') return fillVectors(value, texts);
  if (Array.isArray(value)) return value.map((v) => fillVectorsDeep(v, texts));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillVectorsDeep(v, texts)]));
  }
  return value;
}
