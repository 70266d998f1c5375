import { describe, expect, it } from 'vitest';
import { jsapiSignature } from '~/server/modules/site/wx-jssdk';

describe('WeChat JS-SDK signature', () => {
  // The worked example of WeChat's JS-SDK documentation (附录1 JS-SDK使用权限签名算法).
  const example = {
    nonceStr: 'Wm3WZYTPz0wzccnW',
    ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
    timestamp: 1414587457,
    url: 'http://mp.weixin.qq.com?params=value',
  };

  it("matches WeChat's documented example", () => {
    expect(jsapiSignature(example)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its #fragment', () => {
    expect(jsapiSignature({ ...example, url: `${example.url}#section-2` })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    expect(jsapiSignature({ ...example, url: 'http://mp.weixin.qq.com?params=other' })).not.toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });
});
