import { useState } from 'react';
import { img } from '~/lib/media';
import { fetchLiveGifts, saveLiveGift } from '~/lib/stores/admin-live';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { ImageInput } from './ImageInput';
import { Badge } from '../ui/Badge';
import { Table, td, Th } from '../ui/Table';
import { linkBtn, primaryBtn } from '../ui/buttons';
import { inputCls, StackField } from '../ui/form';
import { LoadedList } from '../ui/states';

type Form = { id: number; name: string; icon: string; animation: string; coins: string; sort: string; enabled: 0 | 1 };
const EMPTY: Form = { id: 0, name: '', icon: '', animation: '', coins: '', sort: '0', enabled: 1 };

/** /admin/live/gifts: the gift catalogue — price in kung fu coins, icon, animation, order, on/off. */
export default function LiveGiftsPage() {
  const q = useLoad(() => fetchLiveGifts({}));
  const [form, setForm] = useState<Form>(EMPTY);
  const act = useAction();
  const save = () =>
    void act
      .run(
        () =>
          saveLiveGift({
            ...(form.id ? { id: form.id } : {}),
            name: form.name,
            icon: form.icon,
            animation: form.animation,
            coins: form.coins,
            sort: form.sort,
            enabled: form.enabled,
          }),
        { done: '礼物已保存' },
      )
      .then((r) => r && (setForm(EMPTY), q.reload()));
  return (
    <div className="grid grid-cols-[1fr_340px] gap-6">
      <LoadedList q={q} empty="还没有礼物">
        {(data) => (
          <Table
            label="礼物"
            head={
              <>
                <Th>礼物</Th>
                <Th>价格</Th>
                <Th>排序</Th>
                <Th>状态</Th>
                <Th>累计送出</Th>
                <Th>操作</Th>
              </>
            }
          >
            {data.list.map((g) => (
              <tr key={g.id}>
                <td className={td}>
                  <img src={img(g.icon)} alt="" className="mr-2 inline h-8 w-8" />
                  {g.name}
                </td>
                <td className={td}>{g.coins} 功夫币</td>
                <td className={td}>{g.sort}</td>
                <td className={td}>
                  <Badge on={g.enabled === 1} onText="上架" offText="已下架" />
                </td>
                <td className={td}>{g.sent}</td>
                <td className={td}>
                  <button
                    type="button"
                    className={linkBtn}
                    onClick={() =>
                      setForm({
                        id: g.id,
                        name: g.name,
                        icon: g.icon,
                        animation: g.animation,
                        coins: String(g.coins),
                        sort: String(g.sort),
                        enabled: g.enabled,
                      })
                    }
                  >
                    编辑
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </LoadedList>
      <form
        className="rounded border border-line p-4"
        aria-label="礼物"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <h2 className="mb-3 font-600">{form.id ? '编辑礼物' : '新增礼物'}</h2>
        <StackField label="名称（最多 10 字）">
          <input className={inputCls} maxLength={10} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </StackField>
        <StackField label="价格（功夫币）" hint="单次送礼超过 100 功夫币时观众需输入支付密码">
          <input
            className={inputCls}
            inputMode="numeric"
            value={form.coins}
            onChange={(e) => setForm({ ...form, coins: e.target.value })}
          />
        </StackField>
        <StackField label="排序（小的在前）">
          <input className={inputCls} inputMode="numeric" value={form.sort} onChange={(e) => setForm({ ...form, sort: e.target.value })} />
        </StackField>
        <ImageInput label="图标" value={form.icon} onChange={(icon) => setForm({ ...form, icon })} />
        <ImageInput label="动画（GIF/WEBP，选填）" value={form.animation} onChange={(animation) => setForm({ ...form, animation })} />
        <label className="mb-4 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.enabled === 1} onChange={(e) => setForm({ ...form, enabled: e.target.checked ? 1 : 0 })} />
          上架
        </label>
        <div className="flex gap-2">
          <button type="submit" className={primaryBtn} disabled={act.busy}>
            保存
          </button>
          {form.id > 0 && (
            <button type="button" className={linkBtn} onClick={() => setForm(EMPTY)}>
              取消编辑
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
