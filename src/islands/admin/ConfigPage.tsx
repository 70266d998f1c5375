import { useState } from 'react';
import type { ConfigItem } from '~/lib/api/contract/admin-content';
import { configValueError } from '~/lib/rules/admin-content';
import { fetchConfig, saveConfig } from '~/lib/stores/admin-console';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { ImageInput } from './ImageInput';
import { primaryBtn } from '../ui/buttons';
import { inputCls } from '../ui/form';
import { LoadedList } from '../ui/states';

/** /admin/config: one typed field per key, saved one at a time; money keys read-only unless super. */
export default function ConfigPage() {
  const q = useLoad(() => fetchConfig({ limit: 50 }));
  return (
    <LoadedList q={q} empty="没有配置项">
      {(data) => (
        <div className="max-w-[820px]" data-testid="config-form">
          {data.list.map((item) => (
            <ConfigRow key={item.key} item={item} />
          ))}
        </div>
      )}
    </LoadedList>
  );
}

function ConfigRow(props: { item: ConfigItem }) {
  const { item } = props;
  const [value, setValue] = useState(item.value);
  const [saved, setSaved] = useState(item.value);
  const act = useAction();
  const problem = value !== saved ? configValueError(item.type, value) : null;
  const save = (v: string) =>
    void act
      .run(() => saveConfig({ key: item.key, value: v }), { done: `${item.title}已保存` })
      .then((r) => r !== undefined && setSaved(v));
  return (
    <div className="flex items-start gap-4 border-b border-line py-3 text-sm">
      <div className="w-56 shrink-0 pt-2">
        <span className="block">{item.title}</span>
        <span className="font-mono text-xs text-ink-mute">{item.key}</span>
        {item.money && <span className="ml-1 rounded bg-warning-tag px-1 text-xs text-warning-deep">仅超级管理员</span>}
      </div>
      <div className="flex-1">
        {item.type === 'image' ? (
          item.editable ? (
            <ImageInput
              label={item.title}
              value={value}
              onChange={(path) => {
                setValue(path);
                if (path) save(path);
              }}
            />
          ) : (
            <span className="text-ink-soft">{value || '未设置'}</span>
          )
        ) : (
          <div className="flex gap-2">
            <input
              className={inputCls}
              aria-label={item.title}
              value={value}
              disabled={!item.editable}
              onChange={(e) => setValue(e.target.value)}
            />
            {item.editable && (
              <button
                type="button"
                className={primaryBtn}
                disabled={act.busy || value === saved || Boolean(problem)}
                onClick={() => save(value)}
              >
                保存
              </button>
            )}
          </div>
        )}
        {problem ? (
          <p className="mt-1 text-xs text-danger-strong">{problem}</p>
        ) : (
          item.hint && <p className="mt-1 text-xs text-ink-mute">{item.hint}</p>
        )}
      </div>
    </div>
  );
}
