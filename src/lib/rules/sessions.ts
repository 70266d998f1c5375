/** 登录设备 (账号安全): texts and limits shared by the server and the page. */

/** A login from a device + place not seen for this member within these days sends a notice. */
export const NEW_DEVICE_DAYS = 30;
/** A session's last-active time is written at most once per this many minutes. */
export const SESSION_TOUCH_MIN = 5;

/** The place shown for loopback and private (LAN) addresses. */
export const LOCAL_PLACE = '本机/局域网';
export const UNKNOWN_PLACE = '未知';
export const UNKNOWN_DEVICE = '未知设备';

export const SESSION_TEXTS = {
  notFound: '该设备已退出登录',
  revoked: '已退出该设备',
  revokedOthers: '已退出其他设备',
  current: '本机',
  confirmOne: '确定让该设备退出登录吗？该设备需要重新登录才能使用。',
  confirmOthers: '确定让除本机以外的所有设备退出登录吗？',
  noticeTitle: '账号在新设备上登录',
  pwChangedMeanwhile: '密码刚刚已被修改，请重新登录后再试',
} as const;
