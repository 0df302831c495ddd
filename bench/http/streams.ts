// The streams a member reads all day, first page and a deep page, against the baseline's same reads:
// the news stream (dashboard), a private group's stream, a topic's stream and the activity feed.
// Budget (issue 14): at least half the baseline's throughput, p99 at most 50 ms, at 50 connections.
// And the page a member opens the dashboard with (`/de_DE`), which carries the session, the texts and
// the news stream's first page (server platform/app-page.ts), and the first screen rendered while the
// server is at most half busy (platform/first-screen.ts), against the baseline's page of the same reads:
// at least half its throughput.
import { pageSizes } from '@plaza/contract';
import { streamSubjects } from '../lib/community';
import { compareGet, runGroup } from '../lib/group';
import { connectionsFor } from '../lib/options';
import { latencyCheck, throughputCheck } from '../lib/report';
import { startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

/** How deep "a deep page" is: the 50th page, unless the stream is shorter. */
const deepPage = 50;

const names = [
  'news-first-page',
  'news-deep-page',
  'group-stream-first-page',
  'group-stream-deep-page',
  'topic-stream-first-page',
  'topic-stream-deep-page',
  'activities-first-page',
  'activities-deep-page',
  'dashboard-page',
];

await runGroup('streams', names, async ({ options, db, startAll, scenario }) => {
  const connections = connectionsFor(options, 50);
  const [plaza, baseline] = await startAll(
    startPlaza({ databaseUrl: options.databaseUrl }),
    startBaseline({ databaseUrl: options.databaseUrl }),
  );
  const subjects = await streamSubjects(db);
  const sessions = await signIn(plaza.url, options.databaseUrl, [subjects.username]);
  const pageWithin = (items: number, perPage: number) =>
    Math.max(1, Math.min(deepPage, Math.floor(items / perPage)));
  const news = pageSizes.newsStream;
  const posts = pageSizes.postStream;
  const feed = pageSizes.activityFeed;
  const paths: Record<string, string> = {
    'news-first-page': `/api/v2/news?page=1&per_page=${news}`,
    'news-deep-page': `/api/v2/news?page=${deepPage}&per_page=${news}`,
    'group-stream-first-page': `/api/v2/news?group_id=${subjects.groupId}&page=1&per_page=${posts}`,
    'group-stream-deep-page': `/api/v2/news?group_id=${subjects.groupId}&page=${pageWithin(subjects.groupPosts, posts)}&per_page=${posts}`,
    'topic-stream-first-page': `/api/v2/news/topic_filter/${subjects.topicId}?page=1&per_page=${posts}`,
    'topic-stream-deep-page': `/api/v2/news/topic_filter/${subjects.topicId}?page=${pageWithin(subjects.topicPosts, posts)}&per_page=${posts}`,
    'activities-first-page': `/api/v2/activities?page=1&per_page=${feed}`,
    'activities-deep-page': `/api/v2/activities?page=${pageWithin(subjects.activities, feed)}&per_page=${feed}`,
    'dashboard-page': '/de_DE',
  };
  const setup = `${connections} connections, ${options.duration} s each, ${subjects.username} (group ${subjects.groupId} with ${subjects.groupPosts} posts, topic ${subjects.topicId} with ${subjects.topicPosts}, ${subjects.activities} activities)`;

  for (const name of names) {
    await scenario(name, async () => {
      const path = paths[name]!;
      const samples = await compareGet(options, { plaza, baseline }, { path, connections, sessions });
      return {
        setup: `GET ${path}; ${setup}`,
        ...samples,
        shown: [
          ['rps', 'req/s'],
          ['p99_ms', 'ms p99'],
        ],
        checks: (p, b) =>
          name === 'dashboard-page'
            ? [throughputCheck(p, b)]
            : [throughputCheck(p, b), latencyCheck(p, 'p99', 50)],
      };
    });
  }
});
