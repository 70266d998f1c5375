import { randomUUID } from 'node:crypto';
import { env } from '../../env';
import { log } from '../../log';
import { deliverLocal, deliverTopicLocal, useFanOut, type FanOut } from './hub';
import { redisSubscriber } from '../../redis';
import { imRedis } from './redis';

/**
 * Cross-instance delivery over Redis pub/sub (REDIS_URL set): every delivery goes to this
 * instance's sockets at once and is published on one channel; each other instance delivers it
 * to the sockets it holds. One publisher (the shared command connection) and one subscriber
 * connection per instance. Pub/sub is at-most-once: a frame lost while an instance reconnects to
 * Redis is recovered by the client's resume (messages are in the database).
 */
interface Envelope {
  /** Origin instance (it already delivered locally). */
  o: string;
  u?: number[];
  t?: string;
  f: string;
  s?: string;
}

let running: { stop: () => Promise<void> } | null = null;

export function startRedisFanOut(): { stop: () => Promise<void> } {
  if (running) return running;
  const url = env().REDIS_URL;
  const pub = imRedis();
  if (!url || !pub) throw new Error('REDIS_URL is not set');
  const channel = `${env().IM_REDIS_PREFIX}fanout`;
  const me = randomUUID();
  const sub = redisSubscriber('im fan-out');
  void sub.subscribe(channel);
  sub.on('message', (_ch: string, text: string) => {
    let e: Envelope;
    try {
      e = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (e.o === me) return;
    if (e.u) deliverLocal(e.u, e.f, e.s);
    else if (e.t) deliverTopicLocal(e.t, e.f, e.s);
  });
  const send = (e: Envelope) =>
    void pub.publish(channel, JSON.stringify(e)).catch((err: Error) => log.warn('im fan-out publish', { error: err.message }));
  const fan: FanOut = {
    publish(userIds, frame, skipConnId) {
      deliverLocal(userIds, frame, skipConnId);
      send({ o: me, u: userIds, f: frame, ...(skipConnId ? { s: skipConnId } : {}) });
    },
    publishTopic(topic, frame, skipConnId) {
      deliverTopicLocal(topic, frame, skipConnId);
      send({ o: me, t: topic, f: frame, ...(skipConnId ? { s: skipConnId } : {}) });
    },
  };
  useFanOut(fan);
  running = {
    stop: async () => {
      useFanOut(null);
      running = null;
      await sub.quit().catch(() => {});
    },
  };
  return running;
}

export async function stopRedisFanOut(): Promise<void> {
  await running?.stop();
}
