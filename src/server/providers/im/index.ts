import { env } from '../../env';

/**
 * What the rest of the server asks of the IM system, whichever runs it (DESIGN §6):
 * `local` (src/server/modules/im, our /im server and its tables) or `tim` (Tencent IM REST API,
 * src/server/providers/im/tim-rest.ts). HTTP endpoints (memberInGroup, applyGroup, live rooms,
 * operator notices) go through this, never straight to one implementation.
 */
export interface GroupListItem {
  GroupId: string;
  Name: string;
  FaceUrl: string;
}

export interface ImBackend {
  readonly name: 'local' | 'tim';
  /** Creates or updates the chat account's nick and avatar (Tencent: account_import + portrait_set). */
  syncAccount(u: { userID: string; nick: string; avatar: string }): Promise<void>;
  /** The groups a user is in (ownerOnly: only those they own; publicOnly: only Public ones); AVChatRoom groups never listed. */
  joinedGroups(userID: string, opts: { ownerOnly: boolean; publicOnly?: boolean }): Promise<GroupListItem[]>;
  /** A member asks to join a group (SPEC applyGroup): joined at once, or waiting for the owner/admins. */
  applyJoin(userID: string, groupID: string, wording: string): Promise<'Success' | 'WaitAdminOK' | 'AlreadyInGroup'>;
  /** A live room's chat group (AVChatRoom: no history, not in conversation lists); returns its groupID. */
  createLiveRoom(p: { ownerID: string; name: string; groupID?: string }): Promise<string>;
  /** Dismisses any group (operator action, a live room that ended). */
  destroyGroup(groupID: string): Promise<void>;
  /** A custom group system notice (type 255) to all members, e.g. from the operator console. */
  sendGroupSystemNotice(groupID: string, text: string): Promise<void>;
  /**
   * Every login of the user has ended (password change or reset, a disabled account): their chat
   * logins end too. Tencent: the REST kick, which also voids every UserSig issued before it.
   */
  endLogins(userID: string): Promise<void>;
}

let backend: ImBackend | undefined;
const factories: Partial<Record<'local' | 'tim', () => ImBackend>> = {};

/** Each implementation registers itself when its module loads (app.ts imports both). */
export function registerImBackend(name: 'local' | 'tim', make: () => ImBackend): void {
  factories[name] = make;
}

export function imBackend(): ImBackend {
  if (!backend) {
    const name = env().IM_PROVIDER;
    const make = factories[name];
    if (!make) throw new Error(`IM backend ${name} is not registered`);
    backend = make();
  }
  return backend;
}

/** Tests swap providers between suites. */
export function resetImBackend(): void {
  backend = undefined;
}
