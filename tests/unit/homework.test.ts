import { describe, expect, it } from 'vitest';
import { dueDay, dueText, homeworkState, homeworkStateText } from '~/lib/stores/homework';
import type { MyAttempt } from '~/lib/api/contract/homework';

const attempt = (over: Partial<MyAttempt>): MyAttempt => ({
  id: 1,
  attempt: 1,
  status: 'new',
  score: null,
  verdict: '',
  note: '',
  poster: '',
  created_at: '2025-06-01T00:00:00.000Z',
  reviewed_at: null,
  ...over,
});

describe('homework state', () => {
  it('follows the latest attempt: 未提交, 待点评, 已点评 with score and verdict', () => {
    expect(homeworkState({ attempts: [] })).toBe('todo');
    expect(homeworkStateText({ attempts: [] })).toBe('未提交');
    expect(homeworkStateText({ attempts: [attempt({ status: 'reviewed', score: 86, verdict: '合格' })] })).toBe('已点评 · 86 分 · 合格');
    // A new attempt after a critique waits again.
    expect(homeworkStateText({ attempts: [attempt({ status: 'reviewed', score: 60 }), attempt({ id: 2, attempt: 2 })] })).toBe('待点评');
  });

  it('shows the due day as the Beijing date the coach picked', () => {
    expect(dueDay('2099-12-31T15:59:59.999Z')).toBe('2099-12-31');
    expect(dueDay(null)).toBe('');
    expect(dueText(null)).toBe('不限截止时间');
  });
});
