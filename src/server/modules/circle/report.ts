import { and, eq, sql } from 'drizzle-orm';
import { circleComments, circlePosts } from '../../db/schema';
import { registerReportTarget } from '../report/report.service';
import { circlePostHref } from '~/lib/rules/circle';

/**
 * Reports of 功夫圈 posts and comments go to the console's report queue; a takedown hides the
 * content everywhere (status 2) and the report flow tells its author why.
 */
const snippet = (text: string, fallback: string) => (text.trim() ? text.trim().slice(0, 40) : fallback);

registerReportTarget('post', {
  find: async (tx, id) => {
    const [r] = await tx
      .select({ content: circlePosts.content, userId: circlePosts.userId })
      .from(circlePosts)
      .where(and(eq(circlePosts.id, id), sql`${circlePosts.status} <> 0`));
    return r ? { title: snippet(r.content, '图片动态'), ownerUserId: r.userId } : null;
  },
  href: (id) => circlePostHref(id),
  takeDown: async (tx, id) => {
    const gone = await tx
      .update(circlePosts)
      .set({ status: 2 })
      .where(and(eq(circlePosts.id, id), eq(circlePosts.status, 1)))
      .returning({ id: circlePosts.id });
    return gone.length > 0;
  },
});

registerReportTarget('comment', {
  find: async (tx, id) => {
    const [r] = await tx
      .select({ content: circleComments.content, userId: circleComments.userId })
      .from(circleComments)
      .where(and(eq(circleComments.id, id), sql`${circleComments.status} <> 0`));
    return r ? { title: snippet(r.content, '评论'), ownerUserId: r.userId } : null;
  },
  href: () => '',
  takeDown: async (tx, id) => {
    // The comment and the replies under it go; the post's count follows.
    const gone = await tx
      .update(circleComments)
      .set({ status: 2 })
      .where(and(eq(circleComments.status, 1), sql`(${circleComments.id} = ${id} or ${circleComments.parentId} = ${id})`))
      .returning({ postId: circleComments.postId });
    const first = gone[0];
    if (!first) return false;
    await tx
      .update(circlePosts)
      .set({ comments: sql`greatest(${circlePosts.comments} - ${gone.length}, 0)` })
      .where(eq(circlePosts.id, first.postId));
    return true;
  },
});
