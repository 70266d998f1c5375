import { z } from 'zod';
import { defineEndpoint, noInput } from '../define';

const tags = ['公共'];

/** Public site data: config, adverts, customer service (SPEC §7 "Public"). */
export const siteApi = {
  config: defineEndpoint({
    path: '/public/config',
    summary: '读取配置（keys 为逗号分隔的键名）',
    tags,
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
  }),
  adverts: defineEndpoint({
    path: '/public/adverts',
    summary: '某个位置的广告',
    tags,
    access: 'public',
    input: z.object({
      position: z
        .string({ error: '请提供广告位' })
        .trim()
        .min(1, '请提供广告位')
        .max(32, '广告位不正确')
        .regex(/^[a-z0-9_]+$/, '广告位不正确')
        .default('home_banner'),
    }),
    output: z.array(z.object({ id: z.number().int(), title: z.string(), image: z.string(), link: z.string() })),
  }),
  wxJsConfig: defineEndpoint({
    path: '/index/wxJsConfig',
    summary: '微信 JS-SDK 配置签名（公众号分享卡片）',
    tags,
    access: 'public',
    input: z.object({
      url: z
        .string({ error: '请提供页面地址' })
        .trim()
        .min(1, '请提供页面地址')
        .max(2000, '页面地址太长')
        .regex(/^https?:\/\//i, '页面地址不正确')
        .describe('当前页面的完整地址（# 及其后部分不参与签名）'),
    }),
    output: z.object({
      appId: z.string(),
      timestamp: z.number().int().describe('秒'),
      nonceStr: z.string(),
      signature: z.string().describe('sha1(jsapi_ticket=…&noncestr=…&timestamp=…&url=…)'),
    }),
  }),
  kefu: defineEndpoint({
    path: '/public/kefu',
    summary: '客服联系方式',
    tags,
    access: 'public',
    input: noInput,
    output: z.object({ phone: z.string(), qq: z.string(), wechat: z.string(), service_qr_code: z.string(), work_time: z.string() }),
  }),
};
