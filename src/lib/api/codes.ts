/**
 * Envelope codes of the API (DESIGN.md §3). HTTP status is 200 for all of them except 500.
 * 100 and 101 are the two codes SPEC §8 says the client rejects outright.
 */
export const Code = {
  OK: 200,
  /** Refused: validation or business rule; msg says why in Chinese. */
  REFUSED: 100,
  /** Login required, or the token expired or was revoked. */
  LOGIN: 101,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** The response envelope of every /api call (SPEC §7). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  info: string;
  data: T;
}
