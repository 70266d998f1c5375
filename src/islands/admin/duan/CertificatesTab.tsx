import { useState } from 'react';
import { formatDate, formatDateTime } from '~/lib/format';
import { duanName } from '~/lib/rules/duan';
import { GRADING_TEXTS } from '~/lib/rules/grading';
import { fetchCertificates, revokeCertificate } from '~/lib/stores/duan';
import { toast } from '~/lib/toast';
import { Empty, LoadFailed, Loading } from '../../ui/states';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';

/** The 证书 tab of /admin/duan: find certificates by number or member; revoke one with a reason (audited). */
export function CertificatesTab() {
  const [q, setQ] = useState({ no: '', member: '' });
  const [page, setPage] = useState(1);
  const load = useLoad(() => fetchCertificates(q, page), `${q.no}:${q.member}:${page}`);
  const revoke = useAction();
  const d = load.data;
  return (
    <section className="space-y-3" data-testid="certificates-tab">
      <form
        className="flex flex-wrap gap-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          setPage(1);
          setQ({ no: String(f.get('no') ?? '').trim(), member: String(f.get('member') ?? '').trim() });
        }}
      >
        <input name="no" className="gf-input w-56" placeholder="证书编号" maxLength={24} />
        <input name="member" className="gf-input w-40" placeholder="会员昵称" maxLength={32} />
        <button type="submit" className="gf-btn-primary">
          查询
        </button>
      </form>
      {load.error ? (
        <LoadFailed load={load} />
      ) : !d ? (
        <Loading />
      ) : d.list.length === 0 ? (
        <Empty icon="i-ri-award-line" text="没有符合条件的证书" />
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-ink-mute">
            <tr>
              <th className="py-1">编号</th>
              <th>会员</th>
              <th>证书署名</th>
              <th>拳种 / 段位</th>
              <th>考评员</th>
              <th>颁发</th>
              <th>状态</th>
            </tr>
          </thead>
          <tbody>
            {d.list.map((c) => (
              <tr key={c.id} className="border-t border-line">
                <td className="py-2 font-mono">
                  <a className="text-info-link" href={`/cert/${c.no}`} target="_blank" rel="noreferrer">
                    {c.no}
                  </a>
                </td>
                <td>{c.member}</td>
                <td>{c.holder}</td>
                <td>
                  {c.style} / {duanName(c.duan)}
                </td>
                <td>{c.examiner}</td>
                <td>{formatDate(c.issued_at)}</td>
                <td>
                  {c.revoked_at ? (
                    <span className="text-danger" title={c.revoke_reason}>
                      已于 {formatDateTime(c.revoked_at)} 撤销
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="gf-btn-ghost text-danger"
                      disabled={revoke.busy}
                      onClick={() => {
                        const reason = prompt('撤销原因（至少 2 个字）')?.trim();
                        if (!reason) return;
                        void revoke.run(async () => {
                          await revokeCertificate(c.id, reason);
                          toast.success(GRADING_TEXTS.revoked);
                          load.reload();
                        });
                      }}
                    >
                      撤销
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {d && d.total > d.limit * d.page && (
        <button type="button" className="gf-btn-ghost" onClick={() => setPage(page + 1)}>
          下一页
        </button>
      )}
    </section>
  );
}
