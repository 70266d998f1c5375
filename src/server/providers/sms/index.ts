import { env } from '../../env';
import { AliyunSms } from './aliyun';
import { LogSms } from './log';
import type { SmsProvider } from './message';

// The message, its text and the provider type live in message.ts, so the carriers need not import this chooser.
export { smsText, type SmsMessage, type SmsProvider } from './message';

let provider: SmsProvider | undefined;

/** The configured provider: `log` (embedded default) or `aliyun` (SMS_PROVIDER=aliyun + keys). */
export function sms(): SmsProvider {
  if (provider) return provider;
  const e = env();
  if (e.SMS_PROVIDER === 'aliyun') {
    if (!e.ALIYUN_ACCESS_KEY_ID || !e.ALIYUN_ACCESS_KEY_SECRET || !e.ALIYUN_SMS_SIGN_NAME || !e.ALIYUN_SMS_TEMPLATE_CODE) {
      throw new Error(
        'SMS_PROVIDER=aliyun needs ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE',
      );
    }
    provider = new AliyunSms({
      accessKeyId: e.ALIYUN_ACCESS_KEY_ID,
      accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET,
      signName: e.ALIYUN_SMS_SIGN_NAME,
      templateCode: e.ALIYUN_SMS_TEMPLATE_CODE,
    });
  } else {
    provider = new LogSms();
  }
  return provider;
}

/** Forget the chosen provider (tests switch configuration). */
export function resetSms(): void {
  provider = undefined;
}
