import type { CircleProfile, CirclePost } from '~/lib/api/contract/circle';
import CircleFeed from './CircleFeed';
import { ProfileHead, StudyList } from './ProfileHead';

/** A member's public homepage (/anchor/friendscircle?type=member&id=): head, posts, studied courses. */
export default function MemberHome(props: { profile: CircleProfile; first: { list: CirclePost[]; next_cursor: number | null } }) {
  const p = props.profile;
  return (
    <>
      <ProfileHead p={p} />
      <div className="mt-4 flex items-start gap-5">
        <div className="min-w-0 flex-1">
          <CircleFeed source={{ kind: 'user', userId: p.author.user_id }} first={props.first} empty="还没有发布动态" />
        </div>
        {p.courses && p.courses.length > 0 && (
          <aside className="w-[280px] shrink-0">
            <StudyList courses={p.courses} />
          </aside>
        )}
      </div>
    </>
  );
}
