import { Toaster } from 'sonner';
import { TOAST_DURATION, TOAST_OFFSET } from '~/lib/toast';

/** The one toast outlet of the page (SPEC §9: 2000 ms, offset 40). */
export default function AppToaster() {
  return <Toaster position="top-center" offset={TOAST_OFFSET} duration={TOAST_DURATION} richColors closeButton={false} />;
}
