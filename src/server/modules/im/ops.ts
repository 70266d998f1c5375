import type { z } from 'zod';
import type { ChatOp, OpResult } from '~/lib/chat/protocol';
import type { Connection } from './hub';

/**
 * The IM server's request handlers, one per ChatClient method (src/lib/chat/protocol.ts ChatOp).
 * Each feature file registers its ops with a zod schema for the args tuple; the socket dispatcher
 * (socket.ts) validates the frame's args with it, runs the handler as the authenticated user and
 * answers `res`. A handler throws ChatFault for a refusal the user should read.
 */
export interface OpContext {
  userId: number;
  /** The user's id as chat sees it (String(userId)). */
  userID: string;
  /** The socket's connection id: events caused by this request may skip it (it gets the answer). */
  connId: string;
  ip: string;
  /** The socket itself: live rooms subscribe it to their topic (rooms.ts). Absent over HTTP. */
  conn?: Connection;
}

export interface OpDef<K extends ChatOp> {
  args: z.ZodType<unknown[]>;
  handler: (ctx: OpContext, ...args: never[]) => Promise<OpResult<K>>;
}

const ops = new Map<string, OpDef<ChatOp>>();

export function registerOps(defs: { [K in ChatOp]?: OpDef<K> }): void {
  for (const [name, def] of Object.entries(defs)) {
    if (ops.has(name)) throw new Error(`IM op ${name} registered twice`);
    ops.set(name, def as OpDef<ChatOp>);
  }
}

export function findOp(name: string): OpDef<ChatOp> | undefined {
  return ops.get(name);
}

export function registeredOps(): string[] {
  return [...ops.keys()].sort();
}

/** A refusal with a chat error code (CHAT_CODE) and a Chinese message. */
export class ChatFault extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ChatFault';
  }
}
