import { defineConfig, presetIcons, presetTypography, presetWind3, transformerDirectives, transformerVariantGroup } from 'unocss';

/** Design tokens of SPEC §9: accent #ffa60f, content 1180px, header 72/58px, toolbar 64px. */
export default defineConfig({
  presets: [
    presetWind3(),
    presetIcons({ scale: 1.2, extraProperties: { display: 'inline-block', 'vertical-align': 'middle' } }),
    presetTypography({ cssExtend: { a: { color: '#e08d00' }, img: { 'border-radius': '6px' } } }),
  ],
  transformers: [transformerDirectives(), transformerVariantGroup()],
  // Icon and class names also live in plain .ts rule tables (e.g. the member nav).
  content: { pipeline: { include: [/\.(astro|[jt]sx|html)($|\?)/, /src\/lib\/.*\.ts($|\?)/] } },
  theme: {
    colors: {
      brand: { DEFAULT: '#ffa60f', dark: '#e08d00', light: '#fff4e0' },
      ink: { DEFAULT: '#333333', soft: '#666666', mute: '#999999' },
      line: '#eeeeee',
      page: '#f5f6f8',
      /** The warm dark of coach and shop headers: their default backdrop and the scrim over a cover. */
      shade: { DEFAULT: '#1c1208', mid: '#5a3410', warm: '#c87400' },
    },
  },
  shortcuts: {
    'gf-container': 'w-[1180px] mx-auto',
    'gf-card': 'bg-white rounded-lg',
    'gf-btn':
      'inline-flex items-center justify-center gap-1 h-9 px-4 rounded-md text-sm transition-colors cursor-pointer select-none disabled:(opacity-60 cursor-not-allowed)',
    'gf-btn-primary': 'gf-btn bg-brand text-white hover:bg-brand-dark',
    'gf-btn-ghost': 'gf-btn border border-line bg-white text-ink hover:(border-brand text-brand)',
    'gf-input': 'h-10 w-full rounded-md border border-[#dcdfe6] px-3 text-sm outline-none focus:border-brand bg-white',
    'gf-link': 'text-ink hover:text-brand transition-colors',
    /** A profile header's backdrop when it has no cover. */
    'gf-profile-bg': 'bg-gradient-to-r from-shade via-shade-mid to-shade-warm',
    /**
     * Over a profile cover, behind the name, tags and buttons: dark where the text sits (bottom
     * and left), so any picture, even one with words in it, stays behind the header.
     */
    'gf-scrim': 'bg-gradient-to-t from-shade/95 via-shade/85 to-shade/45',
  },
  safelist: ['prose', 'prose-sm'],
  preflights: [
    {
      // The live room's barrage: each line crosses the stage from its right edge to past its left.
      getCSS: () => '@keyframes gf-barrage{from{left:100%;transform:translateX(0)}to{left:0;transform:translateX(-100%)}}',
    },
  ],
});
