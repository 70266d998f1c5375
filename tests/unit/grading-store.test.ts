import { describe, expect, it } from 'vitest';
import type { GradingDetail } from '~/lib/api/contract/grading';
import { bookAction, editable, handsInVideo, idFromSearch, localInputValue, sessionTitle } from '~/lib/stores/grading';
import { CERT_NO_RE, duanName } from '~/lib/rules/grading';

const base: GradingDetail = {
  id: 7,
  label_id: 1,
  style: '长拳',
  duan: 2,
  mode: 'offline',
  place: '佛山',
  starts_at: '2030-01-01T02:00:00.000Z',
  seats: 5,
  booked: 1,
  seats_left: 4,
  price: 1000,
  intro: '',
  state: 'open',
  examiner: { id: 1, name: '教练', avatar: '' },
  mine: null,
};

describe('grading booking page', () => {
  it('offers 报名 only while open and not held', () => {
    expect(bookAction(base)).toEqual({ kind: 'book' });
    expect(bookAction({ ...base, state: 'full' })).toEqual({ kind: 'none', text: '名额已满' });
    expect(bookAction({ ...base, state: 'cancelled' })).toEqual({ kind: 'none', text: '已取消' });
  });

  it('leads an unpaid order to its pay step and a pass to the certificate', () => {
    const unpaid = { ...base, mine: { order_id: 9, order_status: 'unpaid', result: null, cert_no: '', video: null } };
    expect(bookAction(unpaid, '/m/pay')).toEqual({ kind: 'pay', href: '/m/pay?id=9' });
    const passed = {
      ...base,
      state: 'finished' as const,
      mine: { order_id: 9, order_status: 'paid', result: 'passed' as const, cert_no: 'GFX', video: null },
    };
    expect(bookAction(passed)).toEqual({ kind: 'cert', href: '/cert/GFX' });
    const booked = { ...base, mine: { order_id: 9, order_status: 'paid', result: 'booked' as const, cert_no: '', video: null } };
    expect(bookAction(booked)).toEqual({ kind: 'none', text: '已报名，请按时参加' });
  });

  it('asks a candidate of an online 考评 for the grading video until judged', () => {
    const seat = { order_id: 9, order_status: 'paid', result: 'booked' as const, cert_no: '', video: null };
    const online = { ...base, mode: 'online' as const, mine: seat };
    expect(handsInVideo(online)).toBe(true);
    expect(bookAction(online)).toEqual({ kind: 'none', text: '已报名，请在考评前提交考评视频' });
    const sent = { ...online, mine: { ...seat, video: { url: '/v', poster: '', duration_s: 3, at: '2030-01-01T00:00:00.000Z' } } };
    expect(bookAction(sent)).toEqual({ kind: 'none', text: '已报名，考评视频已提交' });
    expect(handsInVideo(sent)).toBe(true);
    expect(handsInVideo({ ...online, mine: { ...seat, result: 'passed' } })).toBe(false);
    expect(handsInVideo({ ...online, mine: { ...seat, order_status: 'unpaid' } })).toBe(false);
    expect(handsInVideo({ ...online, state: 'cancelled' })).toBe(false);
    expect(handsInVideo({ ...online, mode: 'offline' })).toBe(false);
    expect(handsInVideo({ ...online, mine: null })).toBe(false);
  });

  it('names sessions and reads ids', () => {
    expect(sessionTitle(base)).toBe('长拳·二段考评');
    expect(duanName(9)).toBe('九段');
    expect(idFromSearch('?id=12')).toBe(12);
    expect(idFromSearch('?id=abc')).toBeNull();
    expect(CERT_NO_RE.test('GFABCDEFGHIJKLMNOPQRST')).toBe(true);
    expect(CERT_NO_RE.test('GF123')).toBe(false);
  });
});

describe('the examiner edit form', () => {
  it('is offered only for an open session nobody booked', () => {
    expect(editable({ state: 'open', booked: 0 })).toBe(true);
    expect(editable({ state: 'open', booked: 1 })).toBe(false);
    expect(editable({ state: 'cancelled', booked: 0 })).toBe(false);
  });
  it('fills the time input with the same instant in local time', () => {
    const iso = '2030-01-01T02:05:00.000Z';
    const v = localInputValue(iso);
    expect(v).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(v).toISOString()).toBe(iso);
  });
});
