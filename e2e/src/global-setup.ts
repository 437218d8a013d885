import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server.ts';

/**
 * A real server for each worker, so that the journeys of files running at once never meet;
 * all stopped when they are done.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const servers: RunningServer[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  try {
    // One after another: each start is bounded, and two at once would share the cores.
    for (let worker = 1; worker <= Math.max(1, project.config.maxWorkers); worker += 1)
      servers.push(await startServer());
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  return stopAll;
}
