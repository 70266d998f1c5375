import { T } from '../texts';
import { toast } from '../toast';

/** Copies a link for pasting into a chat; SPEC §5 texts either way. */
export async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(T.copyOk);
  } catch {
    toast.error(T.copyFailed);
  }
}
