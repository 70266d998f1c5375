/*
 * Literal tokens: what a heading is matched by as written. Tokens only choose the entries a search
 * reads (the rarest token's postings, hits.service.ts); whether a heading holds the key is then
 * tested on its text. A heading's tokens are each letter, digit and Chinese character, and each
 * two neighbouring ones ("太极", "极a", "24"); spaces and punctuation make none, and a word's tokens
 * are always among those of a heading that holds it.
 *
 * Two Chinese characters keep a token of their own, although the pair of their readings is a pinyin
 * token anyway: a homophone typo (太级拳 for 太极拳, the very key 你是不是要找 is for) would otherwise
 * find every heading holding the reading and the three characters apart, and read them all.
 */

/** Characters of a heading that get literal tokens (titles are shorter; longer ones match on their start). */
const HEADING_CHARS = 120;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (ch: string) => WORD_CHAR.test(ch);

/** The literal tokens of a heading's first HEADING_CHARS characters, lower-cased. */
export function charTokens(text: string): string[] {
  const s = [...text.toLowerCase()].slice(0, HEADING_CHARS);
  const out = new Set<string>();
  s.forEach((ch, i) => {
    if (!isWordChar(ch)) return;
    out.add(ch);
    const next = s[i + 1];
    if (next && isWordChar(next)) out.add(ch + next);
  });
  return [...out];
}

/**
 * The tokens a heading must hold to contain `word`: each two neighbouring letters, digits or
 * characters, and any such character in no pair (a one-character word is its own token). A word of
 * spaces and punctuation only has none, and matches nothing.
 */
export function wordTokens(word: string): string[] {
  const s = [...word.toLowerCase()];
  const out = new Set<string>();
  const paired = new Set<number>();
  s.forEach((ch, i) => {
    const next = s[i + 1];
    if (next === undefined || !isWordChar(ch) || !isWordChar(next)) return;
    out.add(ch + next);
    paired.add(i).add(i + 1);
  });
  s.forEach((ch, i) => {
    if (isWordChar(ch) && !paired.has(i)) out.add(ch);
  });
  return [...out];
}
