import { map, type MapStore } from 'nanostores';
import { errorText } from '../api/client';
import { toast } from '../toast';

/** A refusal found before calling the server (a form rule); shown like a server refusal. */
export class InputError extends Error {
  constructor(
    message: string,
    /** SPEC §8 shows some rule breaks as warnings (e.g. 两次密码不一致). */
    readonly level: 'error' | 'warning' = 'error',
  ) {
    super(message);
    this.name = 'InputError';
  }
}

/** Throws an InputError when `message` is set: `check(passwordError(pw))`. */
export function check(message: string | null | undefined, level: 'error' | 'warning' = 'error'): void {
  if (message) throw new InputError(message, level);
}

/** What a form or button shows about its action. */
export interface ActionState {
  busy: boolean;
  /** The last failure's text ('' after a success or before the first run). */
  error: string;
}

export interface ActionOptions<R> {
  /** Toast on success: fixed text, or text from the result; none when omitted. */
  done?: string | ((result: R) => string);
  /** Failures are toasted unless this is false (the island shows `error` itself). */
  toastErrors?: boolean;
}

/** A busy/error state and a way to run actions under it (one at a time). */
export interface Runner {
  $state: MapStore<ActionState>;
  /** Runs `fn` unless another run is in progress (a double click is ignored); resolves undefined on failure. */
  run: <R>(fn: () => Promise<R>, opts?: ActionOptions<R>) => Promise<R | undefined>;
}

/**
 * The one place forms and buttons handle an async action: busy while running, a success toast,
 * the failure's Chinese text toasted and kept in `error`. Nothing the user typed is touched, so a
 * refused form keeps its input.
 */
export function createRunner(): Runner {
  const $state = map<ActionState>({ busy: false, error: '' });
  async function run<R>(fn: () => Promise<R>, opts: ActionOptions<R> = {}): Promise<R | undefined> {
    if ($state.get().busy) return undefined;
    $state.set({ busy: true, error: '' });
    try {
      const result = await fn();
      $state.set({ busy: false, error: '' });
      const done = typeof opts.done === 'function' ? opts.done(result) : opts.done;
      if (done) toast.success(done);
      return result;
    } catch (err) {
      const text = errorText(err);
      $state.set({ busy: false, error: text });
      if (opts.toastErrors !== false) {
        if (err instanceof InputError && err.level === 'warning') toast.warning(text);
        else toast.error(text);
      }
      return undefined;
    }
  }
  return { $state, run };
}

/** A store-level action with fixed behaviour: `save.run(input)`, `save.$state` for the button. */
export function createAction<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  opts: ActionOptions<R> = {},
): { $state: MapStore<ActionState>; run: (...args: A) => Promise<R | undefined> } {
  const runner = createRunner();
  return { $state: runner.$state, run: (...args: A) => runner.run(() => fn(...args), opts) };
}
