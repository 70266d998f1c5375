import { MemberOnly } from '../ui/MemberOnly';
import DuanPathView from './DuanPathView';

/** /my/duan: the path for a member, the login prompt for a guest. */
export default function DuanMember() {
  return (
    <MemberOnly>
      <DuanPathView />
    </MemberOnly>
  );
}
