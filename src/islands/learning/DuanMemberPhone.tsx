import { DUAN_TEXTS } from '~/lib/rules/duan';
import { MemberGate } from '../ui/mobile/MemberGate';
import DuanPathView from './DuanPathView';

/** /m/my/duan: the path on the phone; a guest gets the login link that comes back here. */
export default function DuanMemberPhone() {
  return (
    <MemberGate icon="i-ri-award-line" text={DUAN_TEXTS.loginNeeded}>
      <DuanPathView mobile />
    </MemberGate>
  );
}
