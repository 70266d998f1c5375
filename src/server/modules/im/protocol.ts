import { z } from 'zod';
import { INT4_MAX, intValue } from '~/lib/api/fields';
import { badInput } from '../../http/input-guard';

/**
 * zod for every client frame of /im (src/lib/chat/protocol.ts ClientFrame). A frame that fails
 * here is answered (`res ok:false 9001` when it carried a request id, else `error`) and dropped;
 * the socket stays open. An op's own args are checked by the op's schema (ops.ts).
 */
export const MAX_FRAME_BYTES = 64 * 1024;

/** A user id as chat writes it (String(users.id)): digits within the int4 column. */
export const chatUserID = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, '用户ID不正确')
  .refine((v) => Number(v) <= INT4_MAX, '用户ID不正确');
const userID = chatUserID;

export const authFrame = z.object({
  t: z.literal('auth'),
  userID,
  userSig: z.string().min(1).max(2048),
  /**
   * The login session's token (the API's authToken). Optional here so that a frame without one is
   * answered as the failed login it is (sessionEnded, 4001), not as a malformed frame.
   */
  token: z.string().min(1).max(128).optional(),
  /** conversationID → the last sequence the client holds (at most 500 conversations). */
  resume: z
    .record(z.string().max(64), intValue('sequence'))
    .refine((r) => Object.keys(r).length <= 500, 'too many conversations')
    .optional(),
});

export const reqFrame = z.object({
  t: z.literal('req'),
  id: intValue('id', { column: 'int8' }),
  op: z.string().min(1).max(64),
  args: z.array(z.unknown()).max(4),
});

export const clientFrame = z.discriminatedUnion('t', [
  authFrame,
  reqFrame,
  z.object({ t: z.literal('ping') }),
  z.object({ t: z.literal('pong') }),
]);
export type ParsedFrame = z.infer<typeof clientFrame>;

/**
 * Parses raw text; null when it is not JSON or not a frame. `id` is recovered for the answer when
 * possible. Before zod, the HTTP API's own guard (input-guard.ts) refuses NUL characters, unpaired
 * surrogates and deep nesting anywhere in the frame, so no op hands the database what it cannot
 * store; `msg` then says which field.
 */
export function parseFrame(text: string): { frame: ParsedFrame } | { frame: null; id?: number; msg?: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { frame: null };
  }
  const id = (raw as { id?: unknown } | null)?.id;
  const known = typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? { id } : {};
  const bad = badInput(raw);
  if (bad) return { frame: null, ...known, msg: bad };
  const r = clientFrame.safeParse(raw);
  if (r.success) return { frame: r.data };
  return { frame: null, ...known };
}
