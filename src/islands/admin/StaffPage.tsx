import { useState, type SubmitEvent } from 'react';
import type { z } from 'zod';
import type { enrolSchema, StaffRow } from '~/lib/api/contract/admin';
import { errorText } from '~/lib/api/client';
import { formatDateTime } from '~/lib/format';
import { STAFF_ROLE_LABEL, STAFF_ROLES, type StaffRole } from '~/lib/rules/staff';
import { toast } from '~/lib/toast';
import { createStaff, fetchStaff, resetStaffTotp, setStaffRole, setStaffStatus } from '~/lib/stores/admin-console';
import { useLoad } from '../ui/useLoad';
import { Badge } from '../ui/Badge';
import { Table, td, Th } from '../ui/Table';
import { linkBtn, primaryBtn } from '../ui/buttons';
import { inputCls, StackField } from '../ui/form';
import { LoadedList } from '../ui/states';

type Enrolment = z.output<typeof enrolSchema>;

/** /admin/staff (super): the console's accounts — create, change role, stop, new second factor. */
export default function StaffPage(props: { selfId: number }) {
  const q = useLoad(() => fetchStaff());
  const [enrol, setEnrol] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(0);

  async function act(id: number, run: () => Promise<unknown>, done: string) {
    setBusy(id);
    try {
      const out = await run();
      if (out && typeof out === 'object' && 'secret' in out) setEnrol(out as Enrolment);
      toast.success(done);
      q.reload();
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(0);
    }
  }

  return (
    <div>
      <CreateForm onMade={(e) => (setEnrol(e), q.reload())} />
      {enrol && <EnrolCard enrol={enrol} onClose={() => setEnrol(null)} />}
      <LoadedList q={q} empty="还没有后台账号">
        {(data) => (
          <Table
            label="后台账号"
            head={
              <>
                <Th>姓名</Th>
                <Th>手机号</Th>
                <Th>岗位</Th>
                <Th>状态</Th>
                <Th>最近登录</Th>
                <Th>操作</Th>
              </>
            }
          >
            {data.list.map((s: StaffRow) => {
              const self = s.id === props.selfId;
              return (
                <tr key={s.id}>
                  <td className={td}>
                    {s.name}
                    {self && <span className="ml-1 text-xs text-ink-mute">（我）</span>}
                  </td>
                  <td className={td}>{s.phone}</td>
                  <td className={td}>
                    <select
                      aria-label={`${s.name}的岗位`}
                      className="h-8 rounded border border-line px-1 text-sm"
                      value={s.role}
                      disabled={self || busy === s.id}
                      onChange={(e) => act(s.id, () => setStaffRole({ id: s.id, role: e.target.value as StaffRole }), '岗位已修改')}
                    >
                      {STAFF_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {STAFF_ROLE_LABEL[r]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className={td}>
                    <Badge on={s.status === 1} onText="在用" offText="已停用" />
                  </td>
                  <td className={`${td} text-ink-soft`}>{s.last_login_at ? formatDateTime(s.last_login_at) : '从未登录'}</td>
                  <td className={`${td} space-x-3 whitespace-nowrap`}>
                    {!self && (
                      <>
                        <button
                          type="button"
                          className={linkBtn}
                          disabled={busy === s.id}
                          onClick={() =>
                            act(
                              s.id,
                              () => setStaffStatus({ id: s.id, status: s.status ? 0 : 1 }),
                              s.status ? '已停用，其会话已结束' : '已启用',
                            )
                          }
                        >
                          {s.status ? '停用' : '启用'}
                        </button>
                        <button
                          type="button"
                          className={linkBtn}
                          disabled={busy === s.id}
                          onClick={() => {
                            if (confirm(`重置「${s.name}」的动态验证码？旧验证器将作废，其会话立即结束。`))
                              void act(s.id, () => resetStaffTotp({ id: s.id }), '已重置动态验证码');
                          }}
                        >
                          重置验证码
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
      </LoadedList>
    </div>
  );
}

function CreateForm(props: { onMade: (e: Enrolment) => void }) {
  const empty = { phone: '', name: '', role: 'support' as StaffRole, password: '' };
  const [form, setForm] = useState(empty);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      props.onMade(await createStaff(form));
      setForm(empty);
      toast.success('账号已创建');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="mb-6 rounded border border-line px-5 py-4" aria-label="新建后台账号">
      <h2 className="mb-3 text-[15px] font-600 text-ink">新建后台账号</h2>
      <div className="grid grid-cols-4 gap-4">
        <StackField label="手机号">
          <input className={inputCls} value={form.phone} maxLength={11} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
        </StackField>
        <StackField label="姓名">
          <input className={inputCls} value={form.name} maxLength={32} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </StackField>
        <StackField label="岗位">
          <select className={inputCls} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </StackField>
        <StackField label="初始密码" hint="至少 8 位，请线下告知本人">
          <input
            className={inputCls}
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </StackField>
      </div>
      <div className="mt-2 flex items-center gap-4">
        <button type="submit" className={primaryBtn} disabled={busy}>
          {busy ? '正在创建…' : '创建'}
        </button>
        <p role="alert" className="text-sm text-danger-strong">
          {error}
        </p>
      </div>
    </form>
  );
}

/** The new secret, shown once: scan the QR with an authenticator app or type the key. */
function EnrolCard(props: { enrol: Enrolment; onClose: () => void }) {
  const e = props.enrol;
  return (
    <section
      className="mb-6 flex items-center gap-6 rounded border border-brand-accent bg-brand-light px-5 py-4"
      aria-label="动态验证码密钥"
      data-testid="staff-enrol"
    >
      <img src={e.qr} alt={`${e.staff.name}的动态验证码二维码`} width={160} height={160} className="bg-white" />
      <div className="text-sm">
        <p className="mb-2 font-600 text-ink">
          {e.staff.name}（{e.staff.phone}）的动态验证码密钥只显示这一次
        </p>
        <p className="mb-1 text-ink-soft">请本人用身份验证器 App 扫描二维码，或手动输入密钥：</p>
        <p className="mb-3 select-all font-mono text-base tracking-wider" data-testid="staff-secret">
          {e.secret}
        </p>
        <button type="button" className={primaryBtn} onClick={props.onClose}>
          已保存，关闭
        </button>
      </div>
    </section>
  );
}
