/**
 * A void action as `true`: useAction's run resolves undefined on failure, so a caller that closes a
 * dialog on success needs a value to tell a finished void action from a refused one.
 */
export async function succeed(action: Promise<void>): Promise<true> {
  await action;
  return true;
}
