import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildGroup } from '../../../test/factories';
import { ids, kind, search, searchFixture } from '../../../test/search-fixture';
import { files, topics } from '../../db/schema';

describe('search across the community: group files by name', () => {
  let t: TestApp;
  let outsiderClient: TestClient;
  let insiderClient: TestClient;
  let adminClient: TestClient;
  let openFile: number;
  let topicFile: number;
  let privateFile: number;
  let approvalFile: number;
  let suggestedTopicFile: number;

  const addFile = async (groupId: number, name: string, topicId: number | null = null) => {
    const [row] = await t.db
      .insert(files)
      .values({
        group_id: groupId,
        topic_id: topicId,
        name,
        mime_type: 'application/pdf',
        size: 2048,
        path: `files/${name}`,
      })
      .returning({ id: files.id });
    return row!.id;
  };

  beforeAll(async () => {
    const fixture = await searchFixture();
    ({ t, outsiderClient, insiderClient, adminClient } = fixture);
    const { insider, outsider, openGroup, openTopic, privateGroup } = fixture;
    const approvalGroup = await buildGroup(t.db, {
      name: 'Geschlossene Gesellschaft',
      description: 'Aufnahme nach Antrag',
      type: 'approval',
      admins: [insider],
      applied: [outsider],
    });
    const [suggested] = await t.db
      .insert(topics)
      .values({ group_id: openGroup.id, name: 'Vorschlag', description: 'noch offen', status: 'suggested' })
      .returning({ id: topics.id });
    openFile = await addFile(openGroup.id, 'Quartalsbericht_2024-Q3.pdf');
    topicFile = await addFile(openGroup.id, 'Tourenplan Sommer.pdf', openTopic.id);
    privateFile = await addFile(privateGroup.id, 'Quartalsbericht-Kaktusgeheimnis.pdf');
    approvalFile = await addFile(approvalGroup.id, 'Quartalsbericht Antragsrunde.pdf');
    suggestedTopicFile = await addFile(openGroup.id, 'Quartalsbericht Vorschlag.pdf', suggested!.id);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('finds files by a word of their name, with where they are and how to download them', async () => {
    const found = await search(outsiderClient, { query: 'Quartalsbericht' });
    expect(ids(found, 'search_files')).toEqual([openFile]);
    expect(kind(found, 'search_files')?.data.results[0]).toMatchObject({
      name: 'Quartalsbericht_2024-Q3.pdf',
      type: 'application/pdf',
      size: 2048,
      link: `/api/v2/files/${openFile}`,
      topic_id: null,
      group_name: 'Fahrradfreunde',
    });
    // A word after punctuation, a prefix, and a topic's file.
    expect(ids(await search(outsiderClient, { query: '2024' }), 'search_files')).toEqual([openFile]);
    expect(ids(await search(outsiderClient, { query: 'Tourenpl' }), 'search_files')).toEqual([topicFile]);
  });

  it("never finds a secret or closed group's files for an outsider (nor an applicant); members and superadmins do", async () => {
    expect(ids(await search(insiderClient, { query: 'Quartalsbericht' }), 'search_files').sort()).toEqual(
      [openFile, privateFile, approvalFile].sort(),
    );
    expect(ids(await search(adminClient, { query: 'Kaktusgeheimnis' }), 'search_files')).toEqual([
      privateFile,
    ]);
    expect((await search(outsiderClient, { query: 'Kaktusgeheimnis' })).modules).toEqual([]);
    expect((await search(outsiderClient, { query: 'Antragsrunde' })).modules).toEqual([]);
  });

  it("never finds the files of a topic that is only suggested; keeps a renamed file's document", async () => {
    expect(ids(await search(adminClient, { query: 'Vorschlag' }), 'search_files')).not.toContain(
      suggestedTopicFile,
    );
    await t.db.update(files).set({ name: 'Jahresabschluss.pdf' }).where(eq(files.id, openFile));
    expect(ids(await search(outsiderClient, { query: 'Jahresabschluss' }), 'search_files')).toEqual([
      openFile,
    ]);
    expect(ids(await search(outsiderClient, { query: 'Quartalsbericht' }), 'search_files')).toEqual([]);
  });

  it('answers 401 to an anonymous caller', async () => {
    const anonymous = new TestClient(t.app);
    const response = await anonymous.get('/api/v2/pages/search', { query: { query: 'Quartalsbericht' } });
    expect(response.statusCode).toBe(401);
  });
});
