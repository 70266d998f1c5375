import type { ChatEventName, ChatEvents } from '~/lib/chat/types';

/**
 * Who is connected, and delivery of events to them. A user may hold several sockets (tabs);
 * every one receives every event. With REDIS_URL the fan-out (fanout.ts) publishes each delivery
 * so the instance holding the user's socket sends it; without it, delivery is local.
 *
 * Services call `deliver()` only after their transaction committed, so a recipient never sees an
 * event for data it cannot read yet.
 */
export interface Connection {
  id: string;
  userId: number;
  send(frame: string): void;
}

/** Cross-instance delivery. It delivers on this instance too (deliverLocal / deliverTopicLocal). */
export interface FanOut {
  publish(userIds: number[], frame: string, skipConnId?: string): void;
  publishTopic(topic: string, frame: string, skipConnId?: string): void;
}

const byUser = new Map<number, Set<Connection>>();
/** Topics: live rooms (AVChatRoom, `room:<groupID>`) whose members are whoever is watching now. */
const byTopic = new Map<string, Set<Connection>>();
const topicsOf = new Map<Connection, Set<string>>();
let fanOut: FanOut | null = null;

export function addConnection(c: Connection): void {
  let set = byUser.get(c.userId);
  if (!set) byUser.set(c.userId, (set = new Set()));
  set.add(c);
}

export function removeConnection(c: Connection): void {
  const set = byUser.get(c.userId);
  if (!set) return;
  set.delete(c);
  if (set.size === 0) byUser.delete(c.userId);
  for (const t of topicsOf.get(c) ?? []) unsubscribe(c, t);
  topicsOf.delete(c);
}

export function subscribe(c: Connection, topic: string): void {
  let set = byTopic.get(topic);
  if (!set) byTopic.set(topic, (set = new Set()));
  set.add(c);
  let mine = topicsOf.get(c);
  if (!mine) topicsOf.set(c, (mine = new Set()));
  mine.add(topic);
}

export function unsubscribe(c: Connection, topic: string): void {
  const set = byTopic.get(topic);
  const was = set?.delete(c) ?? false;
  if (set && set.size === 0) byTopic.delete(topic);
  topicsOf.get(c)?.delete(topic);
  if (was) for (const l of leaveListeners) l(topic, c.userId);
}

const leaveListeners: ((topic: string, userId: number) => void)[] = [];
/** Called after a socket stops watching a topic (quit, kick, disconnect): the live audience (audience.ts). */
export function onTopicLeave(listener: (topic: string, userId: number) => void): void {
  leaveListeners.push(listener);
}

/** This instance's subscribers of a topic (a live room's local audience). */
export function subscribersOf(topic: string): ReadonlySet<Connection> {
  return byTopic.get(topic) ?? new Set();
}

export function deliverTopicLocal(topic: string, frame: string, skipConnId?: string): void {
  for (const c of byTopic.get(topic) ?? []) if (c.id !== skipConnId) c.send(frame);
}

/** Sends an event to every subscriber of a topic, on every instance. */
export function deliverTopic<K extends ChatEventName>(topic: string, ev: K, data: ChatEvents[K], opts: { skipConnId?: string } = {}): void {
  const frame = JSON.stringify({ t: 'ev', ev, data });
  if (fanOut) fanOut.publishTopic(topic, frame, opts.skipConnId);
  else deliverTopicLocal(topic, frame, opts.skipConnId);
}

export function connectionsOf(userId: number): ReadonlySet<Connection> {
  return byUser.get(userId) ?? new Set();
}

export function onlineCount(): number {
  return byUser.size;
}

/** Sockets, watched live rooms and their watching sockets on this instance (metrics). */
export function hubStats(): { sockets: number; rooms: number; viewers: number } {
  let sockets = 0;
  for (const set of byUser.values()) sockets += set.size;
  let rooms = 0;
  let viewers = 0;
  for (const [topic, set] of byTopic) {
    if (!topic.startsWith('room:')) continue;
    rooms += 1;
    viewers += set.size;
  }
  return { sockets, rooms, viewers };
}

/** Installs the cross-instance fan-out (fanout.ts, when REDIS_URL is set). */
export function useFanOut(f: FanOut | null): void {
  fanOut = f;
}

/** Sends a frame to this instance's sockets of these users (the fan-out's receiving end too). */
export function deliverLocal(userIds: Iterable<number>, frame: string, skipConnId?: string): void {
  for (const id of userIds) {
    for (const c of byUser.get(id) ?? []) if (c.id !== skipConnId) c.send(frame);
  }
}

/** Sends an event to every socket of these users, on every instance. */
export function deliver<K extends ChatEventName>(
  userIds: Iterable<number>,
  ev: K,
  data: ChatEvents[K],
  opts: { skipConnId?: string } = {},
): void {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const frame = JSON.stringify({ t: 'ev', ev, data });
  if (fanOut) fanOut.publish(ids, frame, opts.skipConnId);
  else deliverLocal(ids, frame, opts.skipConnId);
}
