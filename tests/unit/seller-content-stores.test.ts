import { describe, expect, it } from 'vitest';
import { SC_TEXTS } from '~/lib/rules/seller-content';
import { classBody, courseBody, emptyClassForm, emptyCourseForm, lessonBody, moved } from '~/lib/stores/seller-content';

describe('coach authoring forms', () => {
  it('course: checks before sending and turns yuan into fen', () => {
    const f = { ...emptyCourseForm(), title: ' 太极 ', cover: '/uploads/common/a.png', price: '99.5' };
    expect(courseBody(f)).toMatchObject({ title: '太极', price: 9950, level: '入门' });
    expect(courseBody({ ...f, charge: 'free', price: 'abc' }).price).toBe(0);
    expect(() => courseBody({ ...f, title: '' })).toThrow(SC_TEXTS.title);
    expect(() => courseBody({ ...f, cover: '' })).toThrow(SC_TEXTS.cover);
    expect(() => courseBody({ ...f, price: '0' })).toThrow(SC_TEXTS.priceZero);
    expect(() => courseBody({ ...f, price: '1.234' })).toThrow(SC_TEXTS.price);
    expect(() => courseBody({ ...f, label_ids: [1, 2, 3, 4, 5, 6] })).toThrow(SC_TEXTS.labels);
  });

  it('lesson: the typed position is 1-based, empty means last', () => {
    const f = { course_id: 3, title: '第一课', order: '', is_free: true, video_id: 7 };
    expect(lessonBody(f)).toEqual({ course_id: 3, title: '第一课', is_free: true, video_id: 7 });
    expect(lessonBody({ ...f, order: '2' })).toMatchObject({ sort: 1 });
    expect(() => lessonBody({ ...f, order: '0' })).toThrow(SC_TEXTS.lessonOrder);
    expect(() => lessonBody({ ...f, order: 'x' })).toThrow(SC_TEXTS.lessonOrder);
  });

  it('reordering swaps neighbours and stops at the ends', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 1, -1)).toBeNull();
    expect(moved([1, 2, 3], 3, 1)).toBeNull();
  });

  it('class: dates in order, deadline before the end, seats not below enrolled', () => {
    const f = {
      ...emptyClassForm(),
      title: '班',
      cover: '/uploads/c.png',
      city: '北京',
      venue: '馆',
      schedule: '周六',
      start_day: '2031-05-01',
      end_day: '2031-06-01',
      capacity: '10',
      price: '300',
    };
    expect(classBody(f)).toMatchObject({ capacity: 10, price: 30000, enrol_end_day: '' });
    expect(() => classBody({ ...f, end_day: '2031-04-01' })).toThrow(SC_TEXTS.endsAt);
    expect(() => classBody({ ...f, enrol_end_day: '2031-07-01' })).toThrow(SC_TEXTS.deadline);
    expect(() => classBody({ ...f, capacity: '0' })).toThrow(SC_TEXTS.seats);
    expect(() => classBody({ ...f, capacity: '3', enrolled: 5 })).toThrow(SC_TEXTS.seatsBelow(5));
    expect(() => classBody({ ...f, venue: ' ' })).toThrow(SC_TEXTS.venue);
  });
});
