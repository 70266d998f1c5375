import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { showFlash, TOAST_DURATION, TOAST_OFFSET } from '~/lib/toast';

/**
 * The one toast outlet of the page (SPEC §9: 2000 ms, offset 40). Mounted, it shows the toast the
 * previous page left (flash), if any: the page's shell script hydrates it for that.
 */
export default function AppToaster() {
  useEffect(showFlash, []);
  return <Toaster position="top-center" offset={TOAST_OFFSET} duration={TOAST_DURATION} richColors closeButton={false} />;
}
