/** altcha's per-language bundles ship without type declarations; they only register translations. */
declare module 'altcha/i18n/zh-cn';
