import { useEffect, useState } from 'react';
import { useSession } from '~/islands/chrome/useSession';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import type { CirclePost } from '~/lib/api/contract/circle';
import type { FeedSource } from '~/lib/stores/circle';
import { createCircleList } from '~/lib/stores/circle-phone';
import { PostCard } from './PostCard';

/**
 * A 功夫圈 feed on the phone (a tab, one member's posts, a search): the server-rendered first page,
 * then the next as the end scrolls into view, 下拉刷新 from the top; a member's likes filled in.
 */
export default function CircleFeed(props: {
  source: FeedSource;
  first?: { list: CirclePost[]; next_cursor: number | null } | undefined;
  q?: string | undefined;
  empty: string;
  /** A personal feed (关注): a guest is asked to log in with this text. */
  guest?: string | undefined;
}) {
  return props.guest ? (
    <MemberGate text={props.guest} icon="i-ri-user-heart-line">
      <Feed {...props} />
    </MemberGate>
  ) : (
    <Feed {...props} />
  );
}

function Feed(props: {
  source: FeedSource;
  first?: { list: CirclePost[]; next_cursor: number | null } | undefined;
  q?: string | undefined;
  empty: string;
}) {
  const [list] = useState(() => createCircleList(props.source, props.first));
  const { ready, user } = useSession();
  useEffect(() => {
    if (ready && user && props.first) void list.fillLiked();
  }, [ready, user, list, props.first]);
  return (
    <div data-testid="circle-feed">
      <InfiniteList
        list={list}
        keyOf={(p) => p.id}
        emptyText={props.empty}
        emptyIcon="i-ri-chat-smile-3-line"
        className="flex flex-col gap-2"
        item={(p) => <PostCard post={p} q={props.q} onChange={(c) => list.patch(p.id, c)} onDeleted={() => list.drop(p.id)} />}
      />
    </div>
  );
}
