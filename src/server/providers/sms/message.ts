/** One verification-code text message to send. */
export interface SmsMessage {
  phone: string;
  /** register | forget_pw | bind_phone | change_phone | pay_password | bank_card | login */
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

/** The text a member receives. */
export function smsText(msg: SmsMessage): string {
  return `【功夫】您的验证码为 ${msg.code}，${msg.minutes} 分钟内有效。如非本人操作请忽略本短信。`;
}
