import { atom, map } from 'nanostores';
import { api, errorText } from '../api/client';
import type { Address } from '../api/contract/address';
import { addressError, type AddressFields } from '../rules/address';
import { loadRegions, type Regions } from '../rules/regions';
import { check } from './action';

export type { Address };
export { addressText } from '../rules/address';

/** What the address form edits. */
export interface AddressForm extends AddressFields {
  is_default: boolean;
}

export const EMPTY_ADDRESS: AddressForm = { name: '', phone: '', province: '', city: '', district: '', detail: '', is_default: false };

/** The form's starting values: a saved address to edit, or a blank one. */
export function addressForm(a: Address | null): AddressForm {
  if (!a) return EMPTY_ADDRESS;
  return {
    name: a.name,
    phone: a.phone,
    province: a.province,
    city: a.city,
    district: a.district,
    detail: a.detail,
    is_default: a.is_default === 1,
  };
}

/** The region dataset once loaded (the picker's options); null before. */
export const $regions = atom<Regions | null>(null);

/** Loads the region dataset for the picker (once; later calls reuse it). */
export async function ensureRegions(): Promise<Regions> {
  const r = await loadRegions();
  if ($regions.get() !== r) $regions.set(r);
  return r;
}

/** /my/address: the member's addresses (null until loaded). */
export const $addresses = map<{ list: Address[] | null; error: string }>({ list: null, error: '' });

/** Loads the address book; a failure keeps its text for the page. */
export async function loadAddresses(): Promise<void> {
  try {
    $addresses.set({ list: await api('/member/addressList'), error: '' });
  } catch (err) {
    $addresses.setKey('error', errorText(err));
  }
}

/**
 * Saves a new address (no `id`) or an edit, after the server's own checks here (name, phone,
 * region path, detail) so a slip is named without a round trip. The book, if shown, reloads.
 */
export async function saveAddress(form: AddressForm, id?: number): Promise<Address> {
  check(addressError(form, await ensureRegions()));
  const saved = await api('/member/addressSave', {
    ...(id ? { id } : {}),
    name: form.name.trim(),
    phone: form.phone.trim(),
    province: form.province,
    city: form.city,
    district: form.district,
    detail: form.detail.trim(),
    is_default: form.is_default,
  });
  if ($addresses.get().list) await loadAddresses();
  return saved;
}

/** Makes a saved address the default. */
export const makeDefaultAddress = (a: Address): Promise<Address> => saveAddress({ ...addressForm(a), is_default: true }, a.id);

/** Deletes an address and reloads the book. */
export async function deleteAddress(a: Address): Promise<void> {
  await api('/member/addressDelete', { id: a.id });
  await loadAddresses();
}
