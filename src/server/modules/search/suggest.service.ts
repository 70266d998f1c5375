import { eq } from 'drizzle-orm';
import { SEARCH_KINDS, SEARCH_LIMITS, type SearchKind } from '~/lib/rules/search';
import { cached } from '../../cache';
import { db } from '../../db';
import { config } from '../../db/schema';
import { rankedHits } from './hits.service';
import { freshIndex } from './index.service';
import { matchedPart, planQuery, soundsLike, type QueryPlan } from './pinyin';

/** What the box suggests while typing: a title of some kind, searched in that kind's tab when picked. */
export interface Suggestion {
  text: string;
  kind: SearchKind;
}

/** Kinds whose titles make suggestions (a 功夫圈 post has no title, only its opening words). */
const SUGGESTING: readonly SearchKind[] = SEARCH_KINDS.filter((k) => k !== 'post');

/** The console's 热门搜索 (config `search_hot_words`, words apart by commas or spaces), kept with the other config. */
export function hotWords(): Promise<string[]> {
  return cached('config:search_hot_words', 30_000, async () => {
    const [row] = await db().select({ value: config.value }).from(config).where(eq(config.key, 'search_hot_words')).limit(1);
    return (row?.value ?? '')
      .split(/[,，、\s]+/u)
      .map((w) => w.trim())
      .filter(Boolean)
      .slice(0, SEARCH_LIMITS.hotMax);
  });
}

/**
 * Up to eight titles for what is typed so far (a character, a pinyin letter, 简拼 or 全拼 with a
 * half-typed last syllable), exact matches by popularity across kinds; `type` (the section's tab)
 * first. An empty key answers nothing (the box shows hot and recent words then).
 */
export async function suggest(q: string, type?: SearchKind): Promise<Suggestion[]> {
  const plan = planQuery(q);
  if (!plan.text) return [];
  await freshIndex();
  const hits = await rankedHits(plan, SUGGESTING, SEARCH_LIMITS.suggestMax, { headingOnly: true });
  const all = [...hits.values()]
    .flat()
    .sort((a, b) => Number(b.kind === type) - Number(a.kind === type) || b.bucket - a.bucket || b.popularity - a.popularity);
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const h of all) {
    const text = h.title.trim();
    if (!text || seen.has(text)) continue;
    seen.add(text);
    out.push({ text, kind: h.kind });
    if (out.length >= SEARCH_LIMITS.suggestMax) break;
  }
  return out;
}

/**
 * 你是不是要找: for a key that found nothing, the likeliest meant — the part of the most popular title
 * that sounds like it ("太级拳" → 太极拳), or a title whose pinyin starts like the letters typed.
 */
export async function didYouMean(q: string): Promise<string> {
  const plan = planQuery(q);
  const alt = soundsLike(plan.text) ?? plan.alternatives[0] ?? null;
  if (!alt) return '';
  const sounding: QueryPlan = { text: '', words: [], alternatives: [alt] };
  const hits = [...(await rankedHits(sounding, SUGGESTING, 3, { headingOnly: true })).values()]
    .flat()
    .sort((a, b) => b.bucket - a.bucket || b.popularity - a.popularity);
  for (const h of hits) {
    const part = matchedPart(h.title, alt);
    if (part && part !== plan.text) return part;
  }
  return '';
}
