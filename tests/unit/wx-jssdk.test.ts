import { describe, expect, it } from 'vitest';
import { jsapiSignature } from '~/server/modules/site/wx-jssdk';
import { shareData } from '~/lib/stores/wx-share';

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

describe('the share data the page hands the JS-SDK', () => {
  const card = {
    title: '太极入门',
    desc: '二十四式',
    image: 'https://cdn.example/c.jpg',
    link: 'https://m.gongfu.example/m/course/detail?id=3',
  };
  it('is the card, its link on the page’s own origin', () => {
    expect(shareData(card, 'https://m.gongfu.example/m/course/detail?id=3&from=singlemessage#top')).toEqual({
      title: '太极入门',
      desc: '二十四式',
      link: 'https://m.gongfu.example/m/course/detail?id=3',
      imgUrl: 'https://cdn.example/c.jpg',
    });
  });
  it('shares the page itself when the card names another host (WeChat shares only the safe domain)', () => {
    expect(shareData(card, 'https://www.gongfu.example/m/course/detail?id=3#x').link).toBe(
      'https://www.gongfu.example/m/course/detail?id=3',
    );
  });
});
