import { pinyin } from 'pinyin-pro';
import { SYLLABLE_MAX, SYLLABLE_PREFIXES, SYLLABLES } from './syllables';

/*
 * How Chinese users type a search (全拼 "taijiquan", 简拼 "tjq", mixed "taiji拳"), turned into tokens
 * of the search index. A title's Chinese characters are read by pinyin-pro in context (重庆 chong, 重量
 * zhong) and, for a character with several readings (多音字), by its first dictionary reading too, so
 * a key in either finds it. Tokens carry a private-use prefix, so they never equal a character token
 * of the text (tokens.ts):
 *   SYL  a syllable ("tai")    PAIR  two neighbouring syllables ("tai ji")    IPAIR  two neighbouring initials ("tj")
 * A single letter or a lone half-typed syllable ("t", "zh") has no token: it is tested on the pinyin
 * of each kind's most popular entries (hits.service.ts), as nearly every title holds one.
 */
export const SYL = '\ue001';
export const PAIR = '\ue002';
export const IPAIR = '\ue003';

const HAN = /\p{Script=Han}/u;
/** Characters of a title that get pinyin tokens (the rest is matched literally only). */
export const PINYIN_CHARS = 40;

const isSyllable = (r: string) => /^[a-z]+$/.test(r);
const FIRST_READING = new Map<string, string>();
/**
 * A character's first dictionary reading ('' when it has none): kept for it in every title beside
 * the reading in context, so a key finds it in either (zhongqing and chongqing find 重庆). Cached:
 * pinyin-pro is asked once per character.
 */
function dictionaryReading(ch: string): string {
  let r = FIRST_READING.get(ch);
  if (r === undefined) {
    r = pinyin(ch, { toneType: 'none', type: 'array', multiple: true, v: true }).find(isSyllable) ?? '';
    FIRST_READING.set(ch, r);
  }
  return r;
}

/** A title's pinyin: one syllable per Chinese character (in context), their initials, and the index tokens. */
export interface TitlePinyin {
  /** "tai ji quan | ling ji chu": the syllables of each run of Chinese characters, runs apart by " | ". */
  py: string;
  /** "tjq ljc": the initials of each run, runs apart by a space. */
  ini: string;
  tokens: string[];
}

/** Runs of Chinese characters of `text` (spaces inside a run are dropped: "太极 拳" reads as one run). */
function hanRuns(text: string): string[] {
  const runs: string[] = [];
  let cur = '';
  for (const ch of text) {
    if (HAN.test(ch)) cur += ch;
    else if (/\s/u.test(ch) && cur) continue;
    else if (cur) {
      runs.push(cur);
      cur = '';
    }
  }
  if (cur) runs.push(cur);
  return runs;
}

/**
 * The pinyin of a title (only its first PINYIN_CHARS Chinese characters): each read in context and,
 * when that is another, by its first dictionary reading too (重庆 chong and zhong; 长拳 only chang).
 */
export function titlePinyin(title: string): TitlePinyin {
  const tokens = new Set<string>();
  const py: string[] = [];
  const ini: string[] = [];
  let budget = PINYIN_CHARS;
  for (const full of hanRuns(title)) {
    if (budget <= 0) break;
    const run = [...full].slice(0, budget).join('');
    budget -= [...run].length;
    const primary = pinyin(run, { toneType: 'none', type: 'array', v: true });
    const readings = [...run].map((ch, i) => [...new Set([primary[i] ?? '', dictionaryReading(ch)])].filter(isSyllable));
    readings.forEach((rs, i) => {
      for (const r of rs) tokens.add(SYL + r);
      const before = readings[i - 1];
      if (!before) return;
      for (const a of before)
        for (const b of rs) {
          tokens.add(`${PAIR}${a} ${b}`);
          tokens.add(IPAIR + a.charAt(0) + b.charAt(0));
        }
    });
    py.push(readings.map((rs) => rs[0]).join(' '));
    ini.push(readings.map((rs) => rs[0]?.[0] ?? '').join(''));
  }
  return { py: py.join(' | '), ini: ini.join(' '), tokens: [...tokens] };
}

/**
 * Splits letters into syllables ("taijiquan" → tai ji quan), the last one possibly half typed
 * ("taijiq" → tai ji + "q"). At most `limit` splits, fewest syllables first ("xian" → xian, then
 * xi an). Empty when the letters are not pinyin ("tjq").
 */
export function segment(letters: string, limit = 2): { syllables: string[]; partial: string }[] {
  const out: { syllables: string[]; partial: string }[] = [];
  const walk = (at: number, acc: string[]) => {
    if (out.length >= 16) return;
    if (at === letters.length) return void out.push({ syllables: acc, partial: '' });
    const rest = letters.slice(at);
    if (rest.length < SYLLABLE_MAX && SYLLABLE_PREFIXES.has(rest) && !SYLLABLES.has(rest)) out.push({ syllables: acc, partial: rest });
    for (let n = Math.min(SYLLABLE_MAX, rest.length); n >= 1; n--) {
      const s = rest.slice(0, n);
      if (SYLLABLES.has(s)) walk(at + n, [...acc, s]);
    }
  };
  walk(0, []);
  // Fewest pieces first; a whole split before a half-typed one of as many pieces ("xi an" before "xia" + "n").
  const pieces = (s: { syllables: string[]; partial: string }) => s.syllables.length + (s.partial ? 1.5 : 0);
  return out.sort((a, b) => pieces(a) - pieces(b)).slice(0, limit);
}

/** One way of matching a query: every token must be in a row's tokens. */
export interface Alternative {
  mode: 'pinyin' | 'initials';
  /** None for a lone half-typed syllable ("t", "zh"): then the phrase alone decides. */
  tokens: string[];
  /** The phrase a title's pinyin (`py`, mode pinyin) or initials (`ini`) holds for an exact hit. */
  phrase: string;
}

export interface QueryPlan {
  /** The key as typed, trimmed and lower-cased, spaces collapsed (what literal matching tests). */
  text: string;
  /** Literal words (split at spaces when the key has Chinese characters, else the whole key). */
  words: string[];
  /** Pinyin readings of the key; empty for a key without Latin letters. */
  alternatives: Alternative[];
}

/** Tokens of a run of syllables, the last one possibly half typed. */
function syllableTokens(syllables: string[], partial: string): string[] {
  const t: string[] = [];
  if (syllables.length === 1) t.push(SYL + syllables[0]);
  for (let i = 1; i < syllables.length; i++) t.push(`${PAIR}${syllables[i - 1]} ${syllables[i]}`);
  const last = syllables.at(-1);
  if (partial && last) t.push(IPAIR + last[0] + partial[0]);
  return t;
}

/** Initials tokens of letters typed as 简拼 ("tjq" → tj, jq; none for one letter). */
function initialTokens(letters: string): string[] {
  return Array.from({ length: letters.length - 1 }, (_, i) => IPAIR + letters.slice(i, i + 2));
}

/**
 * What a key means (SPEC §2 search box): its literal words, and when it has Latin letters its
 * pinyin readings — full pinyin (with the Chinese characters of a mixed key read as pinyin), or
 * initials when the letters are not pinyin. Up to three alternatives; any one matching is a hit.
 */
export function planQuery(q: string): QueryPlan {
  const text = q.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  const hasHan = HAN.test(text);
  const words = hasHan ? text.split(' ').filter(Boolean) : [text];
  const alternatives: Alternative[] = [];
  if (!/[a-z]/.test(text) || text.length > 40) return { text, words, alternatives };

  // The key as pieces: Latin letters to segment, and syllables read from its Chinese characters.
  const pieces: ({ letters: string } | { syllables: string[] })[] = [];
  for (const part of text.split(/([a-z]+|\p{Script=Han}+)/u)) {
    if (/^[a-z]+$/.test(part)) pieces.push({ letters: part });
    else if (HAN.test(part)) pieces.push({ syllables: pinyin(part, { toneType: 'none', type: 'array', v: true }) });
  }
  // Full pinyin: each Latin piece split into syllables (a half-typed syllable only at the very end).
  const options: { syllables: string[]; partial: string }[] = [{ syllables: [], partial: '' }];
  let ok = true;
  pieces.forEach((p, i) => {
    if (!ok) return;
    if ('syllables' in p) {
      for (const o of options) o.syllables.push(...p.syllables);
      return;
    }
    const splits = segment(p.letters).filter((s) => !s.partial || i === pieces.length - 1);
    if (!splits.length) return void (ok = false);
    const next = options.flatMap((o) => splits.map((s) => ({ syllables: [...o.syllables, ...s.syllables], partial: s.partial })));
    options.splice(0, options.length, ...next.slice(0, 2));
  });
  if (ok) {
    for (const o of options) {
      const tokens = syllableTokens(o.syllables, o.partial);
      if (tokens.length || o.partial)
        alternatives.push({ mode: 'pinyin', tokens, phrase: [...o.syllables, ...(o.partial ? [o.partial] : [])].join(' ') });
    }
  }
  // 简拼: letters that are no pinyin ("tjq"), Chinese characters counted by their initial ("tj拳").
  const initials = pieces.map((p) => ('letters' in p ? p.letters : p.syllables.map((s) => s[0]).join(''))).join('');
  if (!ok && initials.length >= 2 && initials.length <= 12 && /^[a-z]+$/.test(initials))
    alternatives.push({ mode: 'initials', tokens: initialTokens(initials), phrase: initials });
  return { text, words, alternatives: alternatives.slice(0, 3) };
}

/**
 * The pinyin of a key written in Chinese characters ("太级拳" → tai ji quan), for 你是不是要找 when a
 * key finds nothing: a title that sounds the same is the likeliest meant.
 */
export function soundsLike(q: string): Alternative | null {
  const [run, ...more] = hanRuns(q.normalize('NFKC'));
  if (!run || more.length || [...run].length < 2) return null;
  const syllables = pinyin(run, { toneType: 'none', type: 'array', v: true });
  return { mode: 'pinyin', tokens: syllableTokens(syllables, ''), phrase: syllables.join(' ') };
}

/**
 * The part of `title` that a pinyin alternative matched ("二十四式太极拳入门" and tai ji quan → 太极拳),
 * or '' when the phrase is not in it as read in context.
 */
export function matchedPart(title: string, alt: Alternative): string {
  const want = alt.phrase.split(' ');
  for (const run of hanRuns(title)) {
    const chars = [...run];
    const py = pinyin(run, { toneType: 'none', type: 'array', v: true });
    const keys = alt.mode === 'initials' ? py.map((s) => s[0] ?? '') : py;
    const target = alt.mode === 'initials' ? [...alt.phrase] : want;
    for (let i = 0; i + target.length <= keys.length; i++) {
      const hit = target.every((t, j) => {
        const k = keys[i + j] ?? '';
        return j === target.length - 1 && alt.mode === 'pinyin' ? k.startsWith(t) : k === t;
      });
      if (hit) return chars.slice(i, i + target.length).join('');
    }
  }
  return '';
}

/** What to mark in a shown title: the key, its words, or the characters its pinyin matched. */
export function termsIn(title: string, plan: QueryPlan): string[] {
  const lower = title.toLowerCase();
  if (plan.text && lower.includes(plan.text)) return [plan.text];
  const words = plan.words.filter((w) => w && lower.includes(w));
  if (words.length) return words;
  for (const a of plan.alternatives) {
    const part = matchedPart(title, a);
    if (part) return [part];
  }
  return [];
}
