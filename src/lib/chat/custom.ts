/**
 * What a TIMCustomElem's `data` holds, by `businessID` (one place, so cards, shares and call
 * signalling read the same on both adapters). Plain types and tiny helpers only (browser code).
 */
export type CallAction =
  /** Ringing the callee (stored: it becomes the call record's start). */
  | 'invite'
  | 'accept'
  | 'reject'
  /** The callee is already in a call (SPEC chat state's busy flag). */
  | 'busy'
  /** The caller gave up before an answer. */
  | 'cancel'
  | 'hangup'
  /** Nobody answered within 30 s. */
  | 'timeout'
  // WebRTC negotiation, sent online-only (never stored):
  | 'offer'
  | 'answer'
  | 'candidate';

export type CustomData =
  /** SPEC §3 share payload for a coach: id, type coach, title (nickname), desc, img. */
  | { businessID: 'share'; id: number; type: 'coach' | 'course' | 'class' | 'goods' | 'mechant'; title: string; desc: string; img: string }
  | { businessID: 'coach_card'; id: number; uid: number; title: string; desc: string; img: string }
  | { businessID: 'course_card' | 'class_card' | 'goods_card'; id: number; title: string; img: string; price: string }
  | {
      businessID: 'call';
      action: CallAction;
      callID: string;
      media: 'audio' | 'video';
      /** offer/answer */
      sdp?: string;
      /** candidate: RTCIceCandidateInit as JSON text */
      candidate?: string;
      /** hangup: seconds the call lasted */
      duration?: number;
    };

/** Parses a custom message's data; null for anything unknown (shown as [自定义消息]). */
export function readCustom(data: string): CustomData | null {
  try {
    const v = JSON.parse(data) as { businessID?: unknown };
    return v && typeof v === 'object' && typeof v.businessID === 'string' ? (v as CustomData) : null;
  } catch {
    return null;
  }
}
