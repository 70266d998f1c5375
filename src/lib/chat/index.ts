import type { ChatClient } from './client';
import { ChatError, CHAT_CODE } from './client';
import { $session } from '../stores/session';

/** What /api/im/config answers (A's endpoint): which adapter, its app id, the socket path, ICE servers. */
export interface ImConfig {
  provider: 'local' | 'tim';
  sdkAppID: number;
  wsPath: string;
  iceServers: RTCIceServer[];
}

interface TimModule {
  createTimClient?: (sdkAppID: number) => ChatClient;
}

// Each adapter is its own lazily loaded chunk: tim-js-sdk is fetched only when the provider is tim
// (the glob also lets this file build before the tim adapter exists).
const timAdapter = import.meta.glob<TimModule>('./tim/index.ts');

/** The embedded server is the default (IM_PROVIDER=local). */
const LOCAL_DEFAULT: ImConfig = { provider: 'local', sdkAppID: 0, wsPath: '/im', iceServers: [] };

let config: Promise<ImConfig> | null = null;

/** The chat configuration, fetched once per page. */
export function getImConfig(): Promise<ImConfig> {
  config ??= fetch('/api/im/config', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    .then(async (res) => {
      const env = (await res.json()) as { code: number; msg: string; data: ImConfig };
      // A server without the config endpoint runs the embedded chat server.
      if (env.code === 404) return LOCAL_DEFAULT;
      if (!res.ok || env.code !== 200) throw new ChatError(CHAT_CODE.network, env.msg || '聊天配置读取失败');
      return env.data;
    })
    .catch((err: unknown) => {
      config = null;
      throw err instanceof ChatError ? err : new ChatError(CHAT_CODE.network, '网络连接失败，请检查网络后重试');
    });
  return config;
}

let client: Promise<{ client: ChatClient; config: ImConfig }> | null = null;

/** The page's one chat client (not yet logged in), built by the configured adapter. */
export function getChatClient(): Promise<{ client: ChatClient; config: ImConfig }> {
  client ??= getImConfig()
    .then(async (cfg) => {
      let c: ChatClient | undefined;
      if (cfg.provider === 'tim') {
        const load = timAdapter['./tim/index.ts'];
        c = load ? (await load()).createTimClient?.(cfg.sdkAppID) : undefined;
      } else {
        const { LocalChatClient } = await import('./local');
        const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${cfg.wsPath}`;
        c = new LocalChatClient({ url, authToken: () => $session.get()?.token });
      }
      if (!c) throw new ChatError(CHAT_CODE.badAppId, `聊天服务 ${cfg.provider} 不可用`);
      return { client: c, config: cfg };
    })
    .catch((err: unknown) => {
      client = null;
      throw err;
    });
  return client;
}

/** Forgets the client (after logout), so the next login builds a fresh one. */
export function dropChatClient(): void {
  client = null;
}
