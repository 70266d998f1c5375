import { log } from '../../log';
import { smsText, type SmsMessage, type SmsProvider } from './message';

/**
 * The embedded default: nothing leaves the machine. The code goes to the server log (and, like
 * every provider, to the sms_outbox table), where operators and the e2e tests read it.
 */
export class LogSms implements SmsProvider {
  readonly name = 'log';
  async send(msg: SmsMessage): Promise<string> {
    log.info('sms', { provider: this.name, phone: msg.phone, purpose: msg.purpose, code: msg.code, text: smsText(msg) });
    return `log-${Date.now()}`;
  }
}
