import { firstAnswers } from '@plaza/contract/constants';

/**
 * The answers of the app's first GET calls that the server put into the page (server
 * platform/app-page.ts), by the call's path and query. Read once, at the first call that asks: not while
 * the app's entry runs, already the longest task of its start.
 */
let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(firstAnswers.elementId);
  if (!element) return new Map();
  element.remove();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent ?? '{}') as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/** The page's answers, read now if they have not been (the app's start reads them in a task of their own). */
export function readFirstAnswers(): Map<string, unknown> {
  answers ??= readAnswers();
  return answers;
}

/** Where first answers come from: the page in a browser, the server's own calls while it renders (server-render). */
type AnswerSource = (url: string) => unknown;

let source: AnswerSource = (url) => {
  const all = readFirstAnswers();
  const answer = all.get(url);
  all.delete(url);
  return performance.now() < firstAnswers.lifetimeMs ? answer : undefined;
};

/**
 * The page's answer to a GET of `url`, once and only while the page is new (`firstAnswers.lifetimeMs`
 * from opening it): any other call asks the server. While the server renders a page, its answer (a promise).
 */
export function takeFirstAnswer(url: string): unknown {
  return source(url);
}

/** The server's render answers the app's calls itself (server-render.tsx). */
export function answerFirstCallsWith(serverSource: AnswerSource): void {
  source = serverSource;
}
