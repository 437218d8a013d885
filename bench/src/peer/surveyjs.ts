/**
 * The peer of `npm run bench -- peer`: SurveyJS (survey-core and survey-js-ui, the bench's dev
 * dependencies) rendering the generated conditions the product shows, as a SurveyJS JSON made
 * from the same compiled catalogue questions and answered with the same answers, served
 * gzipped (as the product's server serves its files) by a small static server.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Impairment, Question } from '@vmer/domain';
import type { AnswerMap } from '@vmer/domain/answers';
import { freePort } from '../../../e2e/src/server.ts';

/** A condition as both sides show it: its compiled questions and the answers of a full disclosure. */
export interface PeerCondition {
  impairment: Impairment;
  answers: AnswerMap;
}

/** A SurveyJS element name: the question's uuid with what an expression cannot hold replaced. */
const nameOf = (uuid: string) => `q_${uuid.replace(/[^A-Za-z0-9_]/g, '_')}`;

interface SurveyElement {
  type: string;
  name: string;
  title: string;
  isRequired: true;
  choices?: { value: string; text: string }[];
  inputType?: string;
  visibleIf?: string;
}

/** One catalogue question as a SurveyJS element, shown when the option that opens it is chosen. */
function elementOf(question: Question, opener: Map<string, Question>): SurveyElement {
  const choices = question.answerList.map((option) => ({
    value: option.uuid,
    text: option.label.en,
  }));
  const parent = opener.get(question.parentUuid);
  const base = {
    name: nameOf(question.uuid),
    title: question.question.en,
    isRequired: true as const,
    ...(parent
      ? {
          visibleIf: `{${nameOf(parent.uuid)}} ${parent.type === 'R' || parent.type === 'S' ? '=' : 'contains'} '${question.parentUuid}'`,
        }
      : {}),
  };
  switch (question.type) {
    case 'R':
      return { ...base, type: 'radiogroup', choices };
    case 'S':
      return { ...base, type: 'dropdown', choices };
    case 'C':
    case 'M':
      return { ...base, type: 'checkbox', choices };
    case 'N':
      return { ...base, type: 'text', inputType: 'number' };
    case 'D':
      return { ...base, type: 'text', inputType: 'date' };
    case 'T':
      return { ...base, type: 'text' };
    default:
      return { ...base, type: 'comment' };
  }
}

/** The answers of a condition as SurveyJS data: a choice's option uuid, the others' first value. */
function dataOf({ impairment, answers }: PeerCondition): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const question of impairment.questionList) {
    const answer = answers[question.uuid];
    if (answer === undefined) continue;
    const values = (Array.isArray(answer) ? answer : [answer]).map((value) =>
      typeof value === 'string' ? value : value.value,
    );
    data[nameOf(question.uuid)] =
      question.type === 'C' || question.type === 'M' ? values : values[0];
  }
  return data;
}

/**
 * The SurveyJS JSON of `conditions`: a page per condition (as the product pages a condition of
 * five top-level questions), or every question on one page.
 */
function surveyOf(conditions: readonly PeerCondition[], onePage: boolean): unknown {
  const pages = conditions.map(({ impairment }) => {
    const opener = new Map<string, Question>();
    for (const question of impairment.questionList)
      for (const option of question.answerList) opener.set(option.uuid, question);
    return {
      name: nameOf(impairment.uuid),
      title: impairment.name.en,
      elements: [...impairment.questionList]
        .sort((a, b) => a.index - b.index)
        .map((question) => elementOf(question, opener)),
    };
  });
  return onePage
    ? { pages: [{ name: 'all', elements: pages.flatMap((page) => page.elements) }] }
    : { pages, checkErrorsMode: 'onNextPage' };
}

/** Which survey the page asks for: `?one` every question on one page, `?full` answered. */
export interface PeerQuery {
  one?: boolean;
  full?: boolean;
}

export const peerSearch = ({ one = false, full = false }: PeerQuery) =>
  `?${[one ? 'one' : '', full ? 'full' : ''].filter(Boolean).join('&')}`;

const require = createRequire(import.meta.url);
/** The folders of the peer's packages, served under /nm/. */
const PACKAGES: Record<string, string> = {
  'survey-core': dirname(require.resolve('survey-core')),
  'survey-js-ui': dirname(require.resolve('survey-js-ui')),
};
const PAGE = new URL('index.html', import.meta.url);
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
};

export interface PeerServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Serves the peer's page, its packages and the survey of `conditions` on a free port. */
export async function startPeerServer(conditions: readonly PeerCondition[]): Promise<PeerServer> {
  const full = Object.assign({}, ...conditions.map(dataOf)) as Record<string, unknown>;
  const surveys = new Map<string, Buffer>();
  for (const one of [false, true])
    for (const answered of [false, true])
      surveys.set(
        peerSearch({ one, full: answered }),
        Buffer.from(
          JSON.stringify({ json: surveyOf(conditions, one), data: answered ? full : null }),
        ),
      );
  const files = new Map<string, Buffer>();
  const read = (path: string): Buffer | undefined => {
    if (!files.has(path)) {
      try {
        files.set(path, readFileSync(path));
      } catch {
        return undefined;
      }
    }
    return files.get(path);
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    let body: Buffer | undefined;
    let type = 'application/octet-stream';
    if (url.pathname === '/survey.json') {
      body = surveys.get(
        peerSearch({ one: url.searchParams.has('one'), full: url.searchParams.has('full') }),
      );
      type = TYPES['.json']!;
    } else if (url.pathname === '/') {
      body = read(PAGE.pathname);
      type = TYPES['.html']!;
    } else {
      const [, prefix, name, ...rest] = url.pathname.split('/');
      const folder = prefix === 'nm' && name ? PACKAGES[name] : undefined;
      const file =
        folder && rest.every((part) => part && part !== '..') ? join(folder, ...rest) : undefined;
      body = file ? read(file) : undefined;
      type = (file && TYPES[extname(file)]) ?? type;
    }
    if (!body) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('content-type', type);
    response.setHeader('cache-control', 'no-cache');
    if (/gzip/.test(request.headers['accept-encoding'] ?? '') && body.length > 1024) {
      response.setHeader('content-encoding', 'gzip');
      body = gzipSync(body);
    }
    response.end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
