import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { api, buildTestApp, DATABASES, type TestApp } from './helpers.ts';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** A tiny OTLP/HTTP receiver: keeps every JSON export posted to /v1/traces. */
function otlpReceiver(): { server: Server; exports: OtlpExport[]; paths: string[] } {
  const exports: OtlpExport[] = [];
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, exports, paths };
}

const spansOf = (exports: OtlpExport[]) =>
  exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));

describe('tracing configuration', () => {
  it('N-20 a bad OTEL_EXPORTER_OTLP_ENDPOINT is refused at start, naming the setting', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }),
    ).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: must be an http\(s\) URL/);
    expect(loadConfig({ NODE_ENV: 'test' }).tracing).toBeNull();
    expect(
      loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })
        .tracing,
    ).toEqual({ endpoint: 'http://collector:4318', serviceName: 'video-mer' });
  });
});

for (const database of DATABASES) {
  describe(`OpenTelemetry traces (${database})`, () => {
    const receiver = otlpReceiver();
    let traced: TestApp | undefined;
    let untraced: TestApp | undefined;
    beforeAll(async () => {
      await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
      const address = receiver.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      [traced, untraced] = await Promise.all([
        buildTestApp({
          database,
          env: {
            OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
            OTEL_SERVICE_NAME: 'vmer-test',
          },
        }),
        buildTestApp({ database }),
      ]);
    });
    afterAll(async () => {
      await untraced?.close();
      await new Promise((resolve) => receiver.server.close(resolve));
    });

    it("N-20 with OTEL_EXPORTER_OTLP_ENDPOINT set, a request's span reaches the collector in the caller's trace", async () => {
      const t = traced!;
      const traceId = randomBytes(16).toString('hex');
      const parentId = randomBytes(8).toString('hex');
      let requestId: string | null;
      try {
        const answer = await api(t.baseUrl, '/api/health', {
          headers: { traceparent: `00-${traceId}-${parentId}-01` },
        });
        expect(answer.status).toBe(200);
        requestId = answer.headers.get('x-request-id');
      } finally {
        // Closing the server sends the spans still queued.
        await t.close();
      }
      expect(requestId).toBe(traceId);
      expect(receiver.paths.length).toBeGreaterThan(0);
      expect(receiver.paths.every((p) => p.startsWith('POST /v1/traces application/json'))).toBe(
        true,
      );
      const span = spansOf(receiver.exports).find((s) => s.traceId === traceId);
      expect(span).toMatchObject({
        traceId,
        parentSpanId: parentId,
        name: 'GET /api/health',
        kind: 2, // SERVER
      });
      const attributes = Object.fromEntries(
        span!.attributes.map((a) => [a.key, Object.values(a.value)[0]]),
      );
      expect(attributes).toMatchObject({
        'http.request.method': 'GET',
        'http.route': '/api/health',
        'http.response.status_code': 200,
      });
      const service = receiver.exports
        .flatMap((e) => e.resourceSpans)
        .flatMap((r) => r.resource.attributes)
        .find((a) => a.key === 'service.name');
      expect(service?.value.stringValue).toBe('vmer-test');
    });

    it('N-20 without the setting, a request sends nothing to a collector', async () => {
      const before = receiver.exports.length;
      const t = untraced!;
      const traceId = randomBytes(16).toString('hex');
      const answer = await api(t.baseUrl, '/api/health', {
        headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      });
      expect(answer.status).toBe(200);
      await t.close();
      untraced = undefined;
      expect(receiver.exports.length).toBe(before);
      expect(spansOf(receiver.exports).some((s) => s.traceId === traceId)).toBe(false);
    });
  });
}
