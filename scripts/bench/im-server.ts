/**
 * The server half of the chat benchmark (scripts/bench/im.mjs starts it as a child process):
 * a migrated, seeded database (PGlite in memory, or a fresh schema in BENCH_DATABASE_URL), N bench
 * users in one Work group — or, with BENCH_ROOM=1, one live room (AVChatRoom) they join themselves —
 * and the real /im server on an ephemeral port. It prints one JSON line {port, groupID, users:
 * [{id, sig, token}]} (token: a login session, which /im requires) when ready and answers {rss}
 * on an IPC 'rss' message.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { openDatabase, useDatabase } from '../../src/server/db';
import { runSeed } from '../../src/server/seed';
import { imGroupMembers, imGroups, imThreadMembers, imThreads, sessions, users } from '../../src/server/db/schema';
import { createLiveRoom } from '../../src/server/modules/im/rooms';
import { attachIm } from '../../src/server/modules/im/socket';
import { userSig } from '../../src/server/providers/im/user-sig';
import { newToken, tokenHash } from '../../src/server/security/tokens';

const N = Number(process.env['BENCH_CLIENTS'] ?? 1000);
const url = process.env['BENCH_DATABASE_URL'];
const schemaName = url ? `bench_im_${Date.now().toString(36)}` : undefined;
const handle = openDatabase(url && schemaName ? { url, schemaName } : { dataDir: 'memory://' });
await handle.migrate();
useDatabase(handle);
await runSeed();

const db = handle.db;
const made = await db
  .insert(users)
  .values(Array.from({ length: N }, (_, i) => ({ phone: `177${String(i).padStart(8, '0')}`, nickName: `压测${i}` })))
  .returning({ id: users.id });
// A login session per user, as a login makes (the /im auth frame carries its token).
const tokens = made.map(() => newToken());
for (let i = 0; i < N; i += 500) {
  await db.insert(sessions).values(
    made.slice(i, i + 500).map((u, j) => ({
      userId: u.id,
      tokenHash: tokenHash(tokens[i + j] ?? ''),
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
}
const room = process.env['BENCH_ROOM'] === '1';
const groupID = room ? await createLiveRoom(made[0]?.id ?? 0, { name: '压测直播间', groupID: '@GF#livebench' }) : '@GF#bench';
const key = `group:${groupID}`;
if (!room) await seatGroup();

/** A Work group with every bench user seated and a thread (the plain chat benchmark). */
async function seatGroup() {
  await db.insert(imGroups).values({ id: groupID, type: 'Work', name: '压测群', ownerId: made[0]?.id ?? 0, memberCount: N, maxMembers: N });
  await db.insert(imThreads).values({ key, kind: 2, groupId: groupID });
  for (let i = 0; i < N; i += 500) {
    const part = made.slice(i, i + 500);
    await db
      .insert(imGroupMembers)
      .values(part.map((u, j) => ({ groupId: groupID, userId: u.id, role: i + j === 0 ? 'Owner' : 'Member' })));
    await db.insert(imThreadMembers).values(part.map((u) => ({ threadKey: key, userId: u.id, joinedSeq: 1 })));
  }
}

const server = http.createServer((_req, res) => res.writeHead(404).end());
const im = attachIm(server);
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const port = (server.address() as AddressInfo).port;
process.stdout.write(
  `${JSON.stringify({ port, groupID, users: made.map((u, i) => ({ id: u.id, sig: userSig(u.id), token: tokens[i] })) })}\n`,
);

process.on('message', (m) => {
  if (m === 'rss') process.send?.({ rss: process.memoryUsage().rss });
  if (m === 'stop') {
    void (async () => {
      await im.close();
      server.close();
      if (schemaName) await db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`));
      await handle.close();
      process.exit(0);
    })();
  }
});
