import { z } from 'zod';
import type { StaffRole } from '../rules/staff';

/**
 * Who may call an endpoint. `member` is any logged-in user; the seller roles are checked against
 * the session (identity 2 = coach, identity 1 = shop owner, service_id > 0 = provider, SPEC §3/§6);
 * `seller` is a coach or a shop owner (finance, bank cards, orders shared by both areas).
 * `operator` is console staff (their own session cookie, never a member token); the endpoint's
 * `staff` list narrows it to some staff roles.
 */
export type Access = 'public' | 'member' | 'coach' | 'shop' | 'seller' | 'provider' | 'operator';

/**
 * One API endpoint as both sides see it: the path, who may call it, and the zod schemas of its
 * body and of the envelope's `data`. The server binds a handler to it (`endpoint()`); the browser
 * derives its call types from it (`import type` only, so zod never ships to the browser).
 */
export interface EndpointDef<
  P extends string = string,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  /** Path below /api, e.g. '/public/config'. */
  path: P;
  summary: string;
  tags: readonly string[];
  access: A;
  /** For `operator` endpoints: the staff roles allowed besides super (absent = any staff). */
  staff?: readonly StaffRole[];
  input: I;
  output: O;
  /** The envelope's msg on success (SPEC §8 shows it for some calls, e.g. logout); a function when it depends on the answer. */
  okMsg?: string | OkMsgOf<z.output<O>>;
  /** Larger bodies for uploads; default API_BODY_LIMIT_KB. */
  bodyLimitKb?: number;
}

/** A msg computed from the answer (method syntax keeps it bivariant, so any endpoint fits the generic registry). */
type OkMsgOf<D> = { msg(data: D): string }['msg'];

/** Declares an endpoint; the identity function keeps the literal path and schema types. */
export function defineEndpoint<const P extends string, I extends z.ZodType, O extends z.ZodType, A extends Access>(
  def: EndpointDef<P, I, O, A>,
): EndpointDef<P, I, O, A> {
  return def;
}

/** The body of an endpoint that takes no fields (unknown fields are ignored). */
export const noInput = z.object({});
/** The data of an endpoint that answers nothing but its msg. */
export const noOutput = z.null();
