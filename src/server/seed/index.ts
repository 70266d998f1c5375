import { count } from 'drizzle-orm';
import { db } from '../db/index';
import { users } from '../db/schema';
import { seedUsers } from './users';
import { seedSite } from './site';
import { seedContent } from './content';
import { seedNotices } from './notices';
import { seedCatalogue } from './catalogue';
import { seedCommerce } from './commerce';
import { seedProviders } from './providers';
import { seedStaff } from './staff';
import { seedChat } from './chat';
import { seedLive } from './live';
import { seedCircle } from './circle';
import { seedDuan } from './learning-duan';
import { seedHomework } from './learning-homework';
import { seedLearningStory } from './learning-story';
import { seedLearningChapters } from './learning-chapters';
import { seedGrading } from './learning-grading';
import { seedVip } from './vip';
import { seedPoints } from './points';
import { seedFlash } from './flash';
import { seedGroupBuy } from './groupbuy';
import { seedPromotion } from './promotion';
import { drainAll } from '../modules/search/index.service';
// The seed goes through the services, which emit events (a critique's points): their handlers must be subscribed.
import '../hooks';

/** True when the database has never been seeded (no users at all). */
export async function isEmptyDatabase(): Promise<boolean> {
  const [row] = await db().select({ n: count() }).from(users);
  return !row?.n;
}

/**
 * Fills whatever is missing: each domain seeds itself only when its tables are empty, and demo
 * users by phone, so running it again never duplicates or overwrites anything.
 */
export async function runSeed(): Promise<Record<string, unknown>> {
  const usersAdded = await seedUsers();
  const site = await seedSite();
  const content = await seedContent();
  const notices = await seedNotices();
  const catalogue = await seedCatalogue();
  const commerce = await seedCommerce();
  const providers = await seedProviders();
  const staffAdded = await seedStaff();
  const chat = await seedChat();
  const live = await seedLive();
  const circle = await seedCircle();
  const duan = await seedDuan();
  const homework = await seedHomework();
  const story = await seedLearningStory();
  const chapters = await seedLearningChapters();
  const grading = await seedGrading();
  const vip = await seedVip();
  const points = await seedPoints();
  const flash = await seedFlash();
  const groupBuy = await seedGroupBuy();
  const promotion = await seedPromotion();
  // The search index follows every write above through its queue; a seeded site answers searches at once.
  const searchIndexed = await drainAll();
  return {
    users: usersAdded,
    staff: staffAdded,
    ...site,
    ...content,
    notices,
    ...catalogue,
    ...commerce,
    providers,
    chat,
    live,
    circle,
    duan,
    ...homework,
    story,
    chapters,
    ...grading,
    ...vip,
    ...points,
    ...flash,
    ...groupBuy,
    ...promotion,
    search_indexed: searchIndexed,
  };
}
