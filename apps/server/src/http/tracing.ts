import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * OpenTelemetry traces (requirements N-20): with OTEL_EXPORTER_OTLP_ENDPOINT set, each request
 * is a server span, a child of the caller's W3C `traceparent` when it sent one (so its trace
 * id is the request id the log shows), exported in batches over OTLP/HTTP (JSON) to the
 * endpoint's /v1/traces. Without the setting nothing is loaded: the packages are imported here
 * only when tracing is on. A span carries the method, the route template and the status,
 * never the URL's ids or query, nor any header or body.
 */
export async function registerTracing(
  app: FastifyInstance,
  tracing: Config['tracing'],
): Promise<void> {
  if (!tracing) return;
  const [api, core, sdk, otlp, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': tracing.serviceName }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new otlp.OTLPTraceExporter({ url: `${tracing.endpoint}/v1/traces` }),
      }),
    ],
  });
  const tracer = provider.getTracer('video-mer');
  const propagator = new core.W3CTraceContextPropagator();
  const spans = new WeakMap<FastifyRequest, Span>();

  app.addHook('onRequest', async (request) => {
    const parent = propagator.extract(api.ROOT_CONTEXT, request.headers, api.defaultTextMapGetter);
    // The route template, never the raw URL: ids and search text stay out of the trace.
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: api.SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          ...(route ? { 'http.route': route } : {}),
        },
      },
      parent,
    );
    spans.set(request, span);
  });

  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  });

  // Closing sends what is still queued.
  app.addHook('onClose', async () => provider.shutdown());
}
