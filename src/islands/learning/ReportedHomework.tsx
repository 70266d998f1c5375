import { api } from '~/lib/api/client';
import { durationText } from '~/lib/format';
import { img } from '~/lib/media';
import { LoadFailed, Loading } from '../ui/states';
import { useLoad } from '../ui/useLoad';

/** The console's view of a reported homework video: the nickname, never a real name; gone once the report is decided. */
export default function ReportedHomework(props: { id: number }) {
  const q = useLoad(() => api('/admin/homework/video', { id: props.id }), props.id);
  if (q.error) return <LoadFailed load={q} back={['返回内容举报', '/admin/content-reports']} />;
  if (!q.data) return <Loading />;
  const v = q.data;
  return (
    <section className="max-w-[720px]" data-testid="reported-homework">
      <p className="mb-2 text-sm text-ink-soft">
        {v.title} · 学员 {v.learner}
        {v.duration_s > 0 && ` · ${durationText(v.duration_s)}`}
      </p>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a learner's practice video has no captions */}
      <video src={v.video} poster={v.poster ? img(v.poster) : undefined} controls playsInline className="w-full rounded bg-black" />
      {v.note && <p className="mt-2 text-sm text-ink-soft">学员留言：{v.note}</p>}
      <a href="/admin/content-reports" className="gf-link mt-4 inline-block">
        返回内容举报
      </a>
    </section>
  );
}
