import type { SeedPage } from './pages';
// TEMP-STUB: replaced by the real texts.
export const PAGES_A: SeedPage[] = [
  ['administrativeprovisions', '功夫平台管理规定'],
  ['coachagreement', '教练入驻协议'],
  ['intellectualproperty', '知识产权保护声明'],
  ['liveagreemen', '直播服务协议'],
  ['mechantagreement', '商家入驻协议'],
].map(([slug, title]) => ({ slug: slug!, title: title!, content: `<p>更新日期：2026年11月1日</p><h3>一、总则</h3><p>${title}正文。</p>` }));
