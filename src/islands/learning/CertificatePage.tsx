import { useState } from 'react';
import { certFile, loadCert, setHolder } from '~/lib/stores/grading';
import { formatDate, formatDateTime } from '~/lib/format';
import { duanName, GRADING_LIMITS } from '~/lib/rules/grading';
import { toast } from '~/lib/toast';
import { useSession } from '../chrome/useSession';
import { LoadFailed, Loading } from '../ui/states';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

/** /cert/<no> (and /m/cert/<no>): a 段位证书 anyone can verify; its holder may choose the name shown. `list`: the 考评 list. */
export default function CertificatePage(props: { no: string; list?: string }) {
  const { user } = useSession();
  const load = useLoad(() => loadCert(props.no), `${props.no}:${user?.user_id ?? 0}`);
  const [name, setName] = useState<string | null>(null);
  const save = useAction();
  const list = props.list ?? '/duan';
  if (load.error) return <LoadFailed load={load} back={['查看段位考评', list]} />;
  const c = load.data;
  if (!c) return <Loading />;
  const revoked = c.revoked_at !== null;
  return (
    <article className="gf-card space-y-4 p-5" data-testid="certificate">
      <h1 className="text-center text-2xl font-bold text-brand">段位证书</h1>
      {revoked && (
        <p role="alert" className="rounded bg-danger-light p-3 text-center text-danger" data-testid="cert-revoked">
          该证书已于 {formatDateTime(c.revoked_at ?? '')} 被撤销。原因：{c.revoke_reason}
        </p>
      )}
      <div className="flex flex-wrap items-start justify-between gap-6">
        <dl className="grid grid-cols-[5em_1fr] gap-x-3 gap-y-2">
          <dt className="text-ink-mute">持证人</dt>
          <dd data-testid="cert-holder">{c.holder}</dd>
          <dt className="text-ink-mute">拳种</dt>
          <dd>{c.style}</dd>
          <dt className="text-ink-mute">段位</dt>
          <dd data-testid="cert-duan">{duanName(c.duan)}</dd>
          <dt className="text-ink-mute">考评员</dt>
          <dd>{c.examiner}</dd>
          <dt className="text-ink-mute">颁发日期</dt>
          <dd>{formatDate(c.issued_at)}</dd>
          <dt className="text-ink-mute">证书编号</dt>
          <dd className="font-mono" data-testid="cert-no">
            {c.no}
          </dd>
        </dl>
        <figure className="text-center">
          <img src={certFile(c.no, 'qr.png')} alt="证书页二维码" width={160} height={160} className="mx-auto" />
          <figcaption className="mt-1 text-xs text-ink-mute">扫码验证此证书</figcaption>
        </figure>
      </div>
      {!revoked && (
        <div className="flex flex-wrap items-center gap-3">
          <a className="gf-btn-primary" href={certFile(c.no, 'certificate.png')} download={`${c.no}.png`}>
            下载 PNG
          </a>
          <a className="gf-btn-ghost" href={certFile(c.no, 'certificate.pdf')} download={`${c.no}.pdf`}>
            下载 PDF
          </a>
          <a className="ml-auto text-sm text-info-link" href={list}>
            查看段位考评
          </a>
        </div>
      )}
      {revoked && (
        <a className="text-sm text-info-link" href={list}>
          查看段位考评
        </a>
      )}
      {c.mine === 1 && !revoked && (
        <form
          className="flex flex-wrap items-center gap-2 border-t border-line pt-4 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            const holder = (name ?? c.holder).trim();
            void save.run(async () => {
              await setHolder(c.no, holder);
              toast.success('证书署名已更新');
              load.reload();
            });
          }}
        >
          <label htmlFor="cert-holder-name" className="text-ink-soft">
            证书上显示的名字
          </label>
          <input
            id="cert-holder-name"
            className="gf-input w-48"
            maxLength={GRADING_LIMITS.holderMax}
            value={name ?? c.holder}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="gf-btn-ghost" disabled={save.busy}>
            保存
          </button>
        </form>
      )}
    </article>
  );
}
