import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { maskPhone } from '~/lib/rules/phone';
import { $addresses, addressText, deleteAddress, loadAddresses, makeDefaultAddress, type Address } from '~/lib/stores/address';
import { useAction } from '../ui/useAction';
import { AddressDialog } from './AddressForm';
import { MemberOnly } from '../ui/MemberOnly';
import { ListState } from '../ui/states';

/** /my/address: the member's delivery addresses — add, edit, delete, make default. */
export default function AddressBook() {
  return (
    <MemberOnly>
      <Book />
    </MemberOnly>
  );
}

function Book() {
  const { list, error } = useStore($addresses);
  const [dialog, setDialog] = useState<{ open: boolean; editing: Address | null }>({ open: false, editing: null });
  useEffect(() => {
    void loadAddresses();
  }, []);
  const close = () => setDialog({ open: false, editing: null });

  return (
    <>
      <div className="mb-4 flex items-center justify-between border-b border-line pb-4">
        <h1 className="text-lg font-600">收货地址</h1>
        <button type="button" className="gf-btn-primary" onClick={() => setDialog({ open: true, editing: null })}>
          <span className="i-ri-add-line" />
          新增收货地址
        </button>
      </div>
      <ListState error={error} loading={!list} empty={list?.length === 0} emptyText="还没有收货地址">
        <ul className="flex flex-col gap-3" data-testid="address-list">
          {list?.map((a) => (
            <Row key={a.id} a={a} onEdit={() => setDialog({ open: true, editing: a })} />
          ))}
        </ul>
      </ListState>
      <AddressDialog open={dialog.open} editing={dialog.editing} onClose={close} onSaved={close} />
    </>
  );
}

/** One address with its buttons (each runs on its own, so one row's wait never blocks another). */
function Row({ a, onEdit }: { a: Address; onEdit: () => void }) {
  const act = useAction();
  function remove() {
    if (confirm(`确定删除「${a.name} ${addressText(a)}」吗？`)) void act.run(() => deleteAddress(a), { done: '删除成功' });
  }
  return (
    <li
      className={`flex items-center gap-4 rounded-lg border px-5 py-4 ${a.is_default ? 'border-brand-accent bg-brand-light/40' : 'border-line'}`}
    >
      <div className="min-w-0 flex-1">
        <p className="text-[15px] text-ink">
          <b className="mr-3">{a.name}</b>
          {maskPhone(a.phone)}
          {a.is_default === 1 && <span className="ml-3 rounded bg-brand px-1.5 py-0.5 text-xs text-white">默认</span>}
        </p>
        <p className="mt-1 text-sm text-ink-soft">{addressText(a)}</p>
      </div>
      {a.is_default !== 1 && (
        <button
          type="button"
          className="text-sm text-ink-soft hover:text-brand"
          disabled={act.busy}
          onClick={() => void act.run(() => makeDefaultAddress(a), { done: '已设为默认地址' })}
        >
          设为默认
        </button>
      )}
      <button type="button" className="text-sm text-ink-soft hover:text-brand" onClick={onEdit}>
        编辑
      </button>
      <button type="button" className="text-sm text-ink-soft hover:text-danger" disabled={act.busy} onClick={remove}>
        删除
      </button>
    </li>
  );
}
