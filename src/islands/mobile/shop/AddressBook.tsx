import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { maskPhone } from '~/lib/rules/phone';
import { $addresses, addressText, deleteAddress, loadAddresses, makeDefaultAddress, type Address } from '~/lib/stores/address';
import { useAction } from '~/islands/ui/useAction';
import { ActionSheet, Sheet } from '~/islands/ui/mobile/Sheet';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { AddressForm } from './AddressForm';

/** /m/my/address: the member's delivery addresses — add, edit, delete, make default. */
export default function AddressBook() {
  return (
    <MemberGate icon="i-ri-map-pin-line" text="登录后管理收货地址">
      <Book />
    </MemberGate>
  );
}

function Book() {
  const { list, error } = useStore($addresses);
  const [editing, setEditing] = useState<{ a: Address | null } | null>(null);
  useEffect(() => {
    void loadAddresses();
  }, []);

  return (
    <div className="px-3 pt-3">
      {error && !list ? (
        <div className="py-16 text-center">
          <p role="alert" className="text-danger">
            {error}
          </p>
          <button type="button" className="gf-m-btn-ghost mt-4" onClick={() => void loadAddresses()}>
            重试
          </button>
        </div>
      ) : !list ? (
        <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-20 text-ink-mute" data-testid="empty-state">
          <span className="i-ri-map-pin-line text-6xl text-placeholder" aria-hidden="true" />
          <p>还没有收货地址</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="address-list">
          {list.map((a) => (
            <Row key={a.id} a={a} onEdit={() => setEditing({ a })} />
          ))}
        </ul>
      )}
      <div className="gf-m-actions">
        <button type="button" className="gf-m-btn-primary w-full" onClick={() => setEditing({ a: null })}>
          <span className="i-ri-add-line" aria-hidden="true" />
          新增收货地址
        </button>
      </div>
      <Sheet open={editing !== null} onClose={() => setEditing(null)} title={editing?.a ? '编辑收货地址' : '新增收货地址'}>
        {editing && <AddressForm key={editing.a?.id ?? 'new'} editing={editing.a} onSaved={() => setEditing(null)} />}
      </Sheet>
    </div>
  );
}

/** One address: who and where, then 设为默认 / 编辑 / 删除 (each row runs on its own). */
function Row({ a, onEdit }: { a: Address; onEdit: () => void }) {
  const act = useAction();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="gf-m-card px-4 pt-3" data-testid="address">
      <p className="flex items-center gap-2 text-[15px] text-ink">
        <b className="truncate">{a.name}</b>
        <span className="shrink-0 text-ink-soft">{maskPhone(a.phone)}</span>
        {a.is_default === 1 && <span className="shrink-0 rounded bg-brand px-1.5 text-xs text-white">默认</span>}
      </p>
      <p className="mt-1 text-sm leading-5 text-ink-soft">{addressText(a)}</p>
      <div className="mt-2 flex items-center border-t border-line text-sm">
        {a.is_default !== 1 ? (
          <button
            type="button"
            className="flex h-11 items-center gap-1 text-ink-soft"
            disabled={act.busy}
            onClick={() => void act.run(() => makeDefaultAddress(a), { done: '已设为默认地址' })}
          >
            <span className="i-ri-checkbox-blank-circle-line" aria-hidden="true" />
            设为默认
          </button>
        ) : (
          <span className="flex h-11 items-center gap-1 text-brand">
            <span className="i-ri-checkbox-circle-fill" aria-hidden="true" />
            默认地址
          </span>
        )}
        <button type="button" className="ml-auto h-11 px-3 text-ink-soft" onClick={onEdit}>
          编辑
        </button>
        <button type="button" className="h-11 pl-3 text-ink-soft" disabled={act.busy} onClick={() => setConfirming(true)}>
          删除
        </button>
      </div>
      <ActionSheet
        open={confirming}
        onClose={() => setConfirming(false)}
        actions={[{ label: '删除这个地址', danger: true, onSelect: () => void act.run(() => deleteAddress(a), { done: '删除成功' }) }]}
      />
    </li>
  );
}
