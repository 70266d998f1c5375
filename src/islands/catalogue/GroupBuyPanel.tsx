import { api } from '~/lib/api/client';
import type { GroupView } from '~/lib/api/contract/groupbuy';
import { priceText } from '~/lib/format';
import { img } from '~/lib/media';
import { countdownText, GROUP_BUY_TEXTS, GROUP_STATUS_TEXT, groupLink, missingText, type GroupBuyKind } from '~/lib/rules/groupbuy';
import { groupStateText, joinable, joinGroupBuy, openGroupBuy, termsText } from '~/lib/stores/groupbuy';
import { copyLink } from '~/lib/stores/share';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { useTicker } from '../ui/useTicker';

/**
 * 拼团 on a course or class page (desktop and phone): the group price, 开团, the open groups with
 * 还差 N 人 and a countdown, 参团 and a share link per group; a shared link's group comes first.
 * Loaded after mount (the page itself is the same cached HTML for everyone); nothing shows when
 * the item has no running group buy and no group was shared. The item's own seller (`own`, from the
 * server) sees why there is no 开团 or 参团 for them instead of buttons the server would refuse.
 */
export default function GroupBuyPanel(props: {
  kind: GroupBuyKind;
  itemId: number;
  price: number;
  group?: number | null;
  phone?: boolean;
}) {
  const load = useLoad(() =>
    api('/public/groupBuy', { kind: props.kind, id: props.itemId, ...(props.group ? { group: props.group } : {}) }),
  );
  const now = useTicker();
  const { user } = useSession();
  const act = useAction();
  const d = load.data;
  if (!d || (!d.campaign && !d.shared)) return null;
  const c = d.campaign;
  const go = (make: () => Promise<string>) =>
    void act.run(async () => {
      if (!user) return openLogin();
      window.location.assign(await make());
    });
  const groups = [...(d.shared ? [d.shared] : []), ...d.groups.filter((g) => g.id !== d.shared?.id)];
  return (
    <section className={props.phone ? 'mt-2 bg-white px-3 py-3' : 'gf-card mt-5 px-6 py-5'} aria-label="拼团" data-testid="groupbuy-panel">
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded bg-price px-2 py-0.5 text-xs text-white">拼团</span>
        {c ? (
          <>
            <span className="text-xl font-700 text-price" data-testid="groupbuy-price">
              {priceText(c.price)}
            </span>
            <span className="text-sm text-ink-mute line-through">{priceText(props.price)}</span>
            <span className="text-sm text-ink-soft">{termsText(c)}</span>
            {d.own ? (
              <span className={`ml-auto text-sm text-ink-mute ${props.phone ? 'w-full' : ''}`} data-testid="groupbuy-own">
                {GROUP_BUY_TEXTS.ownPanel(props.kind)}
              </span>
            ) : (
              <button
                type="button"
                className={`gf-btn-primary ml-auto h-9 px-5 ${props.phone ? 'w-full' : ''}`}
                disabled={act.busy}
                onClick={() => go(() => openGroupBuy(c.id, props.phone))}
                data-testid="groupbuy-open"
              >
                {priceText(c.price)} 开团
              </button>
            )}
          </>
        ) : (
          <span className="text-sm text-ink-soft">该拼团活动已结束</span>
        )}
      </div>
      {groups.length > 0 && (
        <ul className="mt-3 divide-y divide-line border-t border-line" data-testid="groupbuy-groups">
          {groups.map((g) => (
            <GroupRow
              key={g.id}
              g={g}
              shared={g.id === d.shared?.id}
              now={now}
              busy={act.busy}
              own={d.own === 1}
              link={groupLink(props.kind, props.itemId, g.id)}
              onJoin={() => go(() => joinGroupBuy(g.id, props.phone))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function GroupRow(props: { g: GroupView; shared: boolean; now: number; busy: boolean; own: boolean; link: string; onJoin: () => void }) {
  const { g, now } = props;
  const left = Date.parse(g.expires_at) - now;
  return (
    <li className="flex flex-wrap items-center gap-3 py-2.5 text-sm" data-testid="groupbuy-group">
      <img src={img(g.leader.avatar)} alt="" width="32" height="32" className="h-8 w-8 rounded-full object-cover" />
      <span className="min-w-0 max-w-[10em] truncate text-ink">{g.leader.name}的团</span>
      {props.shared && <span className="rounded bg-brand-light px-1.5 text-xs text-brand-dark">分享给你的团</span>}
      <span className={g.status === 'open' ? 'text-price' : 'text-ink-soft'} data-testid="groupbuy-left">
        {g.status === 'open' ? missingText(g.size, g.paid) : GROUP_STATUS_TEXT[g.status]}
      </span>
      {g.status === 'open' && left > 0 && <span className="font-mono text-ink-mute">剩余 {countdownText(left)}</span>}
      <span className="ml-auto flex gap-2">
        <button
          type="button"
          className="gf-btn-ghost h-8 px-3"
          onClick={() => void copyLink(new URL(props.link, window.location.origin).href)}
          aria-label={`复制${g.leader.name}的团的分享链接`}
        >
          分享
        </button>
        {props.own ? null : joinable(g, now) ? (
          <button
            type="button"
            className="gf-btn-primary h-8 px-4"
            disabled={props.busy}
            onClick={props.onJoin}
            data-testid="groupbuy-join"
          >
            参团
          </button>
        ) : (
          <span className="self-center text-xs text-ink-mute">{g.status === 'open' ? '名额已占满' : groupStateText(g)}</span>
        )}
      </span>
    </li>
  );
}
