import { api } from '../api/client';
import type { ApiInput } from '../api/types';

/** Reviews of courses, classes and goods: a page of them, and the buyer's review of a completed order. */
export const fetchReviews = (input: ApiInput<'/public/reviews'>) => api('/public/reviews', input);
export const fetchOrderReviewInfo = (input: ApiInput<'/member/orderReviewInfo'>) => api('/member/orderReviewInfo', input);
export const publishOrderReview = (input: ApiInput<'/member/orderReview'>) => api('/member/orderReview', input);
