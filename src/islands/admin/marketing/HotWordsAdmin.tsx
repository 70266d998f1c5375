import { useState } from 'react';
import { configValueError } from '~/lib/rules/admin-content';
import { fetchConfig, saveConfig } from '~/lib/stores/admin-console';
import { primaryBtn } from '../../ui/buttons';
import { inputCls } from '../../ui/form';
import { LoadFailed, Loading } from '../../ui/states';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../../ui/useLoad';

const KEY = 'search_hot_words';

/** 热门搜索词: the site config `search_hot_words`, edited through the console's config endpoints. */
export default function HotWordsAdmin() {
  const q = useLoad(() => fetchConfig({ limit: 50 }));
  if (q.error && !q.data) return <LoadFailed load={q} back={['返回后台首页', '/admin']} />;
  if (!q.data) return <Loading />;
  const item = q.data.list.find((c) => c.key === KEY);
  return <Editor initial={item?.value ?? ''} hint={item?.hint ?? ''} editable={item?.editable ?? true} />;
}

function Editor(props: { initial: string; hint: string; editable: boolean }) {
  const [value, setValue] = useState(props.initial);
  const [saved, setSaved] = useState(props.initial);
  const act = useAction();
  const problem = value !== saved ? configValueError('text', value) : null;
  const words = value
    .split(/[,，\s]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  return (
    <div className="max-w-[720px]" data-testid="hot-words">
      <label className="mb-1 block text-sm" htmlFor="hot-words">
        热门搜索词
      </label>
      <div className="flex gap-2">
        <input id="hot-words" className={inputCls} value={value} disabled={!props.editable} onChange={(e) => setValue(e.target.value)} />
        <button
          type="button"
          className={primaryBtn}
          disabled={act.busy || value === saved || Boolean(problem) || !props.editable}
          onClick={() =>
            void act
              .run(() => saveConfig({ key: KEY, value }), { done: '热门搜索词已保存' })
              .then((r) => r !== undefined && setSaved(value))
          }
        >
          保存
        </button>
      </div>
      <p className={`mt-1 text-xs ${problem ? 'text-danger' : 'text-ink-mute'}`}>{problem ?? props.hint}</p>
      <div className="mt-4 text-sm text-ink-soft">
        搜索框显示：
        {words.length ? (
          <span className="inline-flex flex-wrap gap-2 align-middle">
            {words.slice(0, 10).map((w) => (
              <span key={w} className="rounded-full bg-page px-3 py-0.5 text-ink">
                {w}
              </span>
            ))}
          </span>
        ) : (
          <span>（未设置，不显示热门搜索）</span>
        )}
      </div>
    </div>
  );
}
