import { useCallback, useEffect, useState } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { maskPhone } from '~/lib/rules/phone';
import { toast } from '~/lib/toast';
import { MemberOnly } from '../account/parts';
import { AddressDialog, addressText, type Address } from './AddressForm';
import { ListState } from './parts';

/** /my/address: the member's delivery addresses — add, edit, delete, make default. */
export default function AddressBook() {
  return (
    <MemberOnly>
      <Book />
    </MemberOnly>
  );
}

function Book() {
  const [list, setList] = useState<Address[] | null>(null);
  const [error, setError] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; editing: Address | null }>({ open: false, editing: null });

  const load = useCallback(() => {
    untypedApi<Address[]>('/member/addressList')
      .then(setList)
      .catch((err) => setError(errorText(err)));
  }, []);
  useEffect(load, [load]);

  async function remove(a: Address) {
    if (!confirm(`确定删除「${a.name} ${addressText(a)}」吗？`)) return;
    try {
      await untypedApi('/member/addressDelete', { id: a.id });
      toast.success('删除成功');
      load();
    } catch (err) {
      toast.error(errorText(err));
    }
  }
  async function makeDefault(a: Address) {
    try {
      await untypedApi('/member/addressSave', { ...a, is_default: true });
      toast.success('已设为默认地址');
      load();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

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
            <li
              key={a.id}
              className={`flex items-center gap-4 rounded-lg border px-5 py-4 ${a.is_default ? 'border-brand bg-brand-light/40' : 'border-line'}`}
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
                <button type="button" className="text-sm text-ink-soft hover:text-brand" onClick={() => makeDefault(a)}>
                  设为默认
                </button>
              )}
              <button
                type="button"
                className="text-sm text-ink-soft hover:text-brand"
                onClick={() => setDialog({ open: true, editing: a })}
              >
                编辑
              </button>
              <button type="button" className="text-sm text-ink-soft hover:text-[#f56c6c]" onClick={() => remove(a)}>
                删除
              </button>
            </li>
          ))}
        </ul>
      </ListState>
      <AddressDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={() => {
          setDialog({ open: false, editing: null });
          load();
        }}
      />
    </>
  );
}
