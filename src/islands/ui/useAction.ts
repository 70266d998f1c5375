import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { createRunner, type ActionState, type Runner } from '~/lib/stores/action';

/**
 * A runner (`createRunner`) for one component instance — a form, a button in a list row:
 * `const save = useAction(); save.run(() => saveAddress(form), { done: '保存成功' })`, and
 * `save.busy` / `save.error` for the view.
 */
export function useAction(): ActionState & { run: Runner['run'] } {
  const [runner] = useState(createRunner);
  const state = useStore(runner.$state);
  return { ...state, run: runner.run };
}
