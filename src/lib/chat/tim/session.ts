import { TIM_TEXTS, timErrorText } from '../../rules/chat-tim';
import { CHAT_CODE, ChatError, type ChatClient } from '../client';
import { EVENT_KEYS, translate } from './events';
import { toChatError } from './map';
import { data, READY_TIMEOUT_MS, type SdkResponse } from './sdk';
import { detach, type SdkHandler, type TimState } from './state';

/** Login (load the SDK, wire its events, wait for SDK_READY), logout and event subscription. */
export function sessionPart(s: TimState): Pick<ChatClient, 'login' | 'logout' | 'isReady' | 'on'> {
  return {
    async login({ userID, userSig }) {
      let loaded;
      try {
        loaded = await s.load();
      } catch {
        throw new ChatError(CHAT_CODE.network, timErrorText(CHAT_CODE.network, ''));
      }
      const { TIM, uploadPlugin } = loaded;
      detach(s);
      s.ready = false;
      const tim = TIM.create({ SDKAppID: s.sdkAppID });
      s.tim = tim;
      tim.setLogLevel(1);
      if (uploadPlugin) tim.registerPlugin({ 'tim-upload-plugin': uploadPlugin });
      const sdkEvents = TIM.EVENT;
      s.sdkEvents = sdkEvents;
      let stopWaiting = () => {};
      const readyNow = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChatError(CHAT_CODE.timeout, TIM_TEXTS.loginTimeout)), READY_TIMEOUT_MS);
        stopWaiting = () => clearTimeout(timer);
        const onReady = () => {
          clearTimeout(timer);
          resolve();
        };
        const name = sdkEvents['SDK_READY'] ?? 'sdkStateReady';
        s.attached.push([name, onReady]);
        tim.on(name, onReady);
      });
      // A failed login must not leave the ready wait to reject unobserved later.
      readyNow.catch(() => {});
      for (const key of EVENT_KEYS) {
        const name = sdkEvents[key];
        if (!name) continue;
        const h: SdkHandler = (e) => translate(s, key, e?.data);
        s.attached.push([name, h]);
        tim.on(name, h);
      }
      let res: SdkResponse;
      try {
        res = await tim.login({ userID, userSig });
      } catch (e) {
        stopWaiting();
        detach(s);
        throw toChatError(e);
      }
      // Already logged in (TIM.create hands back the same instance): the SDK is ready and says so only here.
      if (data(res)['repeatLogin'] === true) {
        stopWaiting();
        s.ready = true;
        return;
      }
      // Calls are refused until SDK_READY (the SDK's rule), so login resolves only then.
      await readyNow;
    },

    async logout() {
      if (!s.tim) return;
      try {
        await s.tim.logout();
      } catch (e) {
        throw toChatError(e);
      } finally {
        detach(s);
        s.ready = false;
        s.sent.clear();
        s.seen.clear();
      }
    },

    isReady: () => s.ready,

    on(event, handler) {
      let set = s.handlers.get(event);
      if (!set) s.handlers.set(event, (set = new Set()));
      set.add(handler as (d: never) => void);
      return () => set.delete(handler as (d: never) => void);
    },
  };
}
