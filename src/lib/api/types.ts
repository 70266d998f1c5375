import type { z } from 'zod';
import type { ApiMap } from './contract';

/** Every path the API answers (below /api). */
export type ApiPath = keyof ApiMap;
/** What a call to `P` sends: the schema's input side (strings accepted where the server coerces). */
export type ApiInput<P extends ApiPath> = z.input<ApiMap[P]['input']>;
/** The `data` of a successful answer from `P`. */
export type ApiOutput<P extends ApiPath> = z.output<ApiMap[P]['output']>;
/** One element of a list answer (`ApiItem<'/cart/list', 'groups'>`) or of a page's `list`. */
export type ApiListItem<P extends ApiPath> = ApiOutput<P> extends { list: (infer T)[] } ? T : ApiOutput<P> extends (infer T)[] ? T : never;
