import { api } from '../api/client';
import type { FlashCard, FlashOption, SellerFlash } from '../api/contract/flash';
import { check } from './action';
import { FLASH_PHASE_TEXT, flashCountdown, type FlashKind } from '../rules/flash';

/* 秒杀: the seller's form, the buy action and what the cards show (/coach/marketing, /mechant/marketing, /flash, detail pages). */

/** A moment as the value of <input type="datetime-local"> in the browser's time zone. */
export function localInputValue(iso: string | Date): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** "course:12" / "goods:34": one <select> value for an item of either kind. */
export const optionKey = (o: { kind: FlashKind; item_id: number }) => `${o.kind}:${o.item_id}`;

export function parseOptionKey(v: string): { kind: FlashKind; item_id: number } | null {
  const [k, id] = v.split(':');
  const n = Number(id);
  if ((k !== 'course' && k !== 'goods') || !Number.isInteger(n) || n <= 0) return null;
  return { kind: k, item_id: n };
}

export const optionLabel = (o: FlashOption) =>
  `${o.kind === 'course' ? '课程' : '商品'} · ${o.title}${o.specs ? `（${o.specs}）` : ''} · ¥${(o.price / 100).toFixed(2)}${o.stock >= 0 ? ` · 库存 ${o.stock}` : ''}`;

/** Yuan typed in a form → fen (NaN stays NaN so the server's message answers it). */
export const yuanToFen = (v: string) => Math.round(Number(v) * 100);

export interface FlashForm {
  id?: number;
  item: string;
  price: string;
  stock: string;
  per_member: string;
  starts_at: string;
  ends_at: string;
}

/** Saves the form (a new sale, or the edit of one not started); the server validates everything. */
export async function saveFlashSale(f: FlashForm): Promise<number> {
  const item = parseOptionKey(f.item);
  check(item ? null : '请选择课程或商品');
  check(f.starts_at && f.ends_at ? null : '请选择开始和结束时间');
  if (!item) return 0;
  const r = await api('/seller/flash/save', {
    ...(f.id ? { id: f.id } : {}),
    ...item,
    price: yuanToFen(f.price),
    stock: Number(f.stock),
    per_member: Number(f.per_member || 1),
    starts_at: new Date(f.starts_at).toISOString(),
    ends_at: new Date(f.ends_at).toISOString(),
  });
  return r.id;
}

export function formOf(s: SellerFlash): FlashForm {
  return {
    id: s.id,
    item: s.kind === 'course' ? `course:${s.course_id ?? 0}` : `goods:${s.sku_id ?? 0}`,
    price: (s.price / 100).toFixed(2),
    stock: String(s.stock),
    per_member: String(s.per_member),
    starts_at: localInputValue(s.starts_at),
    ends_at: localInputValue(s.ends_at),
  };
}

/** A new form: starting in ten minutes, for one day. */
export function blankForm(now = Date.now()): FlashForm {
  const start = new Date(Math.ceil((now + 10 * 60_000) / 60_000) * 60_000);
  return {
    item: '',
    price: '',
    stock: '10',
    per_member: '1',
    starts_at: localInputValue(start),
    ends_at: localInputValue(new Date(start.getTime() + 86_400_000)),
  };
}

/** Where a sale's countdown points and what it says: to the start (upcoming) or to the end (running). */
export function countdownOf(
  c: Pick<FlashCard, 'phase' | 'starts_at' | 'ends_at'>,
  now = Date.now(),
): { label: string; text: string } | null {
  if (c.phase === 'upcoming') return { label: '距开始', text: flashCountdown(new Date(c.starts_at).getTime() - now) };
  if (c.phase === 'running') return { label: '距结束', text: flashCountdown(new Date(c.ends_at).getTime() - now) };
  return null;
}

/** The phase once the clock has moved since the page was rendered. */
export function livePhase(c: Pick<FlashCard, 'phase' | 'starts_at' | 'ends_at'>, now = Date.now()): FlashCard['phase'] {
  if (c.phase === 'cancelled') return c.phase;
  if (now < new Date(c.starts_at).getTime()) return 'upcoming';
  return now < new Date(c.ends_at).getTime() ? 'running' : 'ended';
}

export const phaseText = (p: FlashCard['phase']) => FLASH_PHASE_TEXT[p];

/** The detail page's 秒杀 link: the flash checkout (desktop or phone). */
export const flashBuyHref = (id: number, phone = false) => `${phone ? '/m' : ''}/flash/buy?id=${id}`;

/** Places the order; answers the order id (the pages go on to pay it). */
export async function buyFlashSale(input: { flash_id: number; num: number; address_id?: number; remark?: string }): Promise<number> {
  const r = await api('/flash/buy', { ...input, remark: input.remark ?? '' });
  return r.id;
}
