import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { advertsAt, configValues, kefu } from './site.service';

/** Public site data: config, adverts, customer service (SPEC §7 "Public"). */
export function registerSite(api: OpenAPIHono<AppEnv>): void {
  endpoint(
    api,
    {
      path: '/public/config',
      summary: '读取配置（keys 为逗号分隔的键名）',
      tags: ['公共'],
      access: 'public',
      input: z.object({
        keys: z
          .string({ error: '请提供 keys' })
          .trim()
          .min(1, '请提供 keys')
          .max(1000, 'keys 太长')
          .transform((s) => [
            ...new Set(
              s
                .split(',')
                .map((k) => k.trim())
                .filter(Boolean),
            ),
          ])
          .refine((ks) => ks.length > 0 && ks.length <= 50, '一次最多读取 50 个配置')
          .refine((ks) => ks.every((k) => /^[A-Za-z0-9_]{1,64}$/.test(k)), '配置键名只能包含字母、数字和下划线'),
      }),
      output: z.record(z.string(), z.string()),
    },
    ({ input }) => configValues(input.keys),
  );

  endpoint(
    api,
    {
      path: '/public/adverts',
      summary: '某个位置的广告',
      tags: ['公共'],
      access: 'public',
      input: z.object({
        position: z.string({ error: '请提供广告位' }).trim().min(1, '请提供广告位').max(32, '广告位不正确').default('home_banner'),
      }),
      output: z.array(z.object({ id: z.number().int(), title: z.string(), image: z.string(), link: z.string() })),
    },
    ({ input }) => advertsAt(input.position),
  );

  endpoint(
    api,
    {
      path: '/public/kefu',
      summary: '客服联系方式',
      tags: ['公共'],
      access: 'public',
      output: z.object({ phone: z.string(), qq: z.string(), wechat: z.string(), service_qr_code: z.string(), work_time: z.string() }),
    },
    () => kefu(),
  );
}
