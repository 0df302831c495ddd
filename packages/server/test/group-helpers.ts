import type { Activity } from '@plaza/contract';
import type { Db } from '../src/db/client';
import { images } from '../src/db/schema';
import { notificationTopic } from '../src/platform/realtime';
import type { TestApp } from './app';
import { TestClient } from './client';
import { testPassword } from './factories';

/** A client signed in as the member. */
export async function signedIn(t: TestApp, user: { username: string }): Promise<TestClient> {
  const client = new TestClient(t.app);
  await client.login(user.username, testPassword);
  return client;
}

/** An images row owned by a member (the file itself is not needed by the group rules). */
export async function insertImage(db: Db, ownerId: number) {
  const [row] = await db
    .insert(images)
    .values({
      owner_id: ownerId,
      original_path: `originals/test-${ownerId}-${Date.now()}.png`,
      original_width: 40,
      original_height: 30,
      path: `images/test-${ownerId}-${Date.now()}.webp`,
      width: 40,
      height: 30,
    })
    .returning();
  return row!;
}

/**
 * Collects what is pushed on a member's NotificationChannel topic of the bus. The bus delivers after
 * the publishing request is done, so `stop` first lets pending deliveries arrive.
 */
export async function listenToNotifications(t: TestApp, userId: number) {
  const received: { kind: string; activity: Activity }[] = [];
  const unsubscribe = await t.bus.subscribe(notificationTopic(userId), (payload) => {
    received.push(payload as { kind: string; activity: Activity });
  });
  const stop = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await unsubscribe();
  };
  return { received, stop };
}

/** The member's activity feed, newest first. */
export async function activitiesOf(client: TestClient): Promise<Activity[]> {
  const response = await client.get('/api/v2/activities', { query: { per_page: 100 } });
  if (response.statusCode !== 200) throw new Error(`activities: ${response.statusCode} ${response.body}`);
  return response.json().results;
}
