import { z } from 'zod';

/**
 * Loose result schemas. The SDK's typed helpers (`client.listTools()`) strip annotation keys they
 * do not know, and those keys are the whole point here, so upstream answers are read as plain
 * JSON and checked where they are used.
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
  if (err instanceof Error) return err.message;
  return String(err);
}
