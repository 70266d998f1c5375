import { highlightTerms } from '~/lib/rules/highlight';
import { planQuery, termsIn } from '../modules/search/pinyin';

/** The marker of a results page: a shown title as HTML, with what matched the key marked (its pinyin too). */
export function markerFor(q: string): (title: string) => string {
  const plan = planQuery(q);
  return (title) => highlightTerms(title, termsIn(title, plan));
}
