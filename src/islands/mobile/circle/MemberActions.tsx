import { useSession } from '~/islands/chrome/useSession';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';

/**
 * A member homepage's action: 私信 opens the chat with them (a guest is asked to log in there);
 * on one's own homepage, 发布动态 instead. Members are not followed (关注 is for coaches and shops).
 */
export default function MemberActions(props: { userId: number }) {
  const { ready, user } = useSession();
  if (ready && user?.user_id === props.userId) {
    return (
      <a href={MOBILE_PATHS.circlePublish} className="gf-m-btn-primary shrink-0 px-4">
        <span className="i-ri-quill-pen-line" aria-hidden="true" />
        发布动态
      </a>
    );
  }
  return (
    <a href={`${MOBILE_PATHS.chatThread}?peer=${props.userId}`} className="gf-m-btn-ghost shrink-0 px-4" data-testid="circle-message">
      <span className="i-ri-message-3-line" aria-hidden="true" />
      私信
    </a>
  );
}
