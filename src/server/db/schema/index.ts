/** The whole schema, one file per domain. */
export * from './users';
export * from './site';
export * from './content';
export * from './accounts';
export * from './catalogue';
export * from './commerce';
export * from './seller';
export * from './seller-content';
export * from './seller-shop';
export * from './refunds';
export * from './seller-payouts';
export * from './providers';
export * from './applications';
export * from './admin';
export * from './operations';
export * from './admin-content';
export * from './im';
