import type { Context } from 'hono';
import { env } from '../env';
import type { StaffRole } from '~/lib/rules/staff';

/** The logged-in user as the API sees it for one request. */
export interface SessionUser {
  id: number;
  sessionId: number;
  phone: string | null;
  nickName: string;
  avatar: string;
  identity: number;
  serviceId: number;
}

/**
 * Looks a bearer token up (`ip`: the caller's address, recorded as the session's last one);
 * injected by createApi() so endpoint() does not depend on the auth module.
 */
export type SessionResolver = (token: string, ip: string) => Promise<SessionUser | null>;

/** A console staff member as operator endpoints see them. */
export interface StaffUser {
  id: number;
  phone: string;
  name: string;
  role: StaffRole;
}

/** Looks a staff session token up (the console's httpOnly cookie); injected like SessionResolver. */
export type StaffResolver = (token: string) => Promise<StaffUser | null>;

/** Hono environment of the API app. */
export interface AppEnv {
  Variables: {
    requestId: string;
    resolveSession: SessionResolver;
    resolveStaff: StaffResolver;
    /** Memoised session lookup of this request (undefined = not looked up yet). */
    sessionUser?: SessionUser | null;
    /** Memoised staff lookup of this request (operator endpoints). */
    staffUser?: StaffUser | null;
  };
}

export type ApiContext = Context<AppEnv>;

/** The client kind from the authSource header (SPEC §7); anything unknown counts as web. */
export function authSource(c: ApiContext): string {
  const v = (c.req.header('authSource') ?? 'web').toLowerCase();
  return ['web', 'h5', 'app', 'mini'].includes(v) ? v : 'web';
}

const CLIENT_ADDRESS = Symbol.for('astro.clientAddress');

/**
 * The caller's address: the socket address Astro's Node adapter recorded on the request, or the
 * first X-Forwarded-For hop when TRUST_PROXY is set (behind nginx). Requests made in-process
 * (tests) carry no socket and fall back to the headers.
 */
export function clientIp(c: ApiContext): string {
  const fromHeaders = () => (c.req.header('x-forwarded-for')?.split(',')[0] ?? c.req.header('x-real-ip') ?? '').trim();
  const socket = Reflect.get(c.req.raw, CLIENT_ADDRESS) as string | undefined;
  const ip = env().TRUST_PROXY || !socket ? fromHeaders() || socket || '' : socket;
  return ip.slice(0, 64);
}

/** Who is opening a session with this request: client kind, address and User-Agent. */
export function sessionMeta(c: ApiContext): { source: string; ip: string; userAgent: string } {
  return { source: authSource(c), ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '' };
}
