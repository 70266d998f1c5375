import { defineConfig, presetIcons, presetTypography, presetWind3, transformerDirectives, transformerVariantGroup } from 'unocss';

/**
 * The site's colours, named by what they mean: the only place a hex value is written
 * (tests/unit/theme-colours.test.ts). Classes use them (`text-danger`, `bg-surface-head`); scripts that
 * draw (charts) and plain CSS read them as the custom properties `--gf-<name>` (`--gf-brand-accent`).
 */
const colors = {
  /**
   * SPEC §9's accent #ffa60f stays for fills that carry no text (borders, focus, bars, tints): white
   * text on it, or it as text on white, is 2.0:1. Text and fills under white text take the darker
   * tone of the same hue (35°): 5.0:1 on white, 4.6:1 on the page and on brand-light (WCAG AA).
   */
  brand: {
    DEFAULT: '#a35f00',
    dark: '#8a5000',
    deep: '#b36b00',
    light: '#fff4e0',
    soft: '#ffe9c2',
    tint: '#fff4f0',
    accent: '#ffa60f',
  },
  /** `mute` and `faint` carry small print (times, hints, counts): 4.6:1 or more on the page background. */
  ink: { DEFAULT: '#333333', soft: '#666666', mute: '#707070', faint: '#6b6e75' },
  line: { DEFAULT: '#eeeeee', strong: '#dcdfe6' },
  page: '#f5f6f8',
  /** The warm dark of coach and shop headers: their default backdrop and the scrim over a cover. */
  shade: { DEFAULT: '#1c1208', mid: '#5a3410', warm: '#c87400', night: '#2b1d0e' },
  /** VIP membership: badges, 会员价 and the member card; white text on it and it as text on white are 6:1. */
  vip: { DEFAULT: '#8a5a00', light: '#fdf3dc', edge: '#e8c77a' },
  /** Prices and amounts to pay; `panel` behind a price block. Red text at 4.6:1 on white, the page and the panel. */
  price: { DEFAULT: '#d32f2f', panel: '#fff5f5' },
  /** Errors, refusals, destructive actions; `strong` is the console's (and forms') deeper red. */
  danger: { DEFAULT: '#d32f2f', strong: '#c62828', light: '#fef0f0', pale: '#fdecec' },
  success: {
    DEFAULT: '#52c41a',
    soft: '#67c23a',
    deep: '#3f9b16',
    strong: '#1a9a4b',
    light: '#f0f9eb',
    pale: '#e8f7ee',
    tint: '#e8f7e0',
  },
  /** Cautions and notes: `note` / `edge` / `ink` are a note's background, border and text. */
  warning: {
    DEFAULT: '#e6a23c',
    light: '#fdf6ec',
    strong: '#d46b08',
    note: '#fff7e6',
    edge: '#ffd591',
    ink: '#935800',
    tag: '#fff4e5',
    deep: '#b26a00',
  },
  info: { DEFAULT: '#1677ff', light: '#e6f7ff', bright: '#409eff', link: '#2b6cb0' },
  star: { DEFAULT: '#ffb400', off: '#cccccc', empty: '#dddddd' },
  /** The coin wallet's and the income card's gradient, and a white button on it. */
  coin: { DEFAULT: '#ff8a00', from: '#ffb020', hover: '#fff6e6' },
  /** The gradient band at the top of the help and activity pages. */
  hero: { from: '#ffb53d', to: '#ff8a00' },
  coupon: { from: '#ff9f0a', to: '#ff6a00', off: '#c0c4cc' },
  bankcard: { from: '#3a4a6b', to: '#1f2a40' },
  /** Light grey surfaces: table heads, panes, rows on hover, tags and chips. */
  surface: {
    head: '#f7f8fa',
    pane: '#f5f6f7',
    soft: '#fafafa',
    grey: '#f5f5f5',
    quote: '#f7f7f7',
    hover: '#f7f7f8',
    tag: '#f0f0f0',
    chip: '#f0f2f5',
    off: '#f2f3f5',
    pinned: '#f0f0f2',
    desk: '#eef0f3',
  },
  /** Empty-state icons and picture placeholders. */
  placeholder: { DEFAULT: '#d9d9d9', chat: '#d8d8d8', soft: '#dddddd' },
  /** Dark surfaces: the console header, footers, video backdrops, the chat rail and call windows. */
  night: {
    DEFAULT: '#1f2329',
    video: '#111111',
    footer: '#23252b',
    base: '#1b1c20',
    text: '#a9abb2',
    rail: '#2e3238',
    dim: '#b6bac2',
    call: '#2b2f36',
    stage: '#1f2227',
    bar: '#1b1b1b',
  },
  accept: { DEFAULT: '#22b35e', hover: '#1b9a50' },
  hangup: { DEFAULT: '#f5475b', hover: '#e0303f' },
  /** Other companies' marks, in their own colours. */
  wechat: { DEFAULT: '#07c160', pay: '#09bb07' },
  qq: '#12b7f5',
  alipay: '#1677ff',
  android: '#3ddc84',
};

type Palette = { [name: string]: string | Palette };

/** `:root{--gf-brand:…;--gf-brand-accent:…}`: the palette as custom properties. */
function customProperties(palette: Palette, prefix = '--gf'): string {
  return Object.entries(palette)
    .map(([k, v]) => {
      const name = k === 'DEFAULT' ? prefix : `${prefix}-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      return typeof v === 'string' ? `${name}:${v};` : customProperties(v, name);
    })
    .join('');
}

/** Design tokens of SPEC §9: accent #ffa60f (with its accessible text tone), content 1180px, header 72/58px, toolbar 64px. */
export default defineConfig({
  presets: [
    presetWind3(),
    presetIcons({ scale: 1.2, extraProperties: { display: 'inline-block', 'vertical-align': 'middle' } }),
    presetTypography({ cssExtend: { a: { color: colors.brand.DEFAULT }, img: { 'border-radius': '6px' } } }),
  ],
  transformers: [transformerDirectives(), transformerVariantGroup()],
  // Icon and class names also live in plain .ts rule tables (e.g. the member nav).
  content: { pipeline: { include: [/\.(astro|[jt]sx|html)($|\?)/, /src\/lib\/.*\.ts($|\?)/] } },
  theme: { colors },
  shortcuts: {
    'gf-container': 'w-[1180px] mx-auto',
    'gf-card': 'bg-white rounded-lg',
    'gf-btn':
      'inline-flex items-center justify-center gap-1 h-9 px-4 rounded-md text-sm transition-colors cursor-pointer select-none disabled:(opacity-60 cursor-not-allowed)',
    'gf-btn-primary': 'gf-btn bg-brand text-white hover:bg-brand-dark',
    'gf-btn-ghost': 'gf-btn border border-line bg-white text-ink hover:(border-brand-accent text-brand)',
    'gf-input': 'h-10 w-full rounded-md border border-line-strong px-3 text-sm outline-none focus:border-brand-accent bg-white',
    'gf-link': 'text-ink hover:text-brand transition-colors',
    /** A profile header's backdrop when it has no cover. */
    'gf-profile-bg': 'bg-gradient-to-r from-shade via-shade-mid to-shade-warm',
    /**
     * Over a profile cover, behind the name, tags and buttons: dark where the text sits (bottom
     * and left), so any picture, even one with words in it, stays behind the header.
     */
    'gf-scrim': 'bg-gradient-to-t from-shade/95 via-shade/85 to-shade/45',
    // The mobile site (src/pages/m): 44 px touch targets; 16 px inputs so iOS does not zoom on focus.
    'gf-m-btn':
      'inline-flex items-center justify-center gap-1 min-h-11 px-5 rounded-full text-[15px] select-none transition-colors disabled:(opacity-60 cursor-not-allowed)',
    'gf-m-btn-primary': 'gf-m-btn bg-brand text-white active:bg-brand-dark',
    'gf-m-btn-ghost': 'gf-m-btn border border-line-strong bg-white text-ink active:bg-surface-hover',
    'gf-m-input': 'h-11 w-full rounded-lg border border-line-strong bg-white px-3 text-base outline-none focus:border-brand-accent',
    'gf-m-card': 'bg-white rounded-xl',
    /** A detail page's fixed bottom bar (buy, cart, follow); the layout keeps room for it. */
    'gf-m-actions':
      'fixed inset-x-0 bottom-0 z-40 flex items-center gap-2 border-t border-line bg-white px-3 py-1.5 pb-[calc(0.375rem+env(safe-area-inset-bottom))]',
  },
  safelist: ['prose', 'prose-sm'],
  preflights: [
    { getCSS: () => `:root{${customProperties(colors)}}` },
    {
      // The live room's barrage: each line crosses the stage from its right edge to past its left.
      getCSS: () => '@keyframes gf-barrage{from{left:100%;transform:translateX(0)}to{left:0;transform:translateX(-100%)}}',
    },
  ],
});
