import { z } from 'zod';

/**
 * Loose result schemas. The SDK's typed helpers (`client.listTools()`) drop annotation keys they
 * do not know, and those keys are the whole point here, so answers are read as plain JSON and
 * checked where they are used (as the gateway reads its upstreams).
 */
export const looseResult = z.looseObject({});
export const looseToolList = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
  nextCursor: z.string().optional(),
});

export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The message of anything thrown, for people. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
