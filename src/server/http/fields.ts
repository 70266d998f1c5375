import { z } from 'zod';
import { PHONE_RE } from '~/lib/rules/phone';
import { T } from '~/lib/texts';

/** Reusable input fields with the SPEC's Chinese messages. */
export const phoneField = z.string({ error: T.phoneRequired }).trim().min(1, T.phoneRequired).regex(PHONE_RE, T.phoneInvalid);

export const passwordField = z.string({ error: T.passwordRequired }).min(1, T.passwordRequired).max(64, '密码最长 64 位');

/** A positive integer id (accepts "12" as well as 12: legacy clients send strings). */
export const idField = (label = 'id') =>
  z.coerce
    .number({ error: `${label} 不正确` })
    .int(`${label} 不正确`)
    .positive(`${label} 不正确`)
    .max(2_147_483_647, `${label} 不正确`);
