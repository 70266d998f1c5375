import { z } from 'zod';

/**
 * zod for every client frame of /im (src/lib/chat/protocol.ts ClientFrame). A frame that fails
 * here is answered (`res ok:false 9001` when it carried a request id, else `error`) and dropped;
 * the socket stays open. An op's own args are checked by the op's schema (ops.ts).
 */
export const MAX_FRAME_BYTES = 64 * 1024;

const userID = z.string().regex(/^[1-9]\d{0,9}$/);

export const authFrame = z.object({
  t: z.literal('auth'),
  userID,
  userSig: z.string().min(1).max(2048),
  /** conversationID → the last sequence the client holds (at most 500 conversations). */
  resume: z
    .record(z.string().max(64), z.number().int().min(0))
    .refine((r) => Object.keys(r).length <= 500, 'too many conversations')
    .optional(),
});

export const reqFrame = z.object({
  t: z.literal('req'),
  id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
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

/** Parses raw text; null when it is not JSON or not a frame. `id` is recovered for the answer when possible. */
export function parseFrame(text: string): { frame: ParsedFrame } | { frame: null; id?: number } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { frame: null };
  }
  const r = clientFrame.safeParse(raw);
  if (r.success) return { frame: r.data };
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? { frame: null, id } : { frame: null };
}
