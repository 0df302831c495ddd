import { limits, profileLimits } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { TestClient } from './client';
import { buildProfileField } from './directory-helpers';
import { buildAdmin, buildGroup, buildUser, testPassword } from './factories';
import { activitiesOf, signedIn } from './group-helpers';
import { writePost } from './post-helpers';

/**
 * Text fields end to end (issue 12 item 3 and issue 19 item 1): plain text comes back byte for byte
 * as written, rich text is sanitised, lengths are enforced, and NUL or an unpaired surrogate is a 400
 * naming the field instead of a 500 from the database.
 */

type User = Awaited<ReturnType<typeof buildUser>>;

/** Texts that markup stripping used to damage: generics, comparisons, entities, tags, code. */
const plainSamples = [
  'Use List<string> or Map<K, V> here; 3 < 4 and a<b',
  'Tom & Jerry &amp; &lt;b&gt; &#60;i&#62; <script>alert(1)</script>',
  '<b>x</b> "double" \'single\' <!-- not a comment --> <?php echo 1; ?>',
  'if (a && b) {\n  return x >> 2 <= y;\n}\n<div class="c">{items.map((i) => <li>{i}</li>)}</div>',
  'emoji \u{1F469}\u200D\u{1F4BB} \u{1F1E9}\u{1F1EA}, combining e\u0301\u0308, right-to-left שלום',
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The answer is a 400 naming `field`, in the contract's error shape. */
function expectRefused(response: { statusCode: number; json(): unknown }, field: string, what: RegExp) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  const body = response.json() as { errors: { code: string; message: string; field?: string }[] };
  expect(body.errors).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ code: 'validation_failed', field, message: expect.stringMatching(what) }),
    ]),
  );
}

/** The group most tests write in: its name is plain text with markup-like characters too. */
const groupName = 'Dev <Ops> & QA';
const nul = /NUL character \(U\+0000\)/;
const surrogate = /unpaired surrogate \(U\+D[89A-F][0-9A-F]{2}\)/;

describe('text fields', () => {
  let t: TestApp;
  let member: User;
  let other: User;
  let memberClient: TestClient;
  let otherClient: TestClient;
  let adminClient: TestClient;
  let groupId: number;
  /** Topics live in a group of their own: posts into a group with topics must name one. */
  let topicGroupId: number;
  let postId: number;

  beforeAll(async () => {
    t = await createTestApp();
    member = await buildUser(t.db, { firstname: 'Mia', lastname: 'Member' });
    other = await buildUser(t.db, { firstname: 'Otto', lastname: 'Other' });
    const admin = await buildAdmin(t.db);
    groupId = (await buildGroup(t.db, { name: groupName, admins: [member], members: [other] })).id;
    topicGroupId = (await buildGroup(t.db, { name: groupName, admins: [member], members: [other] })).id;
    memberClient = await signedIn(t, member);
    otherClient = await signedIn(t, other);
    adminClient = await signedIn(t, admin);
    postId = (await writePost(memberClient, { description: '<p>Kommentare</p>', group_id: groupId })).item_id;
  });
  afterAll(() => t.close());

  describe('plain text is stored as written and comes back unchanged', () => {
    it('comments', async () => {
      for (const text of plainSamples) {
        const written = await otherClient.put('/api/v2/comments', { type: 'post', id: postId, text });
        expect(written.statusCode, text).toBe(201);
        expect(written.json().text).toBe(text);
      }
      // Trimmed at the ends only.
      const padded = await otherClient.put('/api/v2/comments', {
        type: 'post',
        id: postId,
        text: '  a<b  \n',
      });
      expect(padded.json().text).toBe('a<b');
      const listed = await memberClient.get('/api/v2/comments', {
        query: { type: 'post', id: postId, per_page: 100 },
      });
      expect(listed.json().results.map((c: { text: string }) => c.text)).toEqual([...plainSamples, 'a<b']);
      // The notice the post's author gets names the commenter and holds no comment text.
      const notices = (await activitiesOf(memberClient)).filter((a) => a.type === 'comment');
      expect(notices[0]?.text).toBe('Otto Other hat Ihren Beitrag kommentiert.');
    });

    it('group and topic names and descriptions, also inside the activities that name them', async () => {
      const name = 'R&D <Team> "A<B>"';
      const description = plainSamples.join('\n');
      const created = await adminClient.post('/api/v2/groups', { name, description, users: [other.id] });
      expect(created.statusCode, created.body).toBe(201);
      const group = (await otherClient.get(`/api/v2/groups/${created.json().id}`)).json();
      expect(group).toMatchObject({ name, description, infos: { title: name, description } });
      // The invitation is worded around the name as text: nothing removed, nothing escaped.
      const invite = (await activitiesOf(otherClient)).find((a) => a.type === 'invite');
      expect(invite?.text).toMatch(
        new RegExp(` hat Sie in die Gruppe „${escapeRegExp(name)}“ eingeladen\\.$`),
      );

      const topicName = 'Map<K, V> & Set<T>';
      const topic = await otherClient.post('/api/v2/topics/suggestions', {
        name: topicName,
        description: plainSamples[3],
        group_id: topicGroupId,
      });
      expect(topic.statusCode, topic.body).toBe(201);
      expect(topic.json()).toMatchObject({ name: topicName, description: plainSamples[3] });
      const accepted = await memberClient.put(`/api/v2/topics/suggestions/${topic.json().id}`);
      expect(accepted.json()).toMatchObject({ name: topicName, description: plainSamples[3] });
      const notices = (await activitiesOf(otherClient)).map((a) => a.text);
      expect(notices).toContain(
        `Ihr Themenvorschlag „${topicName}“ in der Gruppe „${groupName}“ wurde angenommen.`,
      );

      const edited = await memberClient.put(`/api/v2/topics/${topic.json().id}`, {
        group_id: topicGroupId,
        title: plainSamples[0],
        description: plainSamples[1],
      });
      expect(edited.json()).toMatchObject({ name: plainSamples[0], description: plainSamples[1] });
    });

    it('profile fields, addresses, children and custom fields', async () => {
      const url = `/api/v2/users/${member.id}`;
      const profile = {
        firstname: 'Anna <Lena>',
        lastname: 'Müller & Söhne',
        title: 'Dr. <i>',
        position: 'Lead C++ & C# <dev>',
        skills: ['C++ & C#', 'List<T>', '<b>bold</b>'],
        careers: [{ title: 'a<b', company: 'Smith & Co <GmbH>', from: null, to: null }],
      };
      const saved = await memberClient.put(url, profile);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject(profile);
      expect((await otherClient.get(url)).json()).toMatchObject({
        firstname: profile.firstname,
        position: profile.position,
        skills: profile.skills,
      });

      const address = await memberClient.post(`${url}/invoice_address`, {
        firstname: 'A&B',
        lastname: '<C>',
        address: 'Straße <1>',
        house_number: '1 & 2',
        city: 'Köln <Mitte>',
        zip: '50667',
        country: 'DE',
        address_details: '3 < 4',
      });
      expect(address.statusCode, address.body).toBe(200);
      expect(address.json().address).toMatchObject({
        firstname: 'A&B',
        city: 'Köln <Mitte>',
        address_details: '3 < 4',
      });

      const children = await memberClient.post(`${url}/children`, {
        children: [{ firstname: '<Tim> & Tom' }],
      });
      expect(children.json().children[0].firstname).toBe('<Tim> & Tom');

      const field = await buildProfileField(t.db, {
        key: 'motto',
        labels: { de_DE: 'Motto', en_GB: 'Motto' },
      });
      const custom = await memberClient.post(`${url}/custom_profile_fields`, {
        fields: [{ id: field.id, values: [plainSamples[0]] }],
      });
      expect(custom.statusCode, custom.body).toBe(200);
      const motto = custom.json().fields.find((f: { id: number }) => f.id === field.id);
      expect(motto).toMatchObject({ values: [plainSamples[0]], value_labels: [plainSamples[0]] });
    });

    it('the name of a TV display key', async () => {
      const name = 'Lobby <TV> & "Kantine"';
      const created = await adminClient.post('/api/v2/tv/display_keys', { name });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().display_key.name).toBe(name);
    });
  });

  describe('rich text is still sanitised', () => {
    it('a post keeps its formatting and text, and loses what could run', async () => {
      const post = await writePost(memberClient, {
        description:
          '<p>3 &lt; 4 &amp; <strong>List&lt;T&gt;</strong></p><script>alert(1)</script><img src=x onerror=alert(1)><p onclick="x()">ok</p>',
        group_id: groupId,
      });
      expect(post.description).toBe('<p>3 &lt; 4 &amp; <strong>List&lt;T&gt;</strong></p><p>ok</p>');
    });
  });

  describe('length limits come from the contract', () => {
    type Call = [method: 'POST' | 'PUT', url: string, body: unknown];
    const cases: [string, (text: string) => Call, number, string][] = [
      [
        'comment',
        (text) => ['PUT', '/api/v2/comments', { type: 'post', id: postId, text }],
        limits.commentMaxLength,
        'text',
      ],
      [
        'group name',
        (text) => ['POST', '/api/v2/groups', { name: text, description: 'd' }],
        limits.groupNameMaxLength,
        'name',
      ],
      [
        'group description',
        (text) => ['POST', '/api/v2/groups', { name: 'n', description: text }],
        limits.groupDescriptionMaxLength,
        'description',
      ],
      [
        'topic name',
        (text) => [
          'POST',
          '/api/v2/topics/suggestions',
          { name: text, description: 'd', group_id: topicGroupId },
        ],
        limits.topicNameMaxLength,
        'name',
      ],
      [
        'profile position',
        (text) => ['PUT', `/api/v2/users/${member.id}`, { position: text }],
        profileLimits.positionMax,
        'position',
      ],
      [
        'display key name',
        (text) => ['POST', '/api/v2/tv/display_keys', { name: text }],
        limits.displayKeyNameMaxLength,
        'name',
      ],
      // Rich text: the whole HTML counts, `<p>` and `</p>` included.
      [
        'post',
        (text) => [
          'POST',
          '/api/v2/posts',
          { description: `<p>${text.slice(0, -7)}</p>`, group_id: groupId },
        ],
        limits.postMaxLength,
        'description',
      ],
    ];

    it.each(cases)(
      '%s: the limit is accepted, one more is a 400 naming the field',
      async (name, build, max, field) => {
        const client = name === 'display key name' ? adminClient : memberClient;
        const call = (text: string) => client.call(...build(text));
        // Emoji count as one character each, as PostgreSQL counts them.
        const atLimit = await call(`${'\u{1F600}'.repeat(10)}${'x'.repeat(max - 10)}`);
        expect(atLimit.statusCode, atLimit.body).toBeLessThan(300);
        expectRefused(await call('x'.repeat(max + 1)), field, /.+/);
      },
    );
  });

  describe('NUL and unpaired surrogates are a 400 naming the field, never a 500 (issue 19)', () => {
    it('sign-in, without a session', async () => {
      const anonymous = new TestClient(t.app);
      const login = (body: unknown) => anonymous.post('/api/v2/auth/login', body);
      expectRefused(await login({ username: 'a\u0000b', password: testPassword }), 'username', nul);
      expectRefused(await login({ email: 'a@b.de\u0000', password: testPassword }), 'email', nul);
      expectRefused(await login({ username: member.username, password: 'pw\u0000' }), 'password', nul);
      expectRefused(await login({ username: 'a\uD800b', password: testPassword }), 'username', surrogate);
      expectRefused(await login({ username: 'a\uDC00', password: testPassword }), 'username', surrogate);
    });

    it('posts, comments, profiles, groups, topics, display keys and settings', async () => {
      const refusals: [() => Promise<{ statusCode: number; json(): unknown }>, string, RegExp][] = [
        [
          () => memberClient.post('/api/v2/posts', { description: '<p>a\u0000b</p>', group_id: groupId }),
          'description',
          nul,
        ],
        [
          () => memberClient.post('/api/v2/posts', { description: '<p>a\uD83D</p>', group_id: groupId }),
          'description',
          surrogate,
        ],
        [
          () => memberClient.put('/api/v2/comments', { type: 'post', id: postId, text: 'a\u0000b' }),
          'text',
          nul,
        ],
        [
          () => memberClient.put('/api/v2/comments', { type: 'post', id: postId, text: '\uDE00x' }),
          'text',
          surrogate,
        ],
        [() => memberClient.put(`/api/v2/users/${member.id}`, { position: 'a\u0000b' }), 'position', nul],
        [
          () => memberClient.put(`/api/v2/users/${member.id}`, { skills: ['ok', 'a\u0000b'] }),
          'skills.1',
          nul,
        ],
        [
          () => memberClient.put(`/api/v2/users/${member.id}`, { firstname: 'A\uD800' }),
          'firstname',
          surrogate,
        ],
        [
          () =>
            memberClient.post(`/api/v2/users/${member.id}/registration_fields`, {
              registration_data: { 'a\u0000': [] },
            }),
          'registration_data.a\u0000',
          /.+/,
        ],
        [() => memberClient.post('/api/v2/groups', { name: 'G\u0000', description: 'd' }), 'name', nul],
        [
          () =>
            memberClient.post('/api/v2/topics/suggestions', {
              name: 'T',
              description: 'd\uDBFF',
              group_id: topicGroupId,
            }),
          'description',
          surrogate,
        ],
        [() => adminClient.post('/api/v2/tv/display_keys', { name: 'Lobby\u0000' }), 'name', nul],
        [() => adminClient.put('/api/v2/settings', { meta_title: 'Plaza\u0000' }), 'meta_title', nul],
        [
          () => adminClient.put('/api/v2/settings', { pages: { 'imprint\u0000': 1 } }),
          'pages.imprint\u0000',
          nul,
        ],
      ];
      for (const [call, field, what] of refusals) expectRefused(await call(), field, what);
      // Nothing of it was stored.
      const profile = (await memberClient.get(`/api/v2/users/${member.id}`)).json();
      expect(profile.position).not.toContain('\u0000');
      expect((await memberClient.get('/api/v2/settings')).json().meta_title).toBe('Plaza');
    });

    it('query parameters', async () => {
      expectRefused(await memberClient.get('/api/v2/users', { query: { query: 'a\u0000b' } }), 'query', nul);
      expectRefused(
        await memberClient.get('/api/v2/users', { query: { 'filters[skills]': 'a\u0000b' } }),
        'filters.skills.0',
        nul,
      );
      expectRefused(await memberClient.get('/api/v2/users/search', { query: { q: '\u0000' } }), 'q', nul);
      expectRefused(
        await memberClient.get('/api/v2/media.preview', { query: { url: 'https://example.com/a\u0000b' } }),
        'url',
        nul,
      );
      expectRefused(
        await memberClient.get(`/api/v2/groups/${groupId}/users/search`, { query: { search: 'a\u0000' } }),
        'search',
        nul,
      );
      expectRefused(
        await new TestClient(t.app).get('/api/v2/tv/feed', { query: { key: 'k\u0000' } }),
        'key',
        nul,
      );
    });

    it('accepts what is valid: surrogate pairs, combining marks, control characters other than NUL', async () => {
      const text = 'ok \u{1F600} e\u0301 \u0007 \uFFFD';
      const written = await memberClient.put('/api/v2/comments', { type: 'post', id: postId, text });
      expect(written.statusCode, written.body).toBe(201);
      expect(written.json().text).toBe(text);
    });
  });
});
