/* Payment rules shared by the contracts (server) and the payment store (browser). */

/** The gateways the site may offer (which are on depends on the server's configuration). */
export const PAY_PROVIDERS = ['sandbox', 'wechat', 'alipay'] as const;
export type PayProviderName = (typeof PAY_PROVIDERS)[number];

/** pending until the gateway's verified notice lands, then paid (once). */
export const PAYMENT_STATUSES = ['pending', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a gateway payment is for. */
export const PAYMENT_PURPOSES = ['order', 'topup'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** Fen in one 功夫币 (1 功夫币 = ¥1). */
export const COIN_FEN = 100;

/** Top-ups: whole coins within these bounds. */
export const TOPUP_MIN = 1;
export const TOPUP_MAX = 50_000;

/** A six-digit pay password (the coin payment dialog). */
export const PAY_PASSWORD_RE = /^\d{6}$/;

export const PAY_TEXTS = {
  unavailable: '该支付方式暂不可用',
  sandboxOff: '沙箱支付仅用于开发和测试环境',
  pickProvider: '请选择支付方式',
  noProvider: '暂无可用的支付方式',
  topUpMin: `至少充值 ${TOPUP_MIN} 个`,
  topUpMax: `单次最多充值 ${TOPUP_MAX} 个`,
  topUpAmount: '请输入充值数量（至少 1 个）',
  payPassword: '请输入 6 位数字支付密码',
  coinsShort: '功夫币余额不足，请先充值或选择其他支付方式',
} as const;

/**
 * Where the payer is, as the client says (the server picks the gateway product from it): `pc` a
 * computer (WeChat Native QR code, Alipay 电脑网站支付), `h5` a phone browser (WeChat H5, Alipay
 * 手机网站支付), `wechat` inside WeChat's own browser (WeChat JSAPI; Alipay does not open there).
 */
export const PAY_SCENES = ['pc', 'h5', 'wechat'] as const;
export type PayScene = (typeof PAY_SCENES)[number];

/** The WeChat in-app browser on a phone (WeChat for Windows and macOS is a computer). */
export const isWechatBrowser = (ua: string): boolean => /MicroMessenger/i.test(ua) && !/WindowsWechat|MacWechat/i.test(ua);

/** The scene of a browser by its user agent. */
export function payScene(ua: string): PayScene {
  if (isWechatBrowser(ua)) return 'wechat';
  return /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i.test(ua) ? 'h5' : 'pc';
}

export const MOBILE_PAY_TEXTS = {
  /** Inside WeChat a JSAPI payment needs the payer's openid: the official account must be configured. */
  wechatNeedsMp: '请在浏览器中打开本页完成微信支付',
  alipayInWechat: '微信内无法使用支付宝，请点击右上角，选择在浏览器中打开',
  cancelled: '已取消支付',
  bridgeMissing: '请在微信中打开本页完成支付',
} as const;
