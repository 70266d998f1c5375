import { env } from '../../env';
import { AliyunSms } from './aliyun';
import { LogSms } from './log';

/** One verification-code text message to send. */
export interface SmsMessage {
  phone: string;
  /** register | forget_pw | bind_phone | change_phone | pay_password | bank_card */
  purpose: string;
  code: string;
  /** Minutes the code stays valid, for the text. */
  minutes: number;
}

/** An SMS carrier. `send` resolves with the carrier's message id and rejects when it refused. */
export interface SmsProvider {
  readonly name: string;
  send(msg: SmsMessage): Promise<string>;
}

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

/** The text a member receives. */
export function smsText(msg: SmsMessage): string {
  return `【功夫】您的验证码为 ${msg.code}，${msg.minutes} 分钟内有效。如非本人操作请忽略本短信。`;
}
