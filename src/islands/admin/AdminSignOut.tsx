import { useState } from 'react';
import { errorText } from '~/lib/api/client';
import { staffLogout } from '~/lib/stores/admin-console';
import { toast } from '~/lib/toast';

/** The console's 退出 button: ends the staff session (cookie and server row) and returns to login. */
export default function AdminSignOut() {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    try {
      await staffLogout();
      location.assign('/admin/login');
    } catch (err) {
      toast.error(errorText(err));
      setBusy(false);
    }
  }
  return (
    <button type="button" onClick={signOut} disabled={busy} className="rounded px-3 py-1 text-sm text-white/90 hover:bg-white/10">
      {busy ? '正在退出…' : '退出'}
    </button>
  );
}
