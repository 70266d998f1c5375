import { MemberOnly } from '../ui/MemberOnly';
import VipCenter from './VipCenter';

/** /my/vip: the VIP centre for a member, the login prompt for a guest. */
export default function VipMember() {
  return (
    <MemberOnly>
      <VipCenter />
    </MemberOnly>
  );
}
