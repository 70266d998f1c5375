import { readCustom } from '~/lib/chat/custom';
import { callRecordText } from '~/lib/rules/call';

/**
 * A stored call signal as the message bubble shows it (the call record): 视频通话 通话时长 01:23,
 * 对方已拒绝, 未接听… `data` is the custom message's data; null for anything that is not a record.
 */
export function CallRecord(props: { data: string; flow: 'in' | 'out' }) {
  const c = readCustom(props.data);
  if (!c || c.businessID !== 'call') return null;
  const text = callRecordText(c, props.flow);
  if (!text) return null;
  return (
    <span className="inline-flex items-center gap-1.5" data-call-record={c.action}>
      <span className={`${c.media === 'video' ? 'i-ri-vidicon-line' : 'i-ri-phone-line'} text-base`} />
      {text}
    </span>
  );
}
