import { useEffect } from 'react';
import { $session } from '~/lib/stores/session';
import { examine, gateTarget, kindOfLink } from '~/lib/stores/applications';
import { errorText } from '~/lib/api/client';
import { toast } from '~/lib/toast';

/**
 * SPEC §4 on the member nav's 身份注册 links: a click on 教练入驻 / 店主入驻 asks the examine status
 * first and goes on only for 1 or 4 (3 goes to the settlement page); otherwise the server's msg is
 * shown as a warning and the member stays. Guests follow the link (the page asks them to log in).
 * Renders nothing: it listens on the document for clicks on those links.
 */
export default function RegLinkGate() {
  useEffect(() => {
    let busy = false;
    function onClick(e: MouseEvent) {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      const kind = a ? kindOfLink(a.getAttribute('href') ?? '') : null;
      if (!kind || !$session.get()) return;
      e.preventDefault();
      if (busy) return;
      busy = true;
      examine(kind)
        .then(({ status, msg }) => {
          const to = gateTarget(kind, status);
          if (!to) {
            toast.warning(msg);
            return;
          }
          if (status === 3) toast.warning(msg);
          location.assign(to);
        })
        .catch((err: unknown) => toast.error(errorText(err)))
        .finally(() => {
          busy = false;
        });
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return null;
}
