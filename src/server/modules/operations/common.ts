import type { StaffUser, ApiContext } from '../../http/context';

/** What every console write needs for its audit row. */
export type OpsCtx = { staff: StaffUser; c: ApiContext };

/** Text for notice HTML (notices are rendered as HTML). */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Yuan with two decimals, as notices and the console show money. */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** How the console names a seller account's owner kind: a coach, a shop, a service provider or a 分销 sharer. */
export const OWNER_KIND_TEXT: Record<string, string> = { coach: '教练', shop: '店铺', provider: '服务商', member: '推广佣金' };
export const ownerKindText = (k: string) => OWNER_KIND_TEXT[k] ?? k;
