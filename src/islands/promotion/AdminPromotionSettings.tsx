import { useState } from 'react';
import type { PromotionLimits } from '~/lib/api/contract/promotion';
import { WINDOW_DAYS_MAX } from '~/lib/rules/promotion';
import { fetchAdminPromotion, saveAdminPromotion } from '~/lib/stores/promotion';
import { LoadFailed } from '../ui/states';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

/**
 * 分销设置 (/admin/marketing): the range sellers may set commission rates in, and the attribution
 * window (days after a click within which a purchase is the sharer's). New limits apply to rates
 * saved and orders placed from then on; a rate already set is held inside them at order time.
 */
export default function AdminPromotionSettings() {
  const q = useLoad(fetchAdminPromotion);
  if (q.error && !q.data) return <LoadFailed load={q} />;
  if (!q.data) return <p className="py-10 text-center text-ink-mute">正在加载…</p>;
  return <SettingsForm initial={q.data} onSaved={q.reload} />;
}

function SettingsForm({ initial, onSaved }: { initial: PromotionLimits; onSaved: () => void }) {
  const [form, setForm] = useState({
    min: String(initial.min_bp / 100),
    max: String(initial.max_bp / 100),
    days: String(initial.window_days),
  });
  const save = useAction();
  const field = 'h-9 w-28 rounded border border-line px-2 text-right outline-none focus:border-brand-accent';
  return (
    <form
      data-testid="admin-promotion"
      className="max-w-xl space-y-4 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(
          async () => {
            await saveAdminPromotion(form);
            onSaved();
          },
          { done: '已保存' },
        );
      }}
    >
      <p className="text-ink-soft">卖家只能在此范围内设置佣金比例；佣金在订单完成后从卖家的该笔收入中支付给分享者，退款时退回。</p>
      <label className="flex items-center gap-3">
        <span className="w-32 text-ink">最低佣金比例</span>
        <input inputMode="decimal" className={field} value={form.min} onChange={(e) => setForm({ ...form, min: e.target.value })} />
        <span>%</span>
      </label>
      <label className="flex items-center gap-3">
        <span className="w-32 text-ink">最高佣金比例</span>
        <input inputMode="decimal" className={field} value={form.max} onChange={(e) => setForm({ ...form, max: e.target.value })} />
        <span>%</span>
      </label>
      <label className="flex items-center gap-3">
        <span className="w-32 text-ink">归因窗口</span>
        <input inputMode="numeric" className={field} value={form.days} onChange={(e) => setForm({ ...form, days: e.target.value })} />
        <span>天（1 ~ {WINDOW_DAYS_MAX}，以最后一次点击为准）</span>
      </label>
      <button type="submit" className="gf-btn-primary h-9 px-8" disabled={save.busy}>
        保存
      </button>
    </form>
  );
}
