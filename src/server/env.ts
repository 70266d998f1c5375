import { z } from 'zod';

/** `HOST=` in a copied .env means "the default", not an empty address. */
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Configuration, parsed once from process.env. This module is the only reader of process.env. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * The HTTP listener (server.mjs, `astro dev`): loopback unless HOST is set, so a demo with published
   * passwords and the sandbox gateway is not on the network by accident.
   */
  PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(65535).default(4321)),
  HOST: z.preprocess(blankIsUnset, z.string().optional()),
  /** Public origin of this site (QR codes, OAuth callbacks, share links); default: the listener's address. */
  SITE_URL: z.preprocess(blankIsUnset, z.url().optional()),
  /** Embedded PGlite data and local uploads live here. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… switches from embedded PGlite to PostgreSQL. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须以 postgres:// 开头')
    .optional(),
  /**
   * Set by server.mjs, not by operators: the loopback address of the PGlite worker thread
   * (scripts/pglite-worker.mjs) that holds DATA_DIR's database.
   */
  PGLITE_WORKER_URL: z
    .string()
    .regex(/^postgres:\/\//)
    .optional(),
  /** Rendered guest pages kept in memory (MiB; 0 turns the page cache off) and for how long (seconds). */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).default(16),
  PAGE_CACHE_TTL_S: z.coerce.number().int().positive().default(30),
  /** Prefix for relative image paths (SPEC §9); empty = same origin. */
  MEDIA_URL: z.string().default(''),
  /**
   * A second host for the mobile site (SPEC §2), pointing at this same deployment (m.example.com behind
   * the same nginx): phones and tablets are sent there, and every page request to it is a mobile one.
   * Unset: the mobile site is served at this site's own origin under /m (src/pages/m).
   */
  MOBILE_SITE_ORIGIN: z.url().optional(),
  /** Maximum JSON request body for /api, in KiB. */
  API_BODY_LIMIT_KB: z.coerce.number().int().positive().default(1024),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Secret for signatures (IM user_sig, captcha…); generated into DATA_DIR when absent. */
  APP_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Queries slower than this (ms) are logged with their statement shape (never their values). */
  SLOW_QUERY_MS: z.coerce.number().int().positive().default(200),
  /** Seconds between runs of the shared background jobs (closing unpaid orders, settling); tests shorten it. */
  JOBS_TICK_S: z.coerce.number().int().min(1).max(3600).default(60),
  /** Bearer token for GET /metrics (Prometheus); without it /metrics does not exist. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN 至少 16 个字符').optional(),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  TRUST_PROXY: z.stringbool().default(false),
  /** redis://… shares rate limits (login lockout) across app instances; memory otherwise. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL 必须以 redis:// 开头')
    .optional(),
  /** Prefix of Redis keys and pub/sub channels (chat, cache bus; several deployments on one Redis). */
  IM_REDIS_PREFIX: z.string().max(32).default('gongfu:im:'),

  /**
   * Chat: `local` runs our own IM server on /im (no cloud account); `tim` uses Tencent
   * Cloud IM (tim-js-sdk in the browser, the REST API from the server) and needs the two TIM_ values.
   */
  IM_PROVIDER: z.enum(['local', 'tim']).default('local'),
  /** The SDKAppID the local IM server signs user_sig with (any number; Tencent's are 14000xxxxx). */
  IM_SDK_APP_ID: z.coerce.number().int().positive().default(1400000000),
  TIM_SDK_APP_ID: z.coerce.number().int().positive().optional(),
  /** Tencent IM secret key: stays on the server (UserSig and REST admin signatures). */
  TIM_SECRET_KEY: z.string().min(16).optional(),
  /** The App admin account of the Tencent IM application (REST API calls). */
  TIM_ADMIN_ID: z.string().default('administrator'),
  TIM_API_URL: z.url().default('https://console.tim.qq.com'),
  /**
   * WebRTC STUN/TURN servers for calls, as JSON: [{"urls":"turn:turn.example.com:3478","username":"u","credential":"p"}].
   * Empty works on one network; production needs a TURN server (coturn, see README).
   */
  ICE_SERVERS: z
    .string()
    .default('[]')
    .refine((v) => {
      try {
        return Array.isArray(JSON.parse(v));
      } catch {
        return false;
      }
    }, 'ICE_SERVERS 必须是 JSON 数组'),
  /** Messages a member may send per 10 s before the IM server answers "too fast". */
  IM_SEND_BURST: z.coerce.number().int().positive().default(20),
  /** Seconds a /im socket may stay open without logging in (fractions for test rigs). */
  IM_AUTH_TIMEOUT_S: z.coerce.number().positive().max(300).default(10),
  /** /im sockets one address may hold open before logging in; the next upgrade is refused (429). */
  IM_UNAUTH_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),

  /**
   * Live: `local` takes RTMP pushes in this process (node-media-server) and serves HTTP-FLV
   * from the site's port; `nginx` leaves RTMP to nginx-rtmp (deploy/nginx/live.conf) which asks us on
   * publish and serves HLS; `tencent` signs Tencent Cloud Live URLs and takes its callbacks; `off`
   * starts no ingest (a second instance behind a balancer, or no live).
   */
  LIVE_MEDIA: z.enum(['local', 'nginx', 'tencent', 'off']).default('local'),
  /** The RTMP port OBS pushes to, and the host name put in push URLs (default: SITE_URL's host). */
  LIVE_RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(1935),
  LIVE_RTMP_HOST: z.string().min(1).optional(),
  /** The address the embedded RTMP ingest listens on (default: HOST's, like the site). */
  LIVE_RTMP_HOST_BIND: z.string().min(1).optional(),
  /** Push-URL signing secret; derived from APP_SECRET when absent. */
  LIVE_PUSH_SECRET: z.string().min(16).optional(),
  /** Record each broadcast into a playback (needs ffmpeg for MP4 and posters; FLV is kept without it). */
  LIVE_RECORD: z.enum(['auto', 'off']).default('auto'),
  /** nginx-rtmp: the push base anchors get (rtmp://host:1935/live) and the HLS base viewers play (/hls). */
  LIVE_NGINX_RTMP_URL: z.string().min(1).optional(),
  LIVE_NGINX_HLS_URL: z.string().min(1).default('/hls'),
  /** nginx-rtmp's recordings directory, as this process sees it (record done → playback). */
  LIVE_NGINX_RECORD_DIR: z.string().min(1).optional(),
  /** The token nginx's on_publish/on_publish_done/on_record_done URLs carry (deploy/nginx/README). */
  LIVE_NGINX_HOOK_TOKEN: z.string().min(16).optional(),
  /** nginx-rtmp's control endpoint (rtmp_control), used to drop a publisher: http://127.0.0.1:8089/control */
  LIVE_NGINX_CONTROL_URL: z.url().optional(),
  /** nginx-rtmp's stat page (rtmp_stat), read to end rooms whose stream nginx no longer has: http://127.0.0.1:8089/stat */
  LIVE_NGINX_STAT_URL: z.url().optional(),
  /** Tencent Cloud Live: push and play domains, their URL-auth keys, the app name, the callback key. */
  LIVE_TX_PUSH_DOMAIN: z.string().min(1).optional(),
  LIVE_TX_PLAY_DOMAIN: z.string().min(1).optional(),
  LIVE_TX_PUSH_KEY: z.string().min(1).optional(),
  LIVE_TX_PLAY_KEY: z.string().min(1).optional(),
  LIVE_TX_APP: z.string().min(1).default('live'),
  LIVE_TX_CALLBACK_KEY: z.string().min(1).optional(),

  /** SMS: `log` (codes go to the server log and the sms_outbox table) or `aliyun`. */
  SMS_PROVIDER: z.enum(['log', 'aliyun']).default('log'),
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** Codes per phone and per IP in 24 hours. */
  SMS_DAILY_PER_PHONE: z.coerce.number().int().positive().default(10),
  SMS_DAILY_PER_IP: z.coerce.number().int().positive().default(30),
  /** Test rigs only: POST /api/dev/smsOutbox answers the last logged SMS of a phone (log provider only). */
  SMS_OUTBOX_API: z.stringbool().default(false),

  /** Captcha before every SMS: `altcha` (self-hosted proof of work) or `verify5` (remote slider). */
  CAPTCHA_PROVIDER: z.enum(['altcha', 'verify5']).default('altcha'),
  /** ALTCHA difficulty (PBKDF2 iterations per attempt); a browser solves the default in about a second. */
  CAPTCHA_COST: z.coerce.number().int().positive().default(500),
  VERIFY5_HOST: z.string().optional(),
  VERIFY5_APP_ID: z.string().optional(),
  VERIFY5_APP_KEY: z.string().optional(),

  /** WeChat website QR login (open.weixin.qq.com). Unset = the button says it is not configured. */
  WX_APP_ID: z.string().optional(),
  WX_APP_SECRET: z.string().optional(),
  WX_AUTHORIZE_URL: z.url().default('https://open.weixin.qq.com/connect/qrconnect'),
  WX_API_URL: z.url().default('https://api.weixin.qq.com'),
  /**
   * The WeChat official account (公众号, mp.weixin.qq.com) for the mobile site opened inside WeChat:
   * 微信登录 there is its web OAuth (snsapi_userinfo), WeChat Pay JSAPI pays as it (the payer's openid
   * comes from snsapi_base), and its JS-SDK share card (SPEC §3 share payload) is signed with its
   * jsapi_ticket, read from WX_API_URL. Its "网页授权域名" and "JS接口安全域名" must name the mobile
   * site's host. Unset = inside WeChat the login falls back to the website login, WeChat Pay is not
   * offered there, and pages share as plain links.
   */
  WX_MP_APP_ID: z.string().optional(),
  WX_MP_APP_SECRET: z.string().optional(),
  WX_MP_AUTHORIZE_URL: z.url().default('https://open.weixin.qq.com/connect/oauth2/authorize'),
  /** QQ login (connect.qq.com). */
  QQ_APP_ID: z.string().optional(),
  QQ_APP_KEY: z.string().optional(),
  QQ_AUTHORIZE_URL: z.url().default('https://graph.qq.com/oauth2.0/authorize'),
  QQ_API_URL: z.url().default('https://graph.qq.com'),

  /**
   * The sandbox payment gateway (our own cashier page + signed notify). On by default except in
   * production, where it is refused unless a staging rig turns it on explicitly.
   */
  PAY_SANDBOX: z.stringbool().optional(),
  /** WeChat Pay API v3 (Native QR). All six set = offered at checkout. PEM values may use \\n. */
  WXPAY_MCH_ID: z.string().optional(),
  WXPAY_APP_ID: z.string().optional(),
  WXPAY_SERIAL_NO: z.string().optional(),
  WXPAY_PRIVATE_KEY: z.string().optional(),
  WXPAY_API_V3_KEY: z.string().length(32, 'WXPAY_API_V3_KEY 必须是 32 位').optional(),
  WXPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WXPAY_API_URL: z.url().default('https://api.mch.weixin.qq.com'),
  /** Alipay page pay (RSA2). All three set = offered at checkout. */
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  /**
   * Staging rigs only: let NODE_ENV=production start although seeded demo accounts still have the
   * published password (production refuses to start otherwise).
   */
  ALLOW_DEMO_ACCOUNTS: z.stringbool().default(false),
  /** Minutes before an unpaid order closes by itself (stock, seats and coupon returned). */
  ORDER_TTL_MIN: z.coerce.number().int().min(5).max(1440).default(30),

  /**
   * Check every API answer against its contract's output schema and fail on any drift (a 500 that
   * names the field). On in tests; costs CPU, so off in production unless a staging rig sets it.
   */
  API_CHECK_OUTPUT: z.stringbool().optional(),

  /** Smallest seller withdrawal, in fen (default ¥10). */
  WITHDRAW_MIN_FEN: z.coerce.number().int().positive().default(1000),

  /** Largest image upload, in KiB. */
  UPLOAD_MAX_KB: z.coerce.number().int().positive().default(2048),

  /**
   * Where user files live: `local` (DATA_DIR/uploads) or `s3`, any S3-compatible bucket
   * (Tencent COS, Aliyun OSS, MinIO, AWS) under the key `uploads/<path>`, so a MEDIA_URL pointing at
   * the bucket (or its CDN) serves the stored '/uploads/…' paths as they are.
   */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** The service endpoint for non-AWS stores, e.g. https://cos.ap-guangzhou.myqcloud.com. */
  S3_ENDPOINT: z.url().optional(),
  /** Without these two the AWS SDK's own chain is used (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addressing (MinIO and most stand-ins); virtual-hosted style otherwise. */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /**
   * Private media (lesson and 功夫圈 videos) reach viewers only as signed URLs valid this long
   * (seconds); the signature is stable within a window of this length so caches still work.
   */
  MEDIA_SIGN_TTL_S: z.coerce.number().int().min(60).max(86_400).default(3600),

  /** Largest lesson video a coach may upload, in MiB (checked by the tus server). */
  VIDEO_MAX_MB: z.coerce.number().int().positive().max(8192).default(1024),
  /** `auto` processes videos with ffmpeg/ffprobe when they are on PATH; `off` serves them as uploaded. */
  VIDEO_FFMPEG: z.enum(['auto', 'off']).default('auto'),
  /** `local` (tus upload to this server) or `tencent` (browser uploads to Tencent VOD with our signature). */
  VOD_PROVIDER: z.enum(['local', 'tencent']).default('local'),
  TENCENT_VOD_SECRET_ID: z.string().optional(),
  TENCENT_VOD_SECRET_KEY: z.string().optional(),
  /** Optional task flow (procedure) and sub-application id put into the Tencent signature. */
  TENCENT_VOD_PROCEDURE: z.string().optional(),
  TENCENT_VOD_SUB_APP_ID: z.coerce.number().int().positive().optional(),
});

export type Env = Omit<z.infer<typeof schema>, 'API_CHECK_OUTPUT' | 'SITE_URL'> & { API_CHECK_OUTPUT: boolean; SITE_URL: string };

/** Where the HTTP server listens when HOST is unset: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';
/** Wildcard addresses: the listener takes every interface, links need a name (localhost unless SITE_URL). */
const ANY_HOST = new Set(['0.0.0.0', '::', '[::]']);

/** A host for a URL: IPv6 literals in brackets. */
export const urlHost = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/** SITE_URL when unset: the listener's own address (`localhost` for a wildcard HOST), so `PORT=5000` links to :5000. */
export function defaultSiteUrl(host: string | undefined, port: number): string {
  const h = host ?? DEFAULT_HOST;
  return `http://${ANY_HOST.has(h) ? 'localhost' : urlHost(h)}:${port}`;
}

let cached: Env | undefined;

/** The parsed configuration; throws with every bad variable named. */
export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
      throw new Error(`Invalid configuration:\n${lines}`);
    }
    if (parsed.data.IM_PROVIDER === 'tim' && (!parsed.data.TIM_SDK_APP_ID || !parsed.data.TIM_SECRET_KEY)) {
      throw new Error('Invalid configuration:\n  IM_PROVIDER=tim 需要 TIM_SDK_APP_ID 和 TIM_SECRET_KEY');
    }
    const d = parsed.data;
    if (d.STORAGE === 's3' && !d.S3_BUCKET) throw new Error('Invalid configuration:\n  STORAGE=s3 需要 S3_BUCKET');
    if (d.LIVE_MEDIA === 'nginx' && !d.LIVE_NGINX_HOOK_TOKEN) {
      throw new Error(
        'Invalid configuration:\n  LIVE_MEDIA=nginx 需要 LIVE_NGINX_HOOK_TOKEN（nginx 回调地址携带的令牌，见 deploy/nginx/README.md）',
      );
    }
    if (
      d.LIVE_MEDIA === 'tencent' &&
      (!d.LIVE_TX_PUSH_DOMAIN || !d.LIVE_TX_PLAY_DOMAIN || !d.LIVE_TX_PUSH_KEY || !d.LIVE_TX_CALLBACK_KEY)
    ) {
      throw new Error(
        'Invalid configuration:\n  LIVE_MEDIA=tencent 需要 LIVE_TX_PUSH_DOMAIN、LIVE_TX_PLAY_DOMAIN、LIVE_TX_PUSH_KEY 和 LIVE_TX_CALLBACK_KEY',
      );
    }
    cached = {
      ...d,
      SITE_URL: d.SITE_URL ?? defaultSiteUrl(d.HOST, d.PORT),
      API_CHECK_OUTPUT: d.API_CHECK_OUTPUT ?? d.NODE_ENV === 'test',
    };
  }
  return cached;
}

/** Forget the parsed configuration (tests change process.env between suites). */
export function resetEnv(): void {
  cached = undefined;
}
