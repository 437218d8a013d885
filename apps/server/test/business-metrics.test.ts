import type { DisclosureSaved } from '@vmer/domain/lifecycle';
import { describe, expect, it } from 'vitest';
import { api, DATABASES, signedInSuite } from './helpers.ts';
import { completeDocument, disclosureFields, PHKL, SLHK } from './disclosures/fixtures.ts';

/** The /metrics text as the scrape gets it. */
async function scrape(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one sample (0 when the series is not there). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const sent = match[2]!.split(',').sort();
    if (sent.join(',') === wanted.join(',')) return Number(match[3]);
  }
  return 0;
}

for (const database of DATABASES) {
  describe(`business metrics on /metrics (${database})`, () => {
    const s = signedInSuite(database, 'uw1');

    const submit = (applicationNumber: string, product = PHKL) =>
      s.call<DisclosureSaved>('/disclosure/submit', {
        body: {
          applicationNumber,
          ...product,
          ...disclosureFields(completeDocument(s.catalog, s.version)),
        },
      });

    it('N-19 disclosures by insurer and status follow the database at each scrape', async () => {
      const before = await scrape(s.t.baseUrl);
      const submitted = (text: string, insurer: string) =>
        sample(text, 'vmer_disclosures', { insurer, status: 'submitted' });
      const saved = await s.call<DisclosureSaved>('/disclosure/save', {
        body: {
          applicationNumber: s.nextApplicationNumber('BM'),
          ...SLHK,
          ...disclosureFields(completeDocument(s.catalog, s.version)),
        },
      });
      expect(saved.status).toBe(200);
      expect((await submit(s.nextApplicationNumber('BM'))).status).toBe(200);
      expect((await submit(s.nextApplicationNumber('BM'))).status).toBe(200);

      const after = await scrape(s.t.baseUrl);
      expect(after).toContain('# TYPE vmer_disclosures gauge');
      expect(submitted(after, 'phkl')).toBe(submitted(before, 'phkl') + 2);
      expect(submitted(after, 'slhk')).toBe(submitted(before, 'slhk'));
      expect(sample(after, 'vmer_disclosures', { insurer: 'slhk', status: 'saved' })).toBe(
        sample(before, 'vmer_disclosures', { insurer: 'slhk', status: 'saved' }) + 1,
      );
    });

    it('N-19 decisions of submitted disclosures are counted by insurer, indicator and category', async () => {
      const before = await scrape(s.t.baseUrl);
      const result = await submit(s.nextApplicationNumber('BM'));
      expect(result.status).toBe(200);
      // The complete document's hypertension answers decline every benefit.
      const after = await scrape(s.t.baseUrl);
      expect(after).toContain('# TYPE vmer_decisions_total counter');
      for (const indicator of ['LIFE', 'CI', 'MED']) {
        const labels = { insurer: 'phkl', indicator, category: 'decline' };
        expect(sample(after, 'vmer_decisions_total', labels), indicator).toBe(
          sample(before, 'vmer_decisions_total', labels) + 1,
        );
      }
      // A save stores no decision yet.
      const saved = await s.call('/disclosure/save', {
        body: {
          applicationNumber: s.nextApplicationNumber('BM'),
          ...PHKL,
          ...disclosureFields(completeDocument(s.catalog, s.version)),
        },
      });
      expect(saved.status).toBe(200);
      const labels = { insurer: 'phkl', indicator: 'LIFE', category: 'decline' };
      expect(sample(await scrape(s.t.baseUrl), 'vmer_decisions_total', labels)).toBe(
        sample(after, 'vmer_decisions_total', labels),
      );
    });

    it('N-19 searches that find nothing are counted per insurer, without the search text', async () => {
      const before = await scrape(s.t.baseUrl);
      const search = (type: number, insurerCode: string) =>
        api(s.t.baseUrl, '/api/search/disease/create', {
          token: s.token,
          body: { keyword: 'zebra fever', type, insurerCode },
        });
      expect((await search(3, 'slhk')).status).toBe(200);
      expect((await search(3, 'slhk')).status).toBe(200);
      expect((await search(1, 'slhk')).status).toBe(200);
      const after = await scrape(s.t.baseUrl);
      expect(sample(after, 'vmer_search_misses_total', { insurer: 'slhk' })).toBe(
        sample(before, 'vmer_search_misses_total', { insurer: 'slhk' }) + 2,
      );
      expect(after).not.toContain('zebra');
    });

    it('N-19 webhook deliveries and failures have their counter, by insurer and outcome', async () => {
      const text = await scrape(s.t.baseUrl);
      expect(text).toContain('# TYPE vmer_webhook_deliveries_total counter');
      s.t.app.businessMetrics.webhookDelivery('phkl', 'failed');
      s.t.app.businessMetrics.webhookDelivery('phkl', 'delivered');
      const after = await scrape(s.t.baseUrl);
      for (const outcome of ['failed', 'delivered']) {
        expect(sample(after, 'vmer_webhook_deliveries_total', { insurer: 'phkl', outcome })).toBe(
          sample(text, 'vmer_webhook_deliveries_total', { insurer: 'phkl', outcome }) + 1,
        );
      }
    });
  });
}
