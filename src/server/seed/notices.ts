import { count, inArray } from 'drizzle-orm';
import { db } from '../db/index';
import { messages, users } from '../db/schema';
import { DEMO_USERS } from './users';

/** Platform announcements and a few personal notices for the demo accounts, when there are none. */
export async function seedNotices(): Promise<number> {
  const [have] = await db().select({ n: count() }).from(messages);
  if (have?.n) return 0;
  const demo = await db()
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(
      inArray(
        users.phone,
        DEMO_USERS.map((u) => u.phone),
      ),
    );
  const id = (phone: string) => demo.find((u) => u.phone === phone)?.id ?? null;
  const member = id('13800000001');
  const coach = id('13800000002');
  const provider = id('13800000004');
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);

  const rows: (typeof messages.$inferInsert)[] = [
    {
      userId: null,
      kind: 'announce',
      title: '功夫平台全新改版上线',
      content:
        '<p>亲爱的功夫学员：</p><p>功夫平台网页版已完成全新改版，课程、班级、教练、商城和直播频道更加清晰易用。欢迎体验并通过“意见反馈”告诉我们您的建议。</p>',
      createdAt: at(6),
    },
    {
      userId: null,
      kind: 'announce',
      title: '系统维护通知',
      content:
        '<p>为提升服务质量，平台将于本周六凌晨 2:00～4:00 进行系统维护，期间课程播放和下单可能短暂不可用，给您带来不便敬请谅解。</p>',
      createdAt: at(2),
    },
  ];
  if (member && coach) {
    rows.push(
      {
        userId: member,
        kind: 'comment',
        title: '陈师傅回复了你的评论',
        content: '<p>“马步站桩时膝盖不要超过脚尖，每天坚持十分钟，三周后会有明显进步。”</p>',
        fromUserId: coach,
        createdAt: at(1),
      },
      {
        userId: member,
        kind: 'notice',
        title: '欢迎加入功夫平台',
        content: '<p>注册成功！完善个人资料、关注喜欢的教练，就能第一时间收到课程和直播更新。</p>',
        createdAt: at(3),
      },
    );
  }
  if (coach && provider) {
    rows.push({
      userId: coach,
      kind: 'notice',
      title: '华武供应链邀请您加入其教练团队',
      content:
        '<p>服务商“华武供应链”邀请您成为其签约教练。同意后，您在平台开设的课程将计入该服务商的团队业绩，服务商可查看您的课程销售数据。</p>',
      fromUserId: provider,
      needAgree: true,
      payload: { action: 'join_provider', provider_user_id: provider },
      createdAt: at(0),
    });
  }
  await db().insert(messages).values(rows);
  return rows.length;
}
