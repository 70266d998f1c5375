import { useEffect } from 'react';
import { durationText, formatDateTime } from '~/lib/format';
import { img } from '~/lib/media';
import { sizeText } from '~/lib/rules/seller-content';
import { loadLessonVideo } from '~/lib/stores/seller-content';
import { useLoad } from '../ui/useLoad';
import { SellerOnly } from './SellerOnly';
import { PageHead } from '../ui/PageHead';
import { LoadFailed } from '../ui/states';

/** /coach/videoInfo?id=<lesson>: the lesson's video — processing state, duration, poster, size — and a player. */
export default function VideoInfo(props: { lessonId: number | null }) {
  return (
    <SellerOnly area="coach">
      {props.lessonId ? (
        <Info lessonId={props.lessonId} />
      ) : (
        <LoadFailed error="请从课时管理进入" back={['返回课程管理', '/coach/course']} />
      )}
    </SellerOnly>
  );
}

function Info({ lessonId }: { lessonId: number }) {
  const data = useLoad(() => loadLessonVideo(lessonId), lessonId);
  const processing = data.data?.video?.status === 'processing';
  const { reload } = data;
  useEffect(() => {
    if (!processing) return;
    const t = setInterval(reload, 3000);
    return () => clearInterval(t);
  }, [processing, reload]);
  if (data.error) return <LoadFailed load={data} back={['返回课程管理', '/coach/course']} />;
  if (!data.data) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  const { lesson, video, ffmpeg } = data.data;
  const back = `/coach/course/lessonList?id=${lesson.course_id}`;
  // A lesson may point at a file with no upload record (the seed's demo video): the list says 已有视频, so do we.
  const file = !video && lesson.video_status !== 'none' ? lesson : null;
  const rows: [string, string][] = file
    ? [
        ['文件名', fileName(file.video)],
        ['来源', '站内文件（非本页上传）'],
        ['格式', formatOf(file.video)],
        ['时长', file.duration > 0 ? durationText(file.duration) : '未知'],
      ]
    : video
      ? [
          ['文件名', video.name || '—'],
          ['处理状态', video.status_text],
          ['格式', video.processed ? 'MP4（H.264 / AAC）' : video.mime],
          ['时长', video.duration > 0 ? durationText(video.duration) : '未知（未转码）'],
          ['分辨率', video.width ? `${video.width} × ${video.height}` : '未知'],
          ['大小（原文件）', sizeText(video.size)],
          ['上传时间', formatDateTime(video.created_at)],
        ]
      : [];
  return (
    <>
      <PageHead title="视频信息" back={['课时管理', back]}>
        <a className="gf-btn-ghost" href={`/coach/publishLesson?course_id=${lesson.course_id}&id=${lesson.id}`}>
          更换视频
        </a>
      </PageHead>
      <p className="mb-5 text-sm text-ink-soft">
        {lesson.course_title} · {lesson.title}
      </p>
      {file ? (
        <div className="flex items-start gap-6" data-testid="video-info">
          <div className="aspect-video w-[480px] shrink-0 overflow-hidden rounded-lg bg-black">
            {/* eslint-disable-next-line jsx-a11y/media-has-caption -- lesson videos carry no caption files */}
            <video src={img(file.video)} controls preload="metadata" className="h-full w-full" aria-label={`预览：${lesson.title}`} />
          </div>
          <Facts rows={rows} poster="" />
        </div>
      ) : !video ? (
        <div className="flex flex-col items-center gap-3 py-16 text-ink-mute" data-testid="empty-state">
          <span className="i-ri-video-off-line text-5xl" />
          <p>该课时还没有上传视频</p>
        </div>
      ) : (
        <div className="flex items-start gap-6" data-testid="video-info">
          <div className="aspect-video w-[480px] shrink-0 overflow-hidden rounded-lg bg-black">
            {video.path ? (
              // eslint-disable-next-line jsx-a11y/media-has-caption -- uploaded lessons carry no caption files
              <video
                src={img(video.path)}
                poster={video.poster ? img(video.poster) : undefined}
                controls
                preload="metadata"
                className="h-full w-full"
                aria-label={`预览：${lesson.title}`}
              />
            ) : (
              <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-white/80">
                <span
                  className={
                    video.status === 'processing' ? 'i-ri-loader-4-line animate-spin text-3xl' : 'i-ri-error-warning-line text-3xl'
                  }
                />
                {video.status === 'processing' ? '转码中，完成后即可播放' : '视频无法播放，请重新上传'}
              </div>
            )}
          </div>
          <Facts rows={rows} poster={video.poster} />
        </div>
      )}
      {video && !video.processed && video.status !== 'processing' && (
        <p className="mt-5 rounded bg-warning-note px-4 py-2 text-sm text-warning-ink" data-testid="not-processed">
          {ffmpeg ? video.error || '该视频未经转码' : '服务器未安装 ffmpeg，视频未经转码，按上传的原文件播放（时长和封面帧无法读取）。'}
        </p>
      )}
    </>
  );
}

function Facts({ rows, poster }: { rows: [string, string][]; poster: string }) {
  return (
    <dl className="grid flex-1 grid-cols-[110px_1fr] gap-y-3 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-ink-mute">{k}</dt>
          <dd className="text-ink" data-testid={`video-${k}`}>
            {v}
          </dd>
        </div>
      ))}
      {poster && (
        <>
          <dt className="text-ink-mute">封面帧</dt>
          <dd>
            <img src={img(poster)} width={160} height={90} alt="视频封面帧" className="h-[90px] w-40 rounded object-cover" />
          </dd>
        </>
      )}
    </dl>
  );
}

/** The last path segment, without a signed URL's query. */
const fileName = (path: string) => path.split('?')[0]?.split('/').pop() ?? path;

function formatOf(path: string): string {
  const ext = fileName(path).split('.').pop()?.toLowerCase() ?? '';
  return ext ? ext.toUpperCase() : '未知';
}
