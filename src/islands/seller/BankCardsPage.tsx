import { useState } from 'react';
import { deleteBankCard, fetchCards, financeBase, financeHome, type BankCard, type FinanceArea } from '~/lib/stores/seller-finance';
import { formatDate } from '~/lib/format';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { AreaOnly } from './AreaOnly';
import { LoadFailed } from '../ui/states';

/** /coach/finance/bankcard and /mechant/finance/bankcard: the seller's cards, masked, with delete. */
export default function BankCardsPage(props: { area: FinanceArea }) {
  return (
    <AreaOnly area={props.area}>
      <Cards area={props.area} />
    </AreaOnly>
  );
}

function Cards({ area }: { area: FinanceArea }) {
  const cards = useLoad(() => fetchCards(area));
  const [confirm, setConfirm] = useState<BankCard | null>(null);
  const del = useAction();
  const base = financeBase(area);

  function remove(card: BankCard) {
    void del.run(
      async () => {
        await deleteBankCard(card.id, area);
        setConfirm(null);
        cards.reload();
      },
      { done: '银行卡已删除' },
    );
  }

  const data = cards.data;
  const full = data ? data.list.length >= data.max : false;
  return (
    <>
      <div className="mb-6 flex items-center justify-between border-b border-line pb-4">
        <h1 className="text-lg font-600">银行卡管理</h1>
        <a href={financeHome(area)} className="gf-link text-sm">
          {area === 'provider' ? '返回资金明细' : area === 'promotion' ? '返回推广佣金' : '返回财务'}
        </a>
      </div>
      {cards.error && !data ? (
        <LoadFailed load={cards} />
      ) : !data ? (
        <p className="py-16 text-center text-ink-mute">加载中…</p>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-5" data-testid="bank-cards">
            {data.list.map((c) => (
              <article
                key={c.id}
                className="relative h-[150px] rounded-xl bg-gradient-to-br from-bankcard-from to-bankcard-to px-6 py-5 text-white shadow"
                data-testid="bank-card"
              >
                <p className="flex items-center gap-2 text-[16px] font-600">
                  <span className="i-ri-bank-line text-xl" />
                  {c.bank_name}
                </p>
                <p className="mt-1 text-xs opacity-75">
                  持卡人 {c.holder_name} · 添加于 {formatDate(c.created_at)}
                </p>
                <p className="mt-5 font-mono text-xl tracking-[.12em]" data-testid="card-mask">
                  {c.card_mask}
                </p>
                {c.in_use ? (
                  <span className="absolute right-5 top-5 rounded bg-white/20 px-2 py-0.5 text-xs">提现处理中</span>
                ) : (
                  <button
                    type="button"
                    className="absolute right-4 top-4 rounded px-2 py-1 text-xs text-white/80 hover:(bg-white/15 text-white)"
                    onClick={() => setConfirm(c)}
                    aria-label={`删除${c.bank_name}尾号${c.card_mask.slice(-4)}的银行卡`}
                  >
                    删除
                  </button>
                )}
              </article>
            ))}
            {full ? (
              <div className="flex h-[150px] flex-col items-center justify-center rounded-xl border border-dashed border-line text-sm text-ink-mute">
                <span className="i-ri-information-line text-2xl" />
                最多只能添加 {data.max} 张银行卡
              </div>
            ) : (
              <a
                href={`${base}/addcard`}
                className="flex h-[150px] flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-line-strong text-ink-soft hover:(border-brand-accent text-brand)"
              >
                <span className="i-ri-add-circle-line text-3xl" />
                添加银行卡
              </a>
            )}
          </div>
          {data.list.length === 0 && <p className="mt-6 text-center text-sm text-ink-mute">还没有银行卡，添加后即可把收入提现到卡上。</p>}
          <p className="mt-6 text-xs text-ink-mute">卡号加密保存，页面只显示前后四位；有处理中的提现时，这张卡不能删除。</p>
        </>
      )}
      <Modal open={confirm !== null} title="删除银行卡" onClose={() => setConfirm(null)}>
        {confirm && (
          <div className="text-center text-sm">
            <p className="text-ink-soft">
              确定删除 {confirm.bank_name} {confirm.card_mask} 吗？
            </p>
            <div className="mt-6 flex justify-center gap-3">
              <button type="button" className="gf-btn-ghost w-24" onClick={() => setConfirm(null)}>
                取消
              </button>
              <button type="button" className="gf-btn-primary w-24" disabled={del.busy} onClick={() => remove(confirm)}>
                删除
              </button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
