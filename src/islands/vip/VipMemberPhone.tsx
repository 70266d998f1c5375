import { MemberGate } from '../ui/mobile/MemberGate';
import VipCenter from './VipCenter';

/** /m/my/vip: the VIP centre on the phone; a guest gets the login link that comes back here. */
export default function VipMemberPhone() {
  return (
    <MemberGate icon="i-ri-vip-crown-2-line" text="登录后开通或续费VIP会员">
      <VipCenter phone />
    </MemberGate>
  );
}
