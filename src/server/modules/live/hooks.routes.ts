import type { OpenAPIHono } from '@hono/zod-openapi';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { INT4_MAX, intField } from '~/lib/api/fields';
import { env } from '../../env';
import type { AppEnv } from '../../http/context';
import { log } from '../../log';
import { pushSecret, streamHandlers } from '../../providers/live';
import { checkPush, checkTencentCallback, STREAM_NAME } from '../../providers/live/sign';
import { takeNginxRecording } from '../../providers/live/nginx-records';

/**
 * What media servers call. Not contract endpoints: nginx-rtmp posts forms and reads
 * only the HTTP status; Tencent posts JSON and wants `{"code":0}`. Each checks its own proof (the
 * hook token; Tencent's sign) and validates its body with zod before any room hears of it.
 */

const nginxBody = z.object({
  name: z.string().regex(STREAM_NAME),
  app: z.string().optional(),
  sign: z.string().optional(),
  expire: z.string().optional(),
  path: z.string().optional(),
});

const tencentBody = z.object({
  t: z.union([z.number(), z.string()]),
  sign: z.string(),
  event_type: intField('event_type', { column: 'smallint' }),
  stream_id: z.string().regex(STREAM_NAME),
  video_url: z.url().optional(),
  // Bounded like any input: the duration becomes an int4 column, the start a timestamp (unix seconds before 2100).
  duration: z.coerce.number().min(0).max(INT4_MAX).optional(),
  start_time: intField('start_time', { column: 'int8', max: 4_102_444_800 }).optional(),
});

function sameToken(given: string | undefined, want: string | undefined): boolean {
  if (!given || !want) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerLiveHooks(api: OpenAPIHono<AppEnv>): void {
  api.post('/live/hooks/nginx/:event', async (c) => {
    const e = env();
    if (e.LIVE_MEDIA !== 'nginx') return c.text('not found', 404);
    if (!sameToken(c.req.query('token'), e.LIVE_NGINX_HOOK_TOKEN)) return c.text('forbidden', 403);
    const parsed = nginxBody.safeParse(Object.fromEntries(new URLSearchParams(await c.req.text())));
    if (!parsed.success) return c.text('bad request', 400);
    const { name, sign, expire, path } = parsed.data;
    const handlers = streamHandlers();
    switch (c.req.param('event')) {
      case 'publish': {
        const verdict = checkPush(pushSecret(), name, { sign, expire });
        if (verdict !== 'ok') {
          log.warn('live publish refused', { stream: name, reason: verdict, via: 'nginx' });
          return c.text('forbidden', 403);
        }
        return (await handlers?.started(name)) ? c.text('ok') : c.text('forbidden', 403);
      }
      case 'publish_done':
        await handlers?.ended(name);
        return c.text('ok');
      case 'record_done':
        if (path)
          void takeNginxRecording(name, path).catch((err: unknown) =>
            log.error('nginx recording not taken', { stream: name, error: String(err) }),
          );
        return c.text('ok');
      default:
        return c.text('not found', 404);
    }
  });

  api.post('/live/hooks/tencent', async (c) => {
    const e = env();
    if (e.LIVE_MEDIA !== 'tencent' || !e.LIVE_TX_CALLBACK_KEY) return c.json({ code: 404 }, 404);
    const parsed = tencentBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ code: 400 }, 400);
    const b = parsed.data;
    if (!checkTencentCallback(e.LIVE_TX_CALLBACK_KEY, b)) {
      log.warn('tencent live callback refused (sign or t)', { stream: b.stream_id });
      return c.json({ code: 403 }, 403);
    }
    const handlers = streamHandlers();
    if (b.event_type === 1) {
      if (!(await handlers?.started(b.stream_id)))
        log.warn('tencent stream began for a room that may not go live', { stream: b.stream_id });
    } else if (b.event_type === 0) {
      await handlers?.ended(b.stream_id);
    } else if (b.event_type === 100 && b.video_url) {
      await handlers?.recorded(b.stream_id, {
        url: b.video_url,
        poster: '',
        durationS: Math.round(b.duration ?? 0),
        ...(b.start_time ? { startedAt: new Date(b.start_time * 1000) } : {}),
      });
    }
    return c.json({ code: 0 });
  });
}
