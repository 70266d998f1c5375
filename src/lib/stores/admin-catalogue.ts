import { adminApi } from '../api/admin-client';
import type { ApiInput } from '../api/types';

/** The console's catalogue oversight (on sale, taken off), course labels and coupon templates. */
export const fetchCatalogue = (input: ApiInput<'/admin/catalogue'>) => adminApi('/admin/catalogue', input);
export const putOnSale = (input: ApiInput<'/admin/catalogueOn'>) => adminApi('/admin/catalogueOn', input);
export const takeOffSale = (input: ApiInput<'/admin/catalogueOff'>) => adminApi('/admin/catalogueOff', input);
export const fetchLabels = (input: ApiInput<'/admin/labels'>) => adminApi('/admin/labels', input);
export const sortLabels = (input: ApiInput<'/admin/labelSort'>) => adminApi('/admin/labelSort', input);
export const saveLabel = (input: ApiInput<'/admin/labelSave'>) => adminApi('/admin/labelSave', input);
export const setLabelStatus = (input: ApiInput<'/admin/labelStatus'>) => adminApi('/admin/labelStatus', input);
export const fetchCouponTemplates = (input: ApiInput<'/admin/coupons'>) => adminApi('/admin/coupons', input);
export const stopCouponTemplate = (input: ApiInput<'/admin/couponStop'>) => adminApi('/admin/couponStop', input);
export const saveCouponTemplate = (input: ApiInput<'/admin/couponSave'>) => adminApi('/admin/couponSave', input);
