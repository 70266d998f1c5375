import { api, call } from '../api/client';
import type { CoachAnswers, IdentityApplication, MyApplication, Settled, ShopAnswers } from '../api/contract/applications';
import {
  APPLY_LIMITS as L,
  APPLY_TEXTS as A,
  ExamineStatus,
  KIND_INFO,
  REAL_NAME_RE,
  isCreditCode,
  isIdNumber,
  mayApply,
  type ApplicationKind,
} from '../rules/applications';
import { phoneError } from '../rules/phone';
import { check } from './action';
import { patchSession } from './session';
import { setShopCancelStatus } from './shop-cancel';

export type { IdentityApplication, MyApplication, Settled };

const STATUS_PATH = { coach: '/member/coachExamineStatus', shop: '/member/shopExamineStatus' } as const;

export interface Examined {
  status: number;
  msg: string;
}

/** SPEC §4: the examine status and the server's msg (any code but 200 is a failure with its msg). */
export async function examine(kind: ApplicationKind): Promise<Examined> {
  const env = await call(STATUS_PATH[kind]);
  if (env.code !== 200) throw new Error(env.msg);
  return { status: env.data, msg: env.msg };
}

/**
 * Where a click on 教练入驻 / 店主入驻 may go: the form for 1 and 4; the settlement page for 3 (the
 * application was approved — the member finishes there); nowhere otherwise (the msg is shown).
 */
export function gateTarget(kind: ApplicationKind, status: number): string | null {
  if (mayApply(status)) return KIND_INFO[kind].page;
  if (status === ExamineStatus.APPROVED) return KIND_INFO[kind].settlePage;
  return null;
}

/** The kind a nav link leads to, or null for any other link. */
export function kindOfLink(href: string): ApplicationKind | null {
  const path = href.split(/[?#]/)[0]?.replace(/\/+$/, '');
  if (path === KIND_INFO.coach.page) return 'coach';
  if (path === KIND_INFO.shop.page) return 'shop';
  return null;
}

export const loadIdentity = (kind: ApplicationKind): Promise<IdentityApplication> => api('/member/identityApplication', { type: kind });

/* ---------- the coach form ---------- */

export interface CoachForm {
  real_name: string;
  id_number: string;
  /** The mask of the number a refused application gave (kept when id_number stays empty). */
  id_mask: string;
  id_front: string;
  id_back: string;
  phone: string;
  province: string;
  city: string;
  label_ids: number[];
  intro: string;
  certificates: string[];
  /** Signed preview URLs of the private documents (ID photos, certificates) by stored path. */
  doc_urls: Record<string, string>;
  agree: boolean;
}

export const emptyCoachForm = (phone = ''): CoachForm => ({
  real_name: '',
  id_number: '',
  id_mask: '',
  id_front: '',
  id_back: '',
  phone,
  province: '',
  city: '',
  label_ids: [],
  intro: '',
  certificates: [],
  doc_urls: {},
  agree: false,
});

/** The refused application's answers, to correct (the ID number only as its mask; documents with their signed URLs). */
export const coachFormOf = (a: CoachAnswers, docUrls: Record<string, string> = {}): CoachForm => ({
  real_name: a.real_name,
  id_number: '',
  id_mask: a.id_number_mask,
  id_front: a.id_front,
  id_back: a.id_back,
  phone: a.phone,
  province: a.province,
  city: a.city,
  label_ids: a.label_ids,
  intro: a.intro,
  certificates: a.certificates,
  doc_urls: docUrls,
  agree: false,
});

/** A document just uploaded: `patch` sets its path; its preview URL joins the form's. */
export function withDocument<F extends { doc_urls: Record<string, string> }>(form: F, patch: Partial<F>, path: string, url: string): F {
  return { ...form, ...patch, doc_urls: { ...form.doc_urls, [path]: url } };
}

/** The first problem of a coach form, in the order the fields appear (the server checks again). */
export function coachFormError(f: CoachForm): string | null {
  const name = f.real_name.trim();
  if (!name) return A.realName;
  if (!REAL_NAME_RE.test(name)) return A.realNameBad;
  const id = f.id_number.trim();
  if (!id && !f.id_mask) return A.idNumber;
  if (id && !isIdNumber(id)) return A.idNumberBad;
  if (!f.id_front) return A.idFront;
  if (!f.id_back) return A.idBack;
  const phone = phoneError(f.phone);
  if (phone) return phone;
  if (!f.province) return A.province;
  if (!f.city) return A.city;
  if (!f.label_ids.length) return A.labels;
  if (f.label_ids.length > L.labelsMax) return A.labelsMax;
  const intro = f.intro.trim();
  if (intro.length < L.introMin) return A.intro;
  if (intro.length > L.intro) return A.introMax;
  if (f.certificates.length > L.certificatesMax) return A.certificatesMax;
  if (!f.agree) return A.agree;
  return null;
}

export async function submitCoach(f: CoachForm): Promise<MyApplication> {
  check(coachFormError(f));
  return api('/registerCoach', {
    real_name: f.real_name.trim(),
    id_number: f.id_number.trim(),
    id_front: f.id_front,
    id_back: f.id_back,
    phone: f.phone.trim(),
    province: f.province,
    city: f.city,
    label_ids: f.label_ids,
    intro: f.intro.trim(),
    certificates: f.certificates,
    agree: true,
  });
}

/** Picks or drops a style label (at most L.labelsMax). */
export function toggleLabel(ids: number[], id: number): number[] {
  if (ids.includes(id)) return ids.filter((x) => x !== id);
  check(ids.length >= L.labelsMax ? A.labelsMax : null, 'warning');
  return [...ids, id];
}

/* ---------- the shop form ---------- */

export interface ShopForm {
  shop_name: string;
  logo: string;
  licence_no: string;
  licence_image: string;
  province: string;
  city: string;
  district: string;
  address: string;
  contact_name: string;
  contact_phone: string;
  /** Signed preview URL of the licence photo (a private document) by stored path. */
  doc_urls: Record<string, string>;
  agree: boolean;
}

export const emptyShopForm = (phone = ''): ShopForm => ({
  shop_name: '',
  logo: '',
  licence_no: '',
  licence_image: '',
  province: '',
  city: '',
  district: '',
  address: '',
  contact_name: '',
  contact_phone: phone,
  doc_urls: {},
  agree: false,
});

export const shopFormOf = (a: ShopAnswers, docUrls: Record<string, string> = {}): ShopForm => ({ ...a, doc_urls: docUrls, agree: false });

export function shopFormError(f: ShopForm): string | null {
  const name = f.shop_name.trim();
  if (!name) return A.shopName;
  if (name.length > L.shopName) return A.shopNameMax;
  if (!f.logo) return A.logo;
  const code = f.licence_no.trim();
  if (!code) return A.licenceNo;
  if (!isCreditCode(code)) return A.licenceNoBad;
  if (!f.licence_image) return A.licenceImage;
  if (!f.province) return A.province;
  if (!f.city) return A.city;
  if (!f.district) return A.district;
  const address = f.address.trim();
  if (!address) return A.address;
  if (address.length > L.address) return A.addressMax;
  const contact = f.contact_name.trim();
  if (!contact) return A.contactName;
  if (contact.length > L.contactName) return A.contactNameMax;
  const phone = phoneError(f.contact_phone);
  if (phone) return phone;
  if (!f.agree) return A.agree;
  return null;
}

export async function submitShop(f: ShopForm): Promise<MyApplication> {
  check(shopFormError(f));
  return api('/registerShop', {
    shop_name: f.shop_name.trim(),
    logo: f.logo,
    licence_no: f.licence_no.trim().toUpperCase(),
    licence_image: f.licence_image,
    province: f.province,
    city: f.city,
    district: f.district,
    address: f.address.trim(),
    contact_name: f.contact_name.trim(),
    contact_phone: f.contact_phone.trim(),
    agree: true,
  });
}

/* ---------- settling ---------- */

/**
 * Completes the settlement and updates the session at once: the header's 教练管理 / 店铺管理 and the
 * management areas follow `$session.identity`, so no re-login is needed.
 */
export async function settleIdentity(kind: ApplicationKind, fee: number, payPassword: string): Promise<Settled> {
  if (fee > 0) check(/^\d{6}$/.test(payPassword) ? null : '请输入 6 位数字支付密码');
  const done = await api(kind === 'coach' ? '/member/settledCoach' : '/member/settledShop', { pay_password: fee > 0 ? payPassword : '' });
  patchSession({ identity: done.identity, service_id: done.service_id });
  // A new shop trades normally: its management link needs no further check.
  if (kind === 'shop') setShopCancelStatus(1);
  return done;
}

/* What a refused application said last time (to fill the form again), and the course labels a coach picks from. */
export const fetchCoachFailInfo = () => api('/member/coachFailInfo');
export const fetchCourseLabels = () => api('/course/label');
export const fetchShopFailInfo = () => api('/member/shopFailInfo');
