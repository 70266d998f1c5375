import { useState } from 'react';
import { DUAN_KIND_LABEL, DUAN_TEXTS, duanName, duanTier } from '~/lib/rules/duan';
import { moveId } from '~/lib/stores/admin-content';
import { byDuan, deleteRequirement, fetchDuanStyles, fetchRequirements, sortRequirements } from '~/lib/stores/duan';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';
import { dangerLinkBtn, linkBtn } from '../../ui/buttons';
import { inputCls as fullWidthInput } from '../../ui/form';

/** The form's inputs at their own widths (the kit's input fills its row). */
const inputCls = fullWidthInput.replace('w-full ', '');
import { LoadedList } from '../../ui/states';
import { DuanAddForm } from './DuanAddForm';

/** 段位要求: pick a style, see its nine 段 with their requirements; add, reorder and delete them. */
export function DuanRequirementsTab() {
  const styles = useLoad(fetchDuanStyles);
  const [labelId, setLabelId] = useState(0);
  const chosen = labelId || styles.data?.list[0]?.id || 0;
  return (
    <div className="max-w-[960px]">
      <LoadedList q={styles} empty="还没有课程标签（拳种），请先在「课程标签」中添加">
        {(data) => (
          <>
            <label className="mb-4 flex items-center gap-2 text-sm">
              <span className="shrink-0 text-ink-soft">拳种</span>
              <select className={`${inputCls} w-48`} value={chosen} onChange={(e) => setLabelId(Number(e.target.value))} aria-label="拳种">
                {data.list.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}（{s.requirements} 项要求）
                  </option>
                ))}
              </select>
            </label>
            {chosen > 0 && <StyleRequirements key={chosen} labelId={chosen} onChange={styles.reload} />}
          </>
        )}
      </LoadedList>
    </div>
  );
}

function StyleRequirements(props: { labelId: number; onChange: () => void }) {
  const q = useLoad(() => fetchRequirements(props.labelId), props.labelId);
  const act = useAction();
  const reload = () => (q.reload(), props.onChange());
  return (
    <>
      <DuanAddForm labelId={props.labelId} onAdded={reload} />
      {q.error && !q.data ? (
        <p role="alert" className="py-10 text-center text-ink-soft">
          {q.error}
        </p>
      ) : !q.data ? (
        <p className="py-10 text-center text-ink-mute">正在加载…</p>
      ) : (
        <ol className="space-y-3" aria-label="九个段位的要求">
          {!q.data.list.length && <p className="text-sm text-ink-soft">{DUAN_TEXTS.noRequirements}：在上面为一段添加第一项要求。</p>}
          {byDuan(q.data.list).map(({ duan, list }) => (
            <li key={duan} className="rounded border border-line bg-white p-3" data-testid={`duan-${duan}`}>
              <h3 className="mb-2 text-sm font-600">
                {duanName(duan)} <span className="ml-1 text-xs font-400 text-ink-mute">{duanTier(duan)}</span>
              </h3>
              {!list.length ? (
                <p className="text-xs text-ink-mute">尚无要求</p>
              ) : (
                <ul className="divide-y divide-line text-sm">
                  {list.map((r, i) => (
                    <li key={r.id} className="flex items-center gap-3 py-1.5">
                      <span className="w-36 shrink-0 text-xs text-ink-soft">{DUAN_KIND_LABEL[r.kind]}</span>
                      <span className="min-w-0 flex-1 truncate">
                        {r.name}
                        {r.ref_title ? (
                          r.ref_title !== r.name && <span className="ml-2 text-xs text-ink-mute">（{r.ref_title}）</span>
                        ) : (
                          <span className="ml-2 text-xs text-danger">（对象已删除，请移除）</span>
                        )}
                      </span>
                      <button
                        type="button"
                        className={linkBtn}
                        aria-label={`上移${r.name}`}
                        disabled={i === 0 || act.busy}
                        onClick={() =>
                          void act
                            .run(() =>
                              sortRequirements({
                                label_id: props.labelId,
                                duan,
                                ids: moveId(
                                  list.map((x) => x.id),
                                  r.id,
                                  -1,
                                ),
                              }),
                            )
                            .then(q.reload)
                        }
                      >
                        <span className="i-ri-arrow-up-line" />
                      </button>
                      <button
                        type="button"
                        className={linkBtn}
                        aria-label={`下移${r.name}`}
                        disabled={i === list.length - 1 || act.busy}
                        onClick={() =>
                          void act
                            .run(() =>
                              sortRequirements({
                                label_id: props.labelId,
                                duan,
                                ids: moveId(
                                  list.map((x) => x.id),
                                  r.id,
                                  1,
                                ),
                              }),
                            )
                            .then(q.reload)
                        }
                      >
                        <span className="i-ri-arrow-down-line" />
                      </button>
                      <button
                        type="button"
                        className={dangerLinkBtn}
                        disabled={act.busy}
                        onClick={() =>
                          confirm(`删除「${r.name}」这项要求？`) &&
                          void act.run(() => deleteRequirement(r.id), { done: '要求已删除' }).then(reload)
                        }
                      >
                        删除
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
