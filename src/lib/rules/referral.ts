/**
 * 推荐好友: a member's invitation code is their user id in base 36 (not a secret:
 * it only says who invited). A friend who registers through it — by phone or by a first WeChat/QQ
 * login — is theirs once; when that friend's first order completes, the inviter gets the config's
 * `invite_reward_coins` kung fu coins through the ledger. Zod-free.
 */
export const INVITE_PARAM = 'inviter';
/** Where the browser keeps a code from an invitation link until registration (30 days). */
export const INVITE_STORAGE_KEY = 'gf:inviter';
export const INVITE_KEEP_MS = 30 * 86_400_000;
export const INVITE_REWARD_DEFAULT = 50;

export const inviteCodeOf = (userId: number): string => userId.toString(36).toUpperCase();

/** The user id in a code, or null when it is not one. */
export function userIdOfInvite(code: string | null | undefined): number | null {
  const c = (code ?? '').trim();
  if (!/^[0-9A-Za-z]{1,10}$/.test(c)) return null;
  const n = parseInt(c, 36);
  // User ids are PostgreSQL integers: anything larger names nobody.
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** The invitation link: the registration page carrying the code. */
export const inviteLink = (origin: string, userId: number) =>
  `${origin.replace(/\/+$/, '')}/account/regmember?${INVITE_PARAM}=${inviteCodeOf(userId)}`;

export const REFERRAL_TEXTS = {
  rule: (coins: number) =>
    coins > 0
      ? `好友通过你的邀请链接或二维码注册（含微信、QQ 首次登录），完成第一笔订单后，你将获得 ${coins} 功夫币奖励。每位好友只计一次。`
      : '好友通过你的邀请链接或二维码注册（含微信、QQ 首次登录）即可成为你邀请的好友。当前暂无奖励活动。',
  rewardTitle: '邀请奖励到账',
  rewardNotice: (nick: string, coins: number) => `你邀请的好友「${nick}」完成了第一笔订单，${coins} 功夫币已存入你的钱包。`,
  ledgerNote: '邀请好友奖励',
  copied: '邀请链接已复制，快去分享给好友吧',
} as const;
