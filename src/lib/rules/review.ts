/** 评价 (/my/order/publish): limits and texts both sides use. Zod-free. */
export const REVIEW_LIMITS = { contentMax: 500, imagesMax: 6 } as const;
export const REVIEW_KINDS = ['goods', 'course', 'class'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const STAR_TEXT = ['', '很差', '较差', '一般', '满意', '非常满意'] as const;

export const REVIEW_TEXTS = {
  notCompleted: '订单完成后才能评价',
  already: '已经评价过了',
  starsNeeded: '请为每一项打分',
  done: '评价成功，感谢你的分享',
  empty: '还没有评价',
  itemMissing: '评价的商品不在这个订单里',
  image: '图片地址不正确，请重新上传',
} as const;

/** "4.7" for an average of stars (one decimal, no trailing .0 for whole numbers). */
export const starAverage = (avg: number) =>
  Number.isInteger(Math.round(avg * 10) / 10) ? String(Math.round(avg)) : (Math.round(avg * 10) / 10).toFixed(1);
