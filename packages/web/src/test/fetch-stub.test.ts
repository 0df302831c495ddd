import { endpoints } from '@plaza/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from './fetch-stub';
import { testTopic } from './groups';

afterEach(() => vi.unstubAllGlobals());

const noMembers = {
  results: [],
  pagination: { self: 1, first: 1, last: 1, prev: null, next: null, total: 0, per_page: 15 },
};

describe('answer', () => {
  it('refuses, when made, an answer the endpoint could never send, naming the field', () => {
    // @ts-expect-error: a topic is not `{}`, the compiler refuses it too.
    expect(() => answer(endpoints.topics.create, {})).toThrow(
      /POST \/api\/v2\/topics: the contract rejects this answer:[\s\S]*name/,
    );
    expect(() =>
      // @ts-expect-error: `member_count` is a number.
      answer(endpoints.topics.get, { ...testTopic(), member_count: '3' }, { params: { id: 4 } }),
    ).toThrow(/GET \/api\/v2\/topics\/4: the contract rejects this answer:[\s\S]*member_count/);
  });

  it('refuses fields the contract does not send, which the server would drop', () => {
    const topic = { ...testTopic(), secret: 'x', group: { ...testTopic().group, owner: 1 } };
    expect(() => answer(endpoints.topics.get, topic, { params: { id: 4 } })).toThrow(
      'Stubbed GET /api/v2/topics/4: the contract never sends these fields: group.owner, secret',
    );
  });

  it('needs the path parameters the contract accepts', () => {
    // @ts-expect-error: the endpoint has an `id`.
    expect(() => answer(endpoints.groups.users, noMembers)).toThrow(/path parameters the contract rejects/);
    expect(() => answer(endpoints.users.children, { children: [] }, { params: { id: 0 } })).toThrow(
      /GET \/api\/v2\/users\/:id\/children: path parameters the contract rejects[\s\S]*id/,
    );
  });

  it('knows the values a path parameter may take', () => {
    const refused = { errors: [{ code: 'validation_failed' as const, message: 'x' }] };
    expect(() =>
      answerError(endpoints.users.saveAddress, 400, refused, {
        // @ts-expect-error: not an address type of the contract.
        params: { id: 42, addressType: 'holiday_address' },
      }),
    ).toThrow(/path parameters the contract rejects[\s\S]*addressType/);
  });

  it('answers with the status of the endpoint', () => {
    expect(answer(endpoints.topics.create, testTopic()).status).toBe(201);
    expect(answer(endpoints.topics.update, testTopic(), { params: { id: 4 } }).status).toBe(200);
  });
});

describe('answerError', () => {
  it('takes only bodies in the contract error format and 4xx/5xx statuses', () => {
    expect(() => answerError(endpoints.topics.create, 500, { errors: [] })).toThrow(
      /the contract rejects this answer:[\s\S]*errors/,
    );
    expect(() =>
      // @ts-expect-error: not an error code of the contract.
      answerError(endpoints.topics.create, 400, { errors: [{ code: 'oops', message: 'x' }] }),
    ).toThrow(/the contract rejects this answer/);
    expect(() =>
      answerError(endpoints.topics.create, 200, { errors: [{ code: 'internal', message: 'x' }] }),
    ).toThrow('an error answer needs a 4xx or 5xx status');
  });
});

describe('stubFetch', () => {
  it('serves the last answer for the method, path and query; anything else gets a 404 not_found', async () => {
    const answers = [
      answer(endpoints.groups.users, noMembers, { params: { id: 1 } }),
      answer(
        endpoints.groups.users,
        { ...noMembers, pagination: { ...noMembers.pagination, self: 2 } },
        {
          params: { id: 1 },
          query: { page: 2 },
        },
      ),
    ];
    const calls = stubFetch(answers);
    const self = async (url: string, init?: RequestInit) => {
      const response = await fetch(url, init);
      return [response.status, (await response.json()).pagination?.self ?? null];
    };
    expect(await self('/api/v2/groups/1/users?type=all&page=2')).toEqual([200, 2]);
    expect(await self('/api/v2/groups/1/users?type=all&page=1')).toEqual([200, 1]);
    answers.push(
      answerError(
        endpoints.groups.users,
        403,
        { errors: [{ code: 'forbidden', message: 'No' }] },
        {
          params: { id: 1 },
        },
      ),
    );
    expect(await self('/api/v2/groups/1/users?page=2')).toEqual([403, null]);
    expect(await self('/api/v2/groups/1/users', { method: 'POST', body: '{"page":1}' })).toEqual([404, null]);
    expect(await self('/api/v2/groups/2/users')).toEqual([404, null]);
    expect(calls.at(-2)).toEqual({ method: 'POST', url: '/api/v2/groups/1/users', body: { page: 1 } });
  });
});
