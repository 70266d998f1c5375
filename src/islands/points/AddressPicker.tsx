import { useState, type ReactNode } from 'react';
import { fetchMyAddresses } from '~/lib/stores/points';
import { Modal } from '../ui/Modal';
import { Sheet } from '../ui/mobile/Sheet';
import { useLoad } from '../ui/useLoad';

/** Where a redeemed gift is shipped: one of the member's saved addresses (none yet: a link to add one). */
export function AddressPicker(props: { phone: boolean; title: string; busy: boolean; onClose: () => void; onPick: (id: number) => void }) {
  const q = useLoad(fetchMyAddresses);
  const [picked, setPicked] = useState<number | null>(null);
  const chosen = picked ?? q.data?.[0]?.id ?? null;
  const footer = (
    <button
      type="button"
      className={props.phone ? 'gf-m-btn-primary w-full' : 'gf-btn h-8 bg-brand px-4 text-sm text-white disabled:opacity-60'}
      disabled={props.busy || chosen === null}
      onClick={() => chosen !== null && props.onPick(chosen)}
    >
      确认兑换
    </button>
  );
  let body: ReactNode;
  if (q.error && !q.data)
    body = (
      <p role="alert" className="py-6 text-center text-sm text-danger">
        {q.error}
      </p>
    );
  else if (!q.data) body = <p className="py-6 text-center text-sm text-ink-mute">加载中…</p>;
  else if (!q.data.length)
    body = (
      <p className="py-6 text-center text-sm text-ink-soft">
        还没有收货地址，
        <a className="text-brand" href={props.phone ? '/m/my/address' : '/my/address'}>
          去添加
        </a>
      </p>
    );
  else
    body = (
      <ul className="flex flex-col gap-2" data-testid="points-addresses">
        {q.data.map((a) => (
          <li key={a.id}>
            <label
              aria-label={`${a.name} ${a.phone} ${a.province}${a.city}${a.district}${a.detail}`}
              className={`flex cursor-pointer gap-3 rounded border p-3 text-sm ${chosen === a.id ? 'border-brand' : 'border-line'}`}
            >
              <input type="radio" name="points-address" checked={chosen === a.id} onChange={() => setPicked(a.id)} />
              <span>
                <span className="font-600">
                  {a.name} {a.phone}
                </span>
                <span className="mt-0.5 block text-ink-soft">
                  {a.province}
                  {a.city}
                  {a.district}
                  {a.detail}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    );
  return props.phone ? (
    <Sheet open title={props.title} onClose={props.onClose} footer={footer}>
      <div className="p-3">{body}</div>
    </Sheet>
  ) : (
    <Modal open title={props.title} width={520} onClose={props.onClose} footer={footer}>
      {body}
    </Modal>
  );
}
