/**
 * Bench rows for the site search (scripts/bench/growth.ts): tops coaches, shops, classes, live rooms,
 * 功夫圈 posts and articles up to `total` each, one INSERT … SELECT per batch (generate_series, words
 * picked by a hash of the row number), the way a bulk import writes them. Every insert fires the
 * tables' search triggers, which queue the rows (migration 0032); the caller drains the queue with
 * the real indexer, as production does. Coaches and shops each get their own user (both are one per
 * user); each coach gets a live room (a room is one per owner). Titles use the styles users search
 * for, so 太极拳 and its neighbours match a share of every kind.
 */
import { sql } from 'drizzle-orm';
import type { openDatabase } from '../../src/server/db';

type Handle = ReturnType<typeof openDatabase>;

const STYLES = ['太极拳', '咏春拳', '散打', '少林拳', '八极拳', '形意拳', '八卦掌', '南拳', '长拳', '太极剑', '五禽戏', '八段锦', '截拳道'];
const SURNAMES = ['陈', '杨', '吴', '孙', '李', '王', '张', '刘', '赵', '黄', '周', '郑', '马', '朱', '胡', '郭', '何', '林'];
const GIVEN = ['志强', '建国', '小龙', '振华', '伟', '海涛', '明', '德华', '宏', '秀英', '丽', '春生', '国峰', '卫东', '静', '云飞'];
const CITIES = ['北京', '上海', '广州', '佛山', '郑州', '杭州', '成都', '武汉', '西安', '天津', '温县', '沧州', '登封'];
const RANKS = ['国家一级武术教练', '武术六段', '非遗传承人', '省队退役运动员', '散打冠军', '资深教练'];
const SHOP_KIND = ['武术用品店', '练功服专卖', '兵器坊', '护具旗舰店', '文化书屋', '太极用品馆'];
const CLASS_KIND = ['周末班', '晨练班', '少儿班', '成人零基础班', '集训营', '提高班'];
const ROOM_KIND = ['每日晨练直播', '公开课', '拳理答疑', '实战教学', '套路示范'];
const TOPIC = ['入门要领', '练功心得', '常见误区', '呼吸与发力', '基本功打卡', '比赛观后感', '推手体会'];
const CATEGORY = ['教学', '晨练', '答疑', '表演'];

const arr = (xs: string[]) => `ARRAY[${xs.map((w) => `'${w}'`).join(',')}]`;
/** `words[k]` for row g, spread by a hash so neighbouring rows differ (SQL text). */
const pick = (words: string[], salt: number, col = 'g') =>
  `(${arr(words)})[1 + abs(hashint4(${col} * ${salt} + ${salt * 7})) % ${words.length}]`;
const BATCH = 20_000;

/** Tops every searchable kind but goods and courses (growth.ts grows those) up to `total` rows. */
export async function growSearchKinds(h: Handle, total: number): Promise<void> {
  const q = (text: string) => h.db.execute(sql.raw(text));
  const count = async (table: string) => Number(((await q(`SELECT count(*)::int AS n FROM ${table}`)).rows[0] as { n: number }).n);
  const batches = async (table: string, insert: (from: number, to: number) => string) => {
    const have = await count(table);
    for (let from = have + 1; from <= total; from += BATCH) await q(insert(from, Math.min(total, from + BATCH - 1)));
  };
  // A user per coach and per shop (phones 170…, 171…: outside the seed's).
  await batches(
    'coaches',
    (from, to) => `WITH u AS (${usersSql('170', '教练', from, to)} RETURNING id, phone)
    INSERT INTO coaches (user_id, name, styles, years, city, title, intro, fans_count, status, created_at)
    SELECT u.id, t.name, jsonb_build_array(t.s1, t.s2), 1 + abs(hashint4(g * 5)) % 30, t.city, t.rank,
           '<p>' || t.name || '，' || t.rank || '，专注' || t.s1 || '教学' || (1 + abs(hashint4(g * 5)) % 30) || '年。</p>',
           abs(hashint4(g * 7)) % 5000, CASE WHEN abs(hashint4(g * 11)) % 33 = 0 THEN 0 ELSE 1 END, now() - make_interval(mins => g)
    FROM u, LATERAL (SELECT substring(u.phone from 4)::int AS g) AS n(g),
    LATERAL (SELECT ${pick(SURNAMES, 13)} || ${pick(GIVEN, 17)} || '师傅' AS name, ${pick(STYLES, 19)} AS s1, ${pick(STYLES, 23)} AS s2,
                    ${pick(CITIES, 29)} AS city, ${pick(RANKS, 31)} AS rank) AS t`,
  );
  await batches(
    'shops',
    (from, to) => `WITH u AS (${usersSql('171', '店主', from, to)} RETURNING id, phone)
    INSERT INTO shops (user_id, name, labels, intro, city, fans_count, status, created_at)
    SELECT u.id, t.city || t.style || t.kind || g, jsonb_build_array(t.style, '正品'), '<p>' || t.city || '老店，经营' || t.style || '用品。</p>',
           t.city, abs(hashint4(g * 7)) % 5000, CASE WHEN abs(hashint4(g * 11)) % 33 = 0 THEN 0 ELSE 1 END, now() - make_interval(mins => g)
    FROM u, LATERAL (SELECT substring(u.phone from 4)::int AS g) AS n(g),
    LATERAL (SELECT ${pick(CITIES, 37)} AS city, ${pick(STYLES, 41)} AS style, ${pick(SHOP_KIND, 43)} AS kind) AS t`,
  );
  const coachIds = `(SELECT array_agg(id ORDER BY id) AS ids FROM coaches)`;
  await batches(
    'classes',
    (
      from,
      to,
    ) => `INSERT INTO classes (coach_id, title, style, city, venue, address, schedule, starts_at, ends_at, capacity, enrolled, price, status, created_at)
    SELECT c.ids[1 + abs(hashint4(g * 3)) % array_length(c.ids, 1)], t.city || t.style || t.kind, t.style, t.city, t.city || '体育馆',
           t.city || '市人民路' || (1 + g % 300) || '号', '每周六 9:00', now() + make_interval(days => 7 + g % 60), now() + make_interval(days => 67 + g % 60),
           30, abs(hashint4(g * 7)) % 30, 50000 + abs(hashint4(g * 5)) % 100000, CASE WHEN abs(hashint4(g * 11)) % 33 = 0 THEN 0 ELSE 1 END,
           now() - make_interval(mins => g)
    FROM generate_series(${from}, ${to}) AS g, ${coachIds} AS c,
    LATERAL (SELECT ${pick(CITIES, 47)} AS city, ${pick(STYLES, 53)} AS style, ${pick(CLASS_KIND, 59)} AS kind) AS t`,
  );
  // One room per coach that has none.
  await q(`INSERT INTO live_rooms (owner_kind, owner_id, user_id, title, category, stream, status)
    SELECT 'coach', c.id, c.user_id, c.name || '·' || ${pick(STYLES, 61, 'c.id')} || ${pick(ROOM_KIND, 67, 'c.id')},
           ${pick(CATEGORY, 71, 'c.id')}, 'bench' || c.id, CASE WHEN c.id % 50 = 0 THEN 'banned' ELSE 'idle' END
    FROM (SELECT id, user_id, name FROM coaches c WHERE NOT EXISTS (SELECT 1 FROM live_rooms r WHERE r.owner_kind = 'coach' AND r.owner_id = c.id)
          ORDER BY id LIMIT ${total}) AS c`);
  const userIds = `(SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM users ORDER BY id LIMIT 5000) AS x)`;
  await batches(
    'circle_posts',
    (from, to) => `INSERT INTO circle_posts (user_id, content, tags, city, likes, comments, status, created_at)
    SELECT u.ids[1 + abs(hashint4(g * 3)) % array_length(u.ids, 1)], '今天练' || t.style || '：' || t.topic || '，坚持第' || (1 + g % 365) || '天。',
           jsonb_build_array(t.style), t.city, abs(hashint4(g * 7)) % 60, abs(hashint4(g * 13)) % 12,
           CASE WHEN abs(hashint4(g * 11)) % 33 = 0 THEN 0 ELSE 1 END, now() - make_interval(mins => g)
    FROM generate_series(${from}, ${to}) AS g, ${userIds} AS u,
    LATERAL (SELECT ${pick(STYLES, 73)} AS style, ${pick(TOPIC, 79)} AS topic, ${pick(CITIES, 83)} AS city) AS t`,
  );
  const catIds = `(SELECT array_agg(id ORDER BY id) AS ids FROM article_categories)`;
  await batches(
    'articles',
    (from, to) => `INSERT INTO articles (category_id, title, summary, author, content, views, status, published_at)
    SELECT c.ids[1 + abs(hashint4(g * 3)) % array_length(c.ids, 1)], t.style || t.topic || '（' || (1 + g % 999) || '）',
           '讲' || t.style || '的' || t.topic || '。', ${pick(SURNAMES, 89)} || '老师', '<p>' || t.style || '</p>',
           abs(hashint4(g * 7)) % 20000, CASE WHEN abs(hashint4(g * 11)) % 33 = 0 THEN 0 ELSE 1 END, now() - make_interval(mins => g)
    FROM generate_series(${from}, ${to}) AS g, ${catIds} AS c,
    LATERAL (SELECT ${pick(STYLES, 97)} AS style, ${pick(TOPIC, 101)} AS topic) AS t`,
  );
}

/** Users for coaches or shops numbered from..to (an INSERT … RETURNING for a CTE). */
function usersSql(prefix: string, role: string, from: number, to: number): string {
  return `INSERT INTO users (phone, nick_name) SELECT '${prefix}' || lpad(g::text, 8, '0'), '${role}' || g
     FROM generate_series(${from}, ${to}) AS g`;
}
