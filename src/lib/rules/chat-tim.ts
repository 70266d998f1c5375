/**
 * Chinese texts for Tencent IM error codes (IM_PROVIDER=tim). The tim adapter keeps the SDK's code
 * and shows these instead of the SDK's English/internal text. Codes from Tencent IM's error-code
 * table (https://cloud.tencent.com/document/product/269/1671); 2000 is SPEC §8's bad-SDKAppID login.
 */
export const TIM_ERROR_TEXTS: Readonly<Record<number, string>> = {
  2000: '应用 ID（SDKAppID）无效',
  2024: '聊天尚未登录',
  2800: '网络连接失败，请检查网络',
  2801: '请求超时，请稍后再试',
  6014: '聊天尚未登录',
  70001: '登录签名已过期，请重新登录',
  70003: '登录签名无效，请重新登录',
  70009: '登录签名校验失败，请重新登录',
  70013: '登录签名与账号不匹配',
  10004: '参数不正确',
  10007: '没有权限进行该操作',
  10010: '群组不存在或已解散',
  10013: '已经是群成员',
  10014: '群成员已满',
  10015: '群组 ID 无效',
  10017: '你已被禁言，无法发言',
  20003: '用户 ID 无效',
  20007: '对方已将你拉黑，消息发送失败',
  20009: '你们还不是好友',
  20010: '对方不是你的好友',
  20016: '消息发送已超过2分钟，无法撤回',
  30010: '好友数量已达上限',
  30515: '对方在你的黑名单中',
  30525: '你已被对方拉黑',
  80001: '消息含有不允许的内容',
};

export const TIM_TEXTS = {
  /** Any code not in the table. */
  unknown: (code: number) => `聊天服务出错（${code}）`,
  loginTimeout: '聊天服务连接超时，请稍后再试',
  messageGone: '消息不存在或已被删除',
  applicationGone: '该入群申请已处理或不存在',
  /** An element the app does not render (e.g. Tencent's face/merged messages). */
  unsupported: '[暂不支持的消息]',
} as const;

/** The text to show for a Tencent IM error: ours by code, else the SDK's own if it is Chinese. */
export function timErrorText(code: number, sdkMessage: string): string {
  return TIM_ERROR_TEXTS[code] ?? (/[\u4e00-\u9fff]/.test(sdkMessage) ? sdkMessage : TIM_TEXTS.unknown(code));
}

/** Server side (Tencent REST API): what an HTTP client sees when Tencent refuses or is unreachable. */
export const TIM_SERVER_TEXTS = {
  unavailable: '聊天服务暂时不可用，请稍后再试',
  joinFailed: '加入群聊失败，请稍后再试',
} as const;
