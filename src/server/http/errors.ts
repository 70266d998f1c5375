import { Code } from '~/lib/api/codes';
import { T } from '~/lib/texts';

/** A refusal the client should see: becomes the envelope {code, msg, info}. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly info = '',
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

/** 100: the request breaks a validation or business rule. */
export const refuse = (msg: string, info = '') => new AppError(Code.REFUSED, msg, info);
/** 101: login required, or the session is gone. */
export const needLogin = (msg: string = T.loginFirst) => new AppError(Code.LOGIN, msg);
export const forbidden = (msg: string = T.forbidden) => new AppError(Code.FORBIDDEN, msg);
export const notFound = (msg: string = T.notFound) => new AppError(Code.NOT_FOUND, msg);
export const tooMany = (msg: string = T.tooManyRequests) => new AppError(Code.RATE_LIMITED, msg);
