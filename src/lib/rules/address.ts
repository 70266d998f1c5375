import { phoneError } from './phone';
import { isRegion, type Regions } from './regions';

/* Delivery-address rules, shared by the contract (server) and the address store (browser). */

export const ADDRESS_LIMITS = { name: 20, detailMin: 4, detail: 120, region: 16, perMember: 20 } as const;

export const ADDRESS_TEXTS = {
  name: '请填写收货人',
  nameLong: `收货人最多 ${ADDRESS_LIMITS.name} 个字`,
  detail: '请填写详细地址',
  detailShort: `详细地址至少 ${ADDRESS_LIMITS.detailMin} 个字`,
  detailLong: `详细地址最多 ${ADDRESS_LIMITS.detail} 个字`,
  province: '请选择省份',
  city: '请选择城市',
  district: '请选择区县',
  region: '请选择正确的省市区',
  full: `最多保存 ${ADDRESS_LIMITS.perMember} 个收货地址`,
  missing: '地址不存在',
} as const;

/** What a member types into the address form. */
export interface AddressFields {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

/**
 * The first thing wrong with an address, with the server's rules, texts and order, or null: the
 * fields one by one, then the province / city / district path against the region dataset.
 */
export function addressError(a: AddressFields, regions: Regions): string | null {
  const name = a.name.trim();
  if (!name) return ADDRESS_TEXTS.name;
  if (name.length > ADDRESS_LIMITS.name) return ADDRESS_TEXTS.nameLong;
  const phone = phoneError(a.phone);
  if (phone) return phone;
  if (!a.province.trim()) return ADDRESS_TEXTS.province;
  if (!a.city.trim()) return ADDRESS_TEXTS.city;
  if (!a.district.trim()) return ADDRESS_TEXTS.district;
  const detail = a.detail.trim();
  if (detail.length < ADDRESS_LIMITS.detailMin) return ADDRESS_TEXTS.detailShort;
  if (detail.length > ADDRESS_LIMITS.detail) return ADDRESS_TEXTS.detailLong;
  // The server checks the path after the fields themselves, and so does the form.
  if (!isRegion(regions, a.province.trim(), a.city.trim(), a.district.trim())) return ADDRESS_TEXTS.region;
  return null;
}

/** One address as a line of text. */
export const addressText = (a: Pick<AddressFields, 'province' | 'city' | 'district' | 'detail'>): string =>
  `${a.province} ${a.city} ${a.district} ${a.detail}`;
