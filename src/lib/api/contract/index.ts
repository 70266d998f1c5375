import { authApi } from './auth';
import { siteApi } from './site';

/**
 * Every endpoint contract, grouped by feature. The server registers a handler for each (a test
 * checks none is missing); the browser types its calls from `ApiMap`.
 */
export const contracts = { auth: authApi, site: siteApi } as const;

type Groups = typeof contracts;
type AllDefs = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

/** Endpoint definitions keyed by path. */
export type ApiMap = { [D in AllDefs as D['path']]: D };

/** Every contract as a flat list (registration checks, fuzzing). */
export const allEndpoints = Object.values(contracts).flatMap((g) => Object.values(g));
