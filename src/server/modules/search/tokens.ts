import { dictionaryReading, HAN, INDEXED_CHARS, PAIR } from './pinyin';

/*
 * Literal tokens: what a heading is matched by as written. Tokens only choose the entries a search
 * reads (the rarest token's postings, hits.service.ts); whether a heading holds the key is then
 * tested on its text. So a heading's tokens need only include every token of any word it contains:
 *   - each letter, digit or Chinese character, as itself ("太", "a", "7");
 *   - each two neighbouring letters or digits ("ni", "24");
 *   - two neighbouring Chinese characters by the PAIR of their first dictionary readings ("太极" →
 *     tai ji), a token the heading's pinyin holds anyway (pinyin.ts keeps that reading of every
 *     character), rather than a character-pair token of their own;
 *   - nothing for spaces and punctuation, nor for a Chinese character next to a letter.
 */

const WORD_CHAR = /[\p{L}\p{N}]/u;
const isHan = (ch: string) => HAN.test(ch);
const isWordChar = (ch: string) => WORD_CHAR.test(ch);

/** The literal token of two neighbouring characters, or '' when there is none (see above). */
function pairToken(a: string, b: string): string {
  if (!isWordChar(a) || !isWordChar(b)) return '';
  const ha = isHan(a);
  if (ha !== isHan(b)) return '';
  if (!ha) return a + b;
  const ra = dictionaryReading(a);
  const rb = dictionaryReading(b);
  return ra && rb ? `${PAIR}${ra} ${rb}` : '';
}

/** The literal tokens of a heading's first INDEXED_CHARS characters, lower-cased (a Chinese pair's PAIR is among its pinyin tokens too). */
export function charTokens(text: string): string[] {
  const s = [...text.toLowerCase()].slice(0, INDEXED_CHARS);
  const out = new Set<string>();
  s.forEach((ch, i) => {
    if (!isWordChar(ch)) return;
    out.add(ch);
    const pair = i + 1 < s.length ? pairToken(ch, s[i + 1]!) : '';
    if (pair) out.add(pair);
  });
  return [...out];
}

/**
 * The tokens a heading must hold to contain `word`: the pairs of its neighbouring characters, every
 * Chinese character (rarer than its pair's reading, so often the cheapest to walk), and any other
 * character that is in no pair. A word of spaces and punctuation only has none (and matches nothing).
 */
export function wordTokens(word: string): string[] {
  const s = [...word.toLowerCase()];
  const out = new Set<string>();
  const paired = new Set<number>();
  for (let i = 1; i < s.length; i++) {
    const pair = pairToken(s[i - 1]!, s[i]!);
    if (!pair) continue;
    out.add(pair);
    paired.add(i - 1).add(i);
  }
  s.forEach((ch, i) => {
    if (isWordChar(ch) && (isHan(ch) || !paired.has(i))) out.add(ch);
  });
  return [...out];
}
