import { adminCatalogueApi } from './admin-content-catalogue';
import { adminPagesApi } from './admin-content-pages';
import { adminSiteApi } from './admin-content-site';

/*
 * The console's content, configuration and catalogue oversight. Every write is
 * audited in its own transaction and clears the caches of what it changes, so the public site shows
 * it at once. HTML is sanitised on write.
 */
export const adminContentApi = {
  ...adminPagesApi,
  ...adminSiteApi,
  ...adminCatalogueApi,
};

export * from './admin-content-catalogue';
export * from './admin-content-pages';
export * from './admin-content-site';
