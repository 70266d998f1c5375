import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import sharp from 'sharp';
import { ChatError } from '~/lib/chat/client';
import { invalidate } from '~/server/cache';
import { setConfig } from '~/server/modules/site/site.service';
import { DEMO } from '../helpers/api';
import { recorder, startIm, type TestIm } from '../helpers/im';

let t: TestIm;
beforeAll(async () => {
  t = await startIm({ IM_SEND_BURST: '3', ICE_SERVERS: '[{"urls":"stun:stun.example.com:3478"}]' });
});
afterAll(() => t.stop());

const text = (conversationID: string, clientID: string, s: string) => ({
  conversationID,
  clientID,
  type: 'TIMTextElem' as const,
  payload: { text: s },
});

describe('content safety', () => {
  it('limits sends per user to IM_SEND_BURST per 10 s (80001), other users unaffected', async () => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    const { c: ca } = await t.connect(a);
    const { c: cb } = await t.connect(b);
    for (let i = 0; i < 3; i++) await ca.sendMessage(text(`C2C${b}`, `rl-${i}`, `${i}`));
    const err = await ca.sendMessage(text(`C2C${b}`, 'rl-x', '第四条')).catch((e: ChatError) => e);
    expect(err).toMatchObject({ code: 80001, message: '发送太频繁，请稍后再试' });
    await expect(cb.sendMessage(text(`C2C${a}`, 'rl-b', '我可以'))).resolves.toMatchObject({ sequence: 4 });
    expect((await cb.getMessageList({ conversationID: `C2C${a}` })).messageList).toHaveLength(4);
  });

  it('masks banned words from the site config', async () => {
    await setConfig({ im_banned_words: '坏词,Spam' });
    invalidate();
    const a = await t.makeUser();
    const b = await t.makeUser();
    const { c: ca } = await t.connect(a);
    const { c: cb } = await t.connect(b);
    const got = recorder(cb, 'messageReceived');
    const m = await ca.sendMessage(text(`C2C${b}`, 'bw-1', '这是坏词和spam广告'));
    expect(m.payload).toEqual({ text: '这是**和****广告' });
    await got.until((s) => s.flat().length === 1);
    expect(got.seen.flat()[0]!.payload).toEqual({ text: '这是**和****广告' });
  });
});

describe('HTTP', () => {
  it('answers the chat configuration', async () => {
    const r = await t.post('/im/config');
    expect(r.body.data).toEqual({
      provider: 'local',
      sdkAppID: expect.any(Number),
      wsPath: '/im',
      iceServers: [{ urls: 'stun:stun.example.com:3478' }],
    });
  });

  it('uploads an image with a large copy and a thumbnail, then sends it', async () => {
    const token = await t.login(DEMO.member);
    const { c: cm } = await t.connect(DEMO.member, { token });
    const coach = await t.idOf(DEMO.coach);
    const { c: cc } = await t.connect(coach);
    const got = recorder(cc, 'messageReceived');
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const progress: number[] = [];
    const m = await cm.sendMessage(
      {
        conversationID: `C2C${coach}`,
        clientID: 'img-1',
        type: 'TIMImageElem',
        file: new File([new Uint8Array(png)], 'a.png', { type: 'image/png' }),
      },
      { onProgress: (p) => progress.push(p) },
    );
    expect(progress.at(-1)).toBe(100);
    if (m.type !== 'TIMImageElem') throw new Error('not an image');
    const infos = m.payload.imageInfoArray;
    expect(infos.map((i) => [i.type, i.width, i.height])).toEqual([
      [0, 1000, 500],
      [1, 720, 360],
      [2, 198, 99],
    ]);
    expect(infos.every((i) => /\/uploads\/im\/\d{8}\/\d+-[0-9a-f]{16}(-\d+)?\.png$/.test(i.url))).toBe(true);
    await got.until((s) => s.flat().some((x) => x.clientID === 'img-1'));
    // Stored on disk under DATA_DIR/uploads, the thumbnail really 198 px wide.
    const path = join(t.dataDir, 'uploads', new URL(infos[2]!.url, 'http://x').pathname.replace(/^\/uploads\//, ''));
    expect((await sharp(path).metadata()).width).toBe(198);
  });

  it('refuses an upload that is not what it claims, and one without a login', async () => {
    const token = await t.login(DEMO.member);
    const form = new FormData();
    form.set('kind', 'image');
    form.set('file', new File([new TextEncoder().encode('<html>not an image</html>')], 'x.png'));
    const r = await fetch(`http://127.0.0.1:${t.port}/api/im/upload`, {
      method: 'POST',
      headers: { authToken: token, authSource: 'web' },
      body: form,
    });
    expect(await r.json()).toMatchObject({ code: 100, msg: '图片格式仅支持 JPG、PNG、GIF、WEBP' });
    const anon = await fetch(`http://127.0.0.1:${t.port}/api/im/upload`, { method: 'POST', body: form });
    expect((await anon.json()) as { code: number }).toMatchObject({ code: 101 });
  });
});
