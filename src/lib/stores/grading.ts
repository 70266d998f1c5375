import { api } from '../api/client';
import type { GradingDetail, GradingSession } from '../api/contract/grading';
import { formatDateTime } from '../format';
import { duanName, GRADING_MODE_TEXT, GRADING_TEXTS } from '../rules/grading';
import { check } from './action';
import { HOMEWORK_VIDEOS } from './homework';

/* 考评 pages (/duan, /duan/grading, /coach/grading, /cert/<no>): what they load and what they show. */

/** The session's state as a short Chinese label. */
export const STATE_TEXT: Record<GradingSession['state'], string> = {
  open: '报名中',
  full: '名额已满',
  started: '已开始',
  cancelled: '已取消',
  finished: '已结束',
};

/** 长拳·二段考评 */
export const sessionTitle = (s: Pick<GradingSession, 'style' | 'duan'>) => `${s.style}·${duanName(s.duan)}考评`;

/** Where and when, one line: 线下 at the place, online by homework video. */
export const whereText = (s: Pick<GradingSession, 'mode' | 'place' | 'starts_at'>) =>
  `${formatDateTime(s.starts_at)} · ${s.mode === 'offline' ? s.place : GRADING_MODE_TEXT.online}`;

/**
 * What the booking page's main button does for this viewer: book, go pay their unpaid order, see
 * their certificate, or nothing (with why).
 */
export type BookAction = { kind: 'book' } | { kind: 'pay'; href: string } | { kind: 'cert'; href: string } | { kind: 'none'; text: string };

export function bookAction(d: GradingDetail, pay = '/order/middle'): BookAction {
  const mine = d.mine;
  if (mine?.cert_no) return { kind: 'cert', href: `/cert/${mine.cert_no}` };
  if (mine && mine.order_status === 'unpaid' && d.state !== 'cancelled') return { kind: 'pay', href: `${pay}?id=${mine.order_id}` };
  if (mine && mine.result === 'failed') return { kind: 'none', text: '未通过，可报名下一场考评' };
  if (mine && mine.result === 'booked' && ['paid', 'completed'].includes(mine.order_status))
    return {
      kind: 'none',
      text: d.mode === 'online' ? (mine.video ? '已报名，考评视频已提交' : '已报名，请在考评前提交考评视频') : '已报名，请按时参加',
    };
  if (d.state !== 'open') return { kind: 'none', text: STATE_TEXT[d.state] };
  return { kind: 'book' };
}

/** Books a seat; answers where to go next: the pay step of the new order, or back to the page (free). */
export async function bookSeat(id: number, pay = '/order/middle'): Promise<string | null> {
  const o = await api('/member/gradingBook', { id });
  return o.status === 'unpaid' ? `${pay}?id=${o.id}` : null;
}

export const loadSession = (id: number) => api('/public/grading', { id });
export const loadCert = (no: string) => api('/public/cert', { no });
export const setHolder = (no: string, holder: string) => api('/member/certHolder', { no, holder });

/** The certificate's files, drawn by the server. */
export const certFile = (no: string, file: 'certificate.png' | 'certificate.pdf' | 'qr.png') =>
  `/api/cert/${encodeURIComponent(no)}/${file}`;

/** An instant as a `datetime-local` input's value (the browser's local time, to the minute). */
export function localInputValue(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A session may be edited while open and nobody holds a seat (the server's guard is the same). */
export const editable = (s: Pick<GradingSession, 'state' | 'booked'>) => s.state === 'open' && s.booked === 0;

/** A session id from the page's query (?id=), or null. */
export function idFromSearch(search: string): number | null {
  const n = Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * Whether the viewer hands in (or replaces) a grading video here: an online 考评 they hold a paid
 * seat of, not yet judged or cancelled (the server's guard is the same).
 */
export function handsInVideo(d: GradingDetail): boolean {
  const mine = d.mine;
  return (
    d.mode === 'online' &&
    d.state !== 'cancelled' &&
    mine !== null &&
    mine.result === 'booked' &&
    ['paid', 'completed'].includes(mine.order_status)
  );
}

/** The grading video is the member's own upload, as a homework attempt's (the member-video voucher). */
export const GRADING_VIDEOS = HOMEWORK_VIDEOS;

/** Hands in the uploaded video for session `id`; throws InputError when none was uploaded yet. */
export async function submitGradingVideo(id: number, videoId: number | null) {
  check(videoId ? null : GRADING_TEXTS.videoPick);
  return api('/member/gradingVideo', { id, video_id: videoId ?? 0 });
}
