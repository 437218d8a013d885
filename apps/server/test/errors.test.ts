import { apiPath, apiRoutes, errorSchema, type Envelope } from '@vmer/domain/api';
import { describe, expect, it } from 'vitest';
import { HttpError, schemaIssueMessage, translate } from '../src/http/errors.ts';
import { languageFromHeader } from '../src/http/language.ts';
import { api, buildTestApp, DATABASES, suiteApp, tokenFor } from './helpers.ts';

describe('error messages', () => {
  it('C-23 translate a key, a key with placeholders, or a bilingual text into en or cn_traditional', () => {
    expect(translate('not_found', 'en')).toBe('Not found.');
    expect(translate('not_found', 'cn_traditional')).toBe('找不到。');
    expect(
      translate({ en: 'Already submitted.', cn_traditional: '已提交。' }, 'cn_traditional'),
    ).toBe('已提交。');
    const error = new HttpError(409, {
      en: 'Changed {count} times.',
      cn_traditional: '已更改 {count} 次。',
    });
    expect(error.message).toBe('Changed {count} times.');
    expect(translate({ key: 'bad_request', params: { unused: 1 } }, 'en')).toBe(
      'The request is not valid.',
    );
    const validated = { en: 'validated', cn_traditional: '已核實' };
    expect(
      translate(
        { key: 'disclosure_save_forbidden', params: { status: validated } },
        'cn_traditional',
      ),
    ).toBe('此披露已核實，不可再儲存。');
    expect(
      translate({ key: 'disclosure_question_unanswered', params: { condition: 'Asthma' } }, 'en'),
    ).toBe('Asthma: please answer the question "{question}"');
  });

  it("a schema's own message key names what is wrong; otherwise the kind of issue does", () => {
    expect(
      translate(
        schemaIssueMessage({ code: 'custom', message: 'redirection_invalid' }),
        'cn_traditional',
      ),
    ).toContain('https://');
    expect(
      translate(
        schemaIssueMessage({ code: 'invalid_format', message: 'application_number_helper' }),
        'en',
      ),
    ).toMatch(/^Limit to only 30/);
    expect(schemaIssueMessage({ code: 'custom', message: 'Invalid input' })).toBe('field_invalid');
    expect(schemaIssueMessage({ code: 'too_big', message: 'Too big', origin: 'string' })).toBe(
      'field_too_long',
    );
    expect(schemaIssueMessage({ code: 'too_small', origin: 'number' })).toBe('field_too_small');
  });

  it('C-23 Accept-Language picks Traditional Chinese for any Chinese tag, English otherwise, by quality', () => {
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('zh-TW')).toBe('cn_traditional');
    expect(languageFromHeader('fr-FR, zh-HK;q=0.5')).toBe('cn_traditional');
    expect(languageFromHeader('zh;q=0.4, en;q=0.9')).toBe('en');
    expect(languageFromHeader('de, fr')).toBe('en');
    expect(languageFromHeader('cn_traditional')).toBe('cn_traditional');
  });
});

/** A call's status and envelope, as a caller reads them. */
async function answer(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Envelope };
}

describe('N-18 error codes', () => {
  it('N-18 an error built with a bilingual text takes the code of its status, unless the thrower names one', () => {
    const text = { en: 'Already submitted.', cn_traditional: '已提交。' };
    expect(new HttpError(409, text).code).toBe('conflict');
    expect(new HttpError(404, text).code).toBe('not_found');
    expect(new HttpError(429, 'too_many_requests').code).toBe('rate_limited');
    expect(new HttpError(502, text).code).toBe('internal_error');
    expect(new HttpError(418, text).code).toBe('bad_request');
    expect(new HttpError(400, text, undefined, {}, 'malformed_json').code).toBe('malformed_json');
  });
});

describe.each(DATABASES)('N-18 error answers on %s', (database) => {
  const t = suiteApp(database);

  it("N-18 every error answer carries its stable code beside the translated message, in the contract's Error shape", async () => {
    const interviewer = await tokenFor(t.baseUrl, 'interviewer1');
    const admin = await tokenFor(t.baseUrl, 'admin1');
    const language = apiPath(apiRoutes.userLanguage);
    const created = await api<{ id: string }>(t.baseUrl, apiPath(apiRoutes.accountRequest), {
      body: { name: 'Ann Lee', email: 'ann@example.com', insurerCode: 'demo', role: 'agent' },
    });
    expect(created.status).toBe(201);
    const decline = apiPath(apiRoutes.accountRequestDecline, { id: created.body.body!.id });
    expect(
      (await api(t.baseUrl, decline, { token: admin, body: { reason: 'Unknown' } })).status,
    ).toBe(200);

    const answers = {
      not_found: await answer(`${t.baseUrl}/api/no/such/route`),
      unauthorized: await answer(`${t.baseUrl}${apiPath(apiRoutes.userInfo)}`),
      forbidden: await answer(`${t.baseUrl}${apiPath(apiRoutes.adminUsers)}`, {
        headers: { authorization: `Bearer ${interviewer}` },
      }),
      bad_request: await answer(`${t.baseUrl}${language}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${interviewer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ language: 'xx' }),
      }),
      malformed_json: await answer(`${t.baseUrl}${language}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${interviewer}`, 'content-type': 'application/json' },
        body: '{"language":',
      }),
      method_not_allowed: await answer(`${t.baseUrl}${language}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${interviewer}` },
      }),
      conflict: await answer(`${t.baseUrl}${decline}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Again' }),
      }),
    };
    expect(
      Object.fromEntries(
        Object.entries(answers).map(([code, { status, body }]) => [code, [status, body.error]]),
      ),
    ).toEqual({
      not_found: [404, 'not_found'],
      unauthorized: [401, 'unauthorized'],
      forbidden: [403, 'forbidden'],
      bad_request: [400, 'bad_request'],
      malformed_json: [400, 'malformed_json'],
      method_not_allowed: [405, 'method_not_allowed'],
      conflict: [409, 'conflict'],
    });
    for (const { body } of Object.values(answers))
      expect(errorSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
    expect(answers.bad_request.body.errors?.map((e) => e.path)).toEqual(['language']);
  });

  it('N-18 the code stays the same in every language, while the message is translated', async () => {
    const english = await answer(`${t.baseUrl}/api/no/such/route`);
    const chinese = await answer(`${t.baseUrl}/api/no/such/route`, {
      headers: { 'accept-language': 'zh-HK' },
    });
    expect([english.body.error, english.body.message]).toEqual(['not_found', 'Not found.']);
    expect([chinese.body.error, chinese.body.message]).toEqual(['not_found', '找不到。']);
  });
});

describe('N-18 the rate limit', () => {
  it('N-18 a caller past the rate limit reads the rate_limited code', async () => {
    const t = await buildTestApp({ env: { API_RATE_LIMIT: '2' } });
    try {
      const url = `${t.baseUrl}${apiPath(apiRoutes.authConfig)}`;
      const answers = [await answer(url), await answer(url), await answer(url)];
      expect(answers.map(({ status, body }) => [status, body.error])).toEqual([
        [200, undefined],
        [200, undefined],
        [429, 'rate_limited'],
      ]);
    } finally {
      await t.close();
    }
  });
});
