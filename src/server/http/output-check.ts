import type { z } from 'zod';

/**
 * Where `data` leaves its output schema: a failed parse, or a field the handler sent that the
 * schema does not declare (zod would silently strip it, hiding the drift from the typed client).
 * Answers a description of the first difference, or null when `data` is exactly the contract.
 */
export function outputDrift(schema: z.ZodType, data: unknown): string | null {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join('.') || '(data)'}: ${issue?.message ?? 'invalid'}`;
  }
  return undeclared(data, parsed.data, '');
}

function undeclared(sent: unknown, kept: unknown, path: string): string | null {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      const found = undeclared(sent[i], kept[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (isPlain(sent) && isPlain(kept)) {
    for (const [k, v] of Object.entries(sent)) {
      if (v === undefined) continue;
      const at = path ? `${path}.${k}` : k;
      if (!(k in kept)) return `${at} is not declared in the output schema`;
      const found = undeclared(v, kept[k], at);
      if (found) return found;
    }
    return null;
  }
  if (sent instanceof Date) return `${path || '(data)'} is a Date; send an ISO string`;
  return null;
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
