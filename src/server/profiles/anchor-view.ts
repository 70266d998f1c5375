import { coachIndex, shopIndex } from './profile.service';
import { orNotFound } from '../http/page-load';

/**
 * The public homepage of a coach or a shop as /anchor and /anchor/friendscircle show it: one view
 * of either profile (a coach shows title, styles and years; a shop its intro line). Goods and
 * courses an owner re-sells as an agent link with `agent=…`, so the order can credit them.
 * Null when there is no such profile (the page answers 404).
 */
export async function anchorView(type: 'coach' | 'mechant' | null, id: number | null) {
  const coach = type === 'coach' && id ? await orNotFound(coachIndex(id, null)) : null;
  const shop = type === 'mechant' && id ? await orNotFound(shopIndex(id, null)) : null;
  // The intro's counts are the on-sale totals of the profile info, not the lengths of the tabs' first pages.
  if (coach)
    return {
      ...coach,
      line: coach.info.title,
      styles: coach.info.styles,
      years: coach.info.years,
      ownGoods: [],
      agentGoods: coach.goods,
      counts: { courses: coach.info.course_count, classes: coach.info.class_count, goods: 0 },
    };
  if (shop)
    return {
      ...shop,
      line: shop.info.intro,
      styles: shop.labels,
      years: 0,
      ownGoods: shop.goods,
      agentGoods: shop.agent_goods,
      classes: [],
      counts: { courses: shop.info.course_count, classes: 0, goods: shop.info.goods_count },
    };
  return null;
}
export type AnchorView = NonNullable<Awaited<ReturnType<typeof anchorView>>>;
