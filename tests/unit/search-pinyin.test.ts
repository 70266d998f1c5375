import { describe, expect, it } from 'vitest';
import { charTokens, rankBucket, wordTokens } from '~/server/modules/search/index.service';
import { INI, IPAIR, matchedPart, PAIR, planQuery, segment, soundsLike, SYL, termsIn, titlePinyin } from '~/server/modules/search/pinyin';

/** Whether a title's tokens hold every token of one of the key's pinyin alternatives. */
function pinyinHit(title: string, q: string): boolean {
  const tokens = new Set(titlePinyin(title).tokens);
  return planQuery(q).alternatives.some((a) => a.tokens.every((t) => tokens.has(t)));
}

describe('a title read as pinyin', () => {
  it('gives syllables, initials and their neighbouring pairs, read in context', () => {
    const p = titlePinyin('太极拳入门');
    expect(p.py).toBe('tai ji quan ru men');
    expect(p.ini).toBe('tjqrm');
    for (const t of [SYL + 'tai', INI + 't', `${PAIR}tai ji`, `${PAIR}ji quan`, IPAIR + 'tj', IPAIR + 'jq']) expect(p.tokens).toContain(t);
    // 多音字: 重庆 reads chong in context, yet zhong (its other reading) finds it too.
    expect(titlePinyin('重庆太极').py).toBe('chong qing tai ji');
    expect(titlePinyin('重庆太极').tokens).toContain(`${PAIR}zhong qing`);
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
  it('are characters and neighbouring pairs, as gf_search_tokens makes them', () => {
    expect(charTokens('太极A').sort()).toEqual(['a', '太', '太极', '极', '极a'].sort());
    expect(wordTokens('太极拳')).toEqual(['太极', '极拳']);
    expect(wordTokens('剑')).toEqual(['剑']);
  });

  it('buckets popularity by doubling', () => {
    expect([0, 1, 2, 3, 4, 1000].map(rankBucket)).toEqual([0, 1, 1, 2, 2, 9]);
  });
});
