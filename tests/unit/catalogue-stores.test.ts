import { beforeEach, describe, expect, it, vi } from 'vitest';

/* The API client is replaced by a scripted server: `reply` answers each call, `calls` records them. */
const calls: { path: string; body: unknown }[] = [];
let reply: (path: string, body: Record<string, unknown>) => unknown = () => null;
vi.mock('~/lib/api/client', () => {
  const send = async (path: string, body: Record<string, unknown> = {}) => {
    calls.push({ path, body });
    return reply(path, body);
  };
  return {
    api: send,
    apiKeepalive: send,
    errorText: (err: unknown) => (err instanceof Error ? err.message : '服务器开小差了'),
  };
});
vi.mock('~/lib/toast', () => ({ toast: { success: () => {}, error: () => {}, warning: () => {}, info: () => {} } }));

const { InputError } = await import('~/lib/stores/action');
const { $session } = await import('~/lib/stores/session');
const { $dialog } = await import('~/lib/stores/ui');
const { createFavourite, createFollow, flipFollow } = await import('~/lib/stores/social');
const { $watchableCourses, allUnlocked, createLessonPlayer, firstPlayable, isLocked, mergeProgress, nextToStudy, resumeAt } =
  await import('~/lib/stores/lesson-player');
const { createMyList, MY_LIST_LIMIT } = await import('~/lib/stores/my-lists');

type User = NonNullable<ReturnType<typeof $session.get>>;
const member = { user_id: 7, token: 'tok' } as User;

beforeEach(() => {
  calls.length = 0;
  reply = () => null;
  $session.set(member);
  $dialog.set('none');
});

/** A promise the test resolves or rejects when it likes. */
function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('follow (SPEC §4)', () => {
  const coach = { type: 'coach' as const, id: 3, uid: 30 };

  it('flips the state and moves the fans count by one', () => {
    expect(flipFollow({ is_follow: 0, fans_count: 9 })).toEqual({ is_follow: 1, fans_count: 10 });
    expect(flipFollow({ is_follow: 1, fans_count: 0 })).toEqual({ is_follow: 0, fans_count: 0 });
  });

  it('shows the new state at once, sends status 1 for coach_id, then refetches the info', async () => {
    const f = createFollow(coach, 9);
    const sent = later<unknown>();
    reply = (path) => (path === '/member/follow' ? sent.promise : { is_follow: 1, fans_count: 11, id: 3 });
    const done = f.toggle();
    expect(f.$follow.get()).toEqual({ is_follow: 1, fans_count: 10 });
    sent.resolve({ is_follow: 1, fans_count: 10 });
    expect(await done).toEqual({ is_follow: 1, fans_count: 11 });
    expect(calls).toEqual([
      { path: '/member/follow', body: { status: 1, coach_id: 3 } },
      { path: '/coach/public/info', body: { coach_id: 3 } },
    ]);
  });

  it('sends status 0 with shop_id to unfollow a shop', async () => {
    const f = createFollow({ type: 'mechant', id: 5, uid: 50 }, 4);
    f.$follow.set({ is_follow: 1, fans_count: 4 });
    reply = (path) => (path === '/member/follow' ? { is_follow: 0, fans_count: 3 } : Promise.reject(new Error('offline')));
    // The refetch failing keeps the follow answer.
    expect(await f.toggle()).toEqual({ is_follow: 0, fans_count: 3 });
    expect(calls[0]).toEqual({ path: '/member/follow', body: { status: 0, shop_id: 5 } });
  });

  it('puts the state back when the server refuses', async () => {
    const f = createFollow(coach, 9);
    reply = () => Promise.reject(new Error('操作太频繁'));
    await expect(f.toggle()).rejects.toThrow('操作太频繁');
    expect(f.$follow.get()).toEqual({ is_follow: 0, fans_count: 9 });
  });

  it('refuses guests (opening the login dialog) and following yourself, without a call', async () => {
    $session.set(null);
    await expect(createFollow(coach, 1).toggle()).rejects.toMatchObject({ message: '请先登录', level: 'warning' });
    expect($dialog.get()).toBe('login');
    $session.set({ ...member, user_id: 30 });
    const self = createFollow(coach, 1).toggle();
    await expect(self).rejects.toBeInstanceOf(InputError);
    await expect(self).rejects.toMatchObject({ message: '不能关注自己' });
    expect(calls).toEqual([]);
  });
});

describe('favourites', () => {
  it('loads the viewer state from the detail answer, only when logged in', async () => {
    reply = () => ({ is_favorite: 1 });
    const fav = createFavourite('goods', 8);
    await fav.load();
    expect(fav.$on.get()).toBe(true);
    expect(calls).toEqual([{ path: '/goods/detail', body: { id: 8 } }]);
    $session.set(null);
    await createFavourite('course', 1).load();
    expect(calls).toHaveLength(1);
  });

  it('flips at once and goes back on a refusal', async () => {
    const fav = createFavourite('course', 2);
    reply = () => ({ is_favorite: 1 });
    expect(await fav.toggle()).toBe(true);
    expect(calls[0]).toEqual({ path: '/member/favorite', body: { type: 'course', id: 2, status: 1 } });
    const sent = later<unknown>();
    reply = () => sent.promise;
    const undo = fav.toggle();
    expect(fav.$on.get()).toBe(false);
    sent.reject(new Error('收藏的内容不存在'));
    await expect(undo).rejects.toThrow('收藏的内容不存在');
    expect(fav.$on.get()).toBe(true);
  });
});

describe('the lesson player', () => {
  const lessons = [
    { id: 1, title: '一', duration: 60, is_free: 0 as const, video: '' },
    { id: 2, title: '二', duration: 60, is_free: 1 as const, video: '/v/2.webm' },
    { id: 3, title: '三', duration: 60, is_free: 0 as const, video: '' },
  ];

  /** A lesson's progress with nothing played yet. */
  const none = { lesson_id: 1, position: 0, finished: 0 as 0 | 1, watched_s: 0, percent: 0, study_s: 0 };

  it('plays the first unlocked lesson and resumes unfinished ones', () => {
    expect(isLocked(lessons[0] as (typeof lessons)[number])).toBe(true);
    expect(firstPlayable(lessons)?.id).toBe(2);
    expect(firstPlayable([])).toBeNull();
    expect(resumeAt(undefined)).toBe(0);
    expect(resumeAt({ ...none, position: 95 })).toBe(95);
    expect(resumeAt({ ...none, position: 95, finished: 1 })).toBe(0);
  });

  it('offers 开始学习 only when every lesson plays for the viewer', () => {
    expect(allUnlocked(lessons)).toBe(false);
    expect(allUnlocked(lessons.map((l) => ({ ...l, video: `/v/${l.id}.webm` })))).toBe(true);
    expect(allUnlocked([])).toBe(false);
  });

  it('starts a returning member at the first playable lesson they have not finished', () => {
    const open = lessons.map((l) => ({ ...l, video: `/v/${l.id}.webm` }));
    const done = new Map([[1, { ...none, position: 60, finished: 1 as const }]]);
    expect(nextToStudy(open, done)?.id).toBe(2);
    expect(nextToStudy(lessons, new Map())?.id).toBe(2);
    const all = new Map(open.map((l) => [l.id, { ...none, lesson_id: l.id, position: 60, finished: 1 as const }]));
    expect(nextToStudy(open, all)?.id).toBe(1);
  });

  it('takes the server answer but keeps a finished lesson finished', () => {
    let m = mergeProgress(new Map(), { ...none, position: 40, finished: 1 });
    m = mergeProgress(m, { ...none, position: 20, watched_s: 30, percent: 50 });
    expect(m.get(1)).toEqual({ ...none, position: 20, finished: 1, watched_s: 30, percent: 50 });
  });

  it('reports the ranges played since the last report, at most every 10 s unless forced', async () => {
    let now = 1_000_000;
    const p = createLessonPlayer(9, lessons, () => now);
    const answer = (body: Record<string, unknown>) => ({ ...none, lesson_id: 2, position: body['position'], finished: 0 });
    reply = (path, body) =>
      path === '/course/detail'
        ? { can_watch_all: 1, lessons: lessons.map((l) => ({ ...l, video: `/v/${l.id}.webm` })) }
        : path === '/course/myProgress'
          ? [{ ...none, lesson_id: 2, position: 50 }]
          : answer(body);
    expect($watchableCourses.get().has(9)).toBe(false);
    await p.loadForViewer();
    expect(p.$lessons.get().every((l) => !isLocked(l))).toBe(true);
    // The course page's header now offers 开始学习 instead of 立即购买.
    expect($watchableCourses.get().has(9)).toBe(true);
    expect(p.resumeAt(lessons[1] as (typeof lessons)[number])).toBe(50);

    const l2 = lessons[1] as (typeof lessons)[number];
    p.played.play();
    for (let t = 50; t <= 61.5; t += 0.5) p.played.time(t);
    now += 12_000;
    expect(await p.report(l2, 61.7, false)).toBe(true);
    now += 5_000;
    expect(await p.report(l2, 66, false)).toBe(false);
    // A seek to the end counts nothing: only the stretch played before it.
    p.played.time(62.5);
    p.played.time(64);
    p.played.seeking();
    p.played.time(118);
    p.played.pause();
    reply = () => {
      throw new Error('网络错误');
    };
    expect(await p.report(l2, 118, false, true)).toBe(false);
    now += 10_000;
    reply = (_path, body) => ({ ...answer(body), finished: 1 });
    expect(await p.report(l2, 120, true)).toBe(true);
    expect(calls.filter((c) => c.path === '/course/progress').map((c) => c.body)).toEqual([
      { lesson_id: 2, position: 61, ended: false, ranges: [[50, 61.5]], study_s: 12 },
      { lesson_id: 2, position: 118, ended: false, ranges: [[61.5, 64]], study_s: 5 },
      // The failed report's stretch and time go out again with the next one.
      { lesson_id: 2, position: 120, ended: true, ranges: [[61.5, 64]], study_s: 5 },
    ]);
    expect(p.$progress.get().get(2)).toMatchObject({ position: 120, finished: 1 });
  });

  it('fetches a fresh signed URL for a lesson whose URL expired (guests too); a lesson now locked gives none', async () => {
    $session.set(null);
    const p = createLessonPlayer(9, lessons);
    reply = () => ({ lessons: lessons.map((l) => (l.id === 2 ? { ...l, video: '/v/2.webm?e=2&s=new' } : l)) });
    expect((await p.refreshLesson(2))?.video).toBe('/v/2.webm?e=2&s=new');
    expect(p.$lessons.get().find((l) => l.id === 2)?.video).toBe('/v/2.webm?e=2&s=new');
    expect(calls).toEqual([{ path: '/course/detail', body: { id: 9 } }]);
    expect(await p.refreshLesson(1)).toBeNull();
    reply = () => {
      throw new Error('网络错误');
    };
    expect(await p.refreshLesson(2)).toBeNull();
  });

  it('plays a lesson clicked while the buyer’s access is still loading, asking the server once', async () => {
    const p = createLessonPlayer(9, lessons);
    const detail = later<unknown>();
    reply = (path) => (path === '/course/detail' ? detail.promise : []);
    const loading = p.loadForViewer();
    // The click lands on lesson 3 while the page still shows the guest view (locked).
    expect(isLocked(p.$lessons.get().find((l) => l.id === 3) as (typeof lessons)[number])).toBe(true);
    const clicked = p.playable(3);
    detail.resolve({ lessons: lessons.map((l) => ({ ...l, video: `/v/${l.id}.webm` })) });
    expect((await clicked)?.video).toBe('/v/3.webm');
    await loading;
    expect(calls.filter((c) => c.path === '/course/detail')).toHaveLength(1);
  });

  it('keeps a locked lesson locked for a viewer who has not bought it, and for a guest', async () => {
    const p = createLessonPlayer(9, lessons);
    reply = (path) => (path === '/course/detail' ? { lessons } : []);
    expect(await p.playable(3)).toBeNull();
    $session.set(null);
    expect(await createLessonPlayer(9, lessons).playable(3)).toBeNull();
  });

  it('reports nothing for a guest', async () => {
    $session.set(null);
    const p = createLessonPlayer(9, lessons);
    await p.loadForViewer();
    expect(await p.report(lessons[1] as (typeof lessons)[number], 10, true)).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('my lists', () => {
  const fav = (id: number) => ({
    type: 'course' as const,
    id,
    title: `课${id}`,
    cover: '',
    price: 0,
    created_at: '2026-01-01T00:00:00.000Z',
  });

  it('pages favourites of the chosen type and starts a new tab at page 1', async () => {
    reply = (_p, body) => ({ list: [fav(Number(body['page']))], total: 30, page: body['page'], limit: MY_LIST_LIMIT });
    const s = createMyList('favorite');
    await s.load();
    await s.setPage(2);
    expect(s.$list.get().data).toMatchObject({ kind: 'favorite', page: 2 });
    await s.setFavType('goods');
    expect(s.$list.get()).toMatchObject({ favType: 'goods', page: 1 });
    expect(calls.map((c) => c.body)).toEqual([
      { page: 1, limit: 12, type: 'course' },
      { page: 2, limit: 12, type: 'course' },
      { page: 1, limit: 12, type: 'goods' },
    ]);
  });

  it('shows only the newest answer when pages are clicked quickly', async () => {
    const slow = later<unknown>();
    reply = (_p, body) => (body['page'] === 2 ? slow.promise : { list: [], total: 0, page: body['page'], limit: 12 });
    const s = createMyList('fans');
    const first = s.setPage(2);
    await s.setPage(1);
    slow.resolve({ list: [{ user_id: 1, nick_name: 'x', avatar: '', followed_at: '' }], total: 13, page: 2, limit: 12 });
    await first;
    expect(s.$list.get().data).toMatchObject({ kind: 'fans', page: 1, list: [] });
  });

  it('steps back a page when the last item of a later page is removed', async () => {
    const focus = (id: number) => ({ type: 'coach', id, name: `教练${id}`, avatar: '', desc: '', fans_count: 1 });
    let rows = Array.from({ length: 13 }, (_, i) => focus(i + 1));
    reply = (path, body) => {
      if (path === '/member/follow') {
        rows = rows.filter((r) => r.id !== body['coach_id']);
        return { is_follow: 0, fans_count: 0 };
      }
      const page = Number(body['page']);
      return { list: rows.slice((page - 1) * 12, page * 12), total: rows.length, page, limit: 12 };
    };
    const s = createMyList('focus');
    await s.setPage(2);
    const data = s.$list.get().data;
    if (data?.kind !== 'focus') throw new Error('expected the focus list');
    await s.unfollow(data.list[0] as (typeof data.list)[number]);
    expect(calls.find((c) => c.path === '/member/follow')?.body).toEqual({ status: 0, coach_id: 13 });
    expect(s.$list.get()).toMatchObject({ page: 1, data: { page: 1, total: 12 } });
  });

  it('keeps the failure text for the view', async () => {
    reply = () => Promise.reject(new Error('登录已过期'));
    const s = createMyList('favorite');
    await s.load();
    expect(s.$list.get().error).toBe('登录已过期');
  });
});
