import { AsyncLocalStorage } from 'node:async_hooks';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { env } from './env';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Per-request context so every log line of a request carries its id. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

function write(level: Level, msg: string, fields?: Record<string, unknown>): void {
  if (ORDER[level] < ORDER[env().LOG_LEVEL]) return;
  const requestId = requestContext.getStore()?.requestId;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** JSON-lines logger; one line per event, request id attached automatically. */
export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};

/** The call frames of a stack, without its first lines (which repeat the message). */
const frames = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((l) => l.startsWith('    at '))
    .join('\n');

/** A database error's message with the offending value cut out (`…type integer: "abc"` → `…: "…"`). */
const redact = (msg: string) => msg.replace(/:\s*"[^"]*"\s*$/, ': "…"').slice(0, 300);

/**
 * Error details worth logging, without dumping huge objects — and without user data: a failed
 * query is logged by its statement shape ($1, $2 placeholders) and SQLSTATE, never its parameters.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  if (err instanceof DrizzleQueryError) {
    const cause = (err.cause ?? {}) as { code?: string; message?: string; table?: string; column?: string; constraint?: string };
    return {
      error: 'database query failed',
      query: err.query.slice(0, 2000),
      params: err.params.length,
      sqlstate: cause.code,
      cause: redact(cause.message ?? ''),
      ...(cause.constraint ? { constraint: cause.constraint } : {}),
      ...(cause.table ? { table: cause.table } : {}),
      stack: frames(err.stack),
    };
  }
  if (err instanceof Error) return { error: err.message.slice(0, 1000), stack: frames(err.stack) };
  return { error: String(err).slice(0, 1000) };
}
