/** Coupon rules the browser needs without the contract (and so without zod). */

/** Where a coupon applies: everything, one kind of order, or one shop's goods. */
export const COUPON_SCOPES = ['all', 'course', 'class', 'goods', 'shop'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** A coupon naming one course (a `course` template with a course: the points shop's course discount). */
export const COURSE_COUPON_TEXTS = {
  /** Where it applies, shown on the coupon. */
  only: (courseTitle: string) => `限「${courseTitle}」使用`,
  /** The course it named was deleted: usable nowhere. */
  gone: '限指定课程使用（该课程已删除）',
  /** Refused at checkout on any other order. */
  otherCourse: (courseTitle: string) => `该优惠券仅限课程「${courseTitle}」使用`,
} as const;
