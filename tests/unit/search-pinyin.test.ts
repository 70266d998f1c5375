import { describe, expect, it } from 'vitest';
import { rankBucket } from '~/server/modules/search/index.service';
import { IPAIR, matchedPart, PAIR, planQuery, segment, soundsLike, SYL, termsIn, titlePinyin } from '~/server/modules/search/pinyin';
import { charTokens, wordTokens } from '~/server/modules/search/tokens';

/**
 * Whether a title's tokens hold every token of one of the key's pinyin alternatives (one without
 * tokens, a lone letter, is tested on the title's pinyin, as the search does).
 */
function pinyinHit(title: string, q: string): boolean {
  const p = titlePinyin(title);
  const tokens = new Set(p.tokens);
  return planQuery(q).alternatives.some((a) =>
    a.tokens.length ? a.tokens.every((t) => tokens.has(t)) : ` ${p.py}`.includes(` ${a.phrase}`),
  );
}

describe('a title read as pinyin', () => {
  it('gives syllables and neighbouring pairs of syllables and initials, read in context', () => {
    const p = titlePinyin('太极拳入门');
    expect(p.py).toBe('tai ji quan ru men');
    expect(p.ini).toBe('tjqrm');
    for (const t of [SYL + 'tai', `${PAIR}tai ji`, `${PAIR}ji quan`, IPAIR + 'tj', IPAIR + 'jq']) expect(p.tokens).toContain(t);
    // 多音字: 重庆 reads chong in context, yet zhong (its first dictionary reading) finds it too.
    expect(titlePinyin('重庆太极').py).toBe('chong qing tai ji');
    expect(titlePinyin('重庆太极').tokens).toContain(`${PAIR}zhong qing`);
    expect(titlePinyin('重庆太极').tokens).toContain(`${PAIR}chong qing`);
    // A reading that is neither the one in context nor the first is not kept (长拳 is chang quan).
    expect(titlePinyin('长拳').tokens).not.toContain(`${PAIR}zhang quan`);
  });

  it('keeps runs of Chinese apart and reads only Chinese characters', () => {
    const p = titlePinyin('Nike 太极 服，长拳');
    expect(p.py).toBe('tai ji fu | chang quan');
    expect(p.tokens).not.toContain(`${PAIR}fu chang`);
  });
});

describe('what a typed key means', () => {
  it('splits full pinyin into syllables, the last one possibly half typed', () => {
    expect(segment('taijiquan')[0]).toEqual({ syllables: ['tai', 'ji', 'quan'], partial: '' });
    expect(segment('taijiq')[0]).toEqual({ syllables: ['tai', 'ji'], partial: 'q' });
    expect(segment('xian').map((s) => s.syllables)).toEqual([['xian'], ['xi', 'an']]);
    expect(segment('tjq')).toEqual([]);
  });

  it('finds 太极拳 by taijiquan, taiji quan, tjq, tai ji, taiji拳 and TJQ', () => {
    for (const q of ['taijiquan', 'taiji quan', 'tjq', 'tai ji', 'taiji拳', 'TJQ', 'tj拳', 'taij', 't', 'tai']) {
      expect(pinyinHit('二十四式太极拳零基础入门', q), q).toBe(true);
    }
    for (const q of ['shaolin', 'slq', 'taijian']) expect(pinyinHit('二十四式太极拳零基础入门', q), q).toBe(false);
  });

  it('keeps the literal key: words split at spaces only when it has Chinese characters', () => {
    expect(planQuery('  太极  剑 ').words).toEqual(['太极', '剑']);
    expect(planQuery('taiji quan')).toMatchObject({ text: 'taiji quan', words: ['taiji quan'] });
    expect(planQuery('太极剑').alternatives).toEqual([]);
    expect(planQuery('tjq').alternatives.map((a) => a.mode)).toEqual(['initials']);
    expect(planQuery('taiji').alternatives[0]).toMatchObject({ mode: 'pinyin', phrase: 'tai ji' });
  });

  it('reads a key in homophones for 你是不是要找, and marks what matched', () => {
    const alt = soundsLike('太级拳')!;
    expect(alt.phrase).toBe('tai ji quan');
    expect(matchedPart('二十四式太极拳入门', alt)).toBe('太极拳');
    expect(matchedPart('少林棍法', alt)).toBe('');
    expect(termsIn('二十四式太极拳入门', planQuery('tjq'))).toEqual(['太极拳']);
    expect(termsIn('二十四式太极拳入门', planQuery('太极'))).toEqual(['太极']);
    expect(termsIn('二十四式太极拳入门', planQuery('taiji'))).toEqual(['太极']);
  });
});

describe('literal tokens', () => {
  it('are characters and neighbouring pairs, none for spaces and punctuation', () => {
    expect(charTokens('太极A，Nike').sort()).toEqual(['太', '太极', '极', '极a', 'a', 'n', 'ni', 'i', 'ik', 'k', 'ke', 'e'].sort());
    expect(wordTokens('太极拳')).toEqual(['太极', '极拳']);
    expect(wordTokens('剑')).toEqual(['剑']);
    expect(wordTokens('太极，剑')).toEqual(['太极', '剑']);
    expect(wordTokens('，')).toEqual([]);
  });

  it('of a word are all among the tokens of every heading that holds it', () => {
    const headings = ['重庆长拳少年班', '二十四式太极拳零基础入门', 'Nike 太极服 2024 新款', '校长讲乐理：音乐与武术', 'T恤·咏春拳'];
    for (const h of headings) {
      const tokens = new Set([...charTokens(h), ...titlePinyin(h).tokens]);
      const chars = [...h.toLowerCase()];
      for (let i = 0; i < chars.length; i++)
        for (let j = i + 1; j <= Math.min(chars.length, i + 5); j++) {
          const word = chars.slice(i, j).join('');
          expect(
            wordTokens(word).filter((t) => !tokens.has(t)),
            `${word} in ${h}`,
          ).toEqual([]);
        }
    }
  });

  it('buckets popularity by doubling', () => {
    expect([0, 1, 2, 3, 4, 1000].map(rankBucket)).toEqual([0, 1, 1, 2, 2, 9]);
  });
});
