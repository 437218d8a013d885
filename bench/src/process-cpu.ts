/**
 * CPU time of processes, read from Linux's /proc, for the throughput rows: on a machine where
 * the server, PostgreSQL and the load generator share the cores, requests per second alone
 * cannot say which of them a request's time went to. Elsewhere (no /proc) it reads nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

export interface CpuSample {
  /** CPU time (user and system) of each watched process, in microseconds. */
  server: number;
  database: number;
  loadGenerator: number;
}

/** User plus system time of a process in microseconds, or 0 when /proc does not have it. */
function cpuOf(pid: string): { command: string; us: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const command = stat.slice(stat.indexOf('(') + 1, close);
    // After the command: state is field 3, utime and stime fields 14 and 15 (proc(5)).
    const fields = stat.slice(close + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { command, us: (ticks * 1_000_000) / TICKS_PER_SECOND };
  } catch {
    return { command: '', us: 0 };
  }
}

/** Samples the server process, every PostgreSQL process and this process (the load generator). */
export function sampleCpu(serverPid: number | undefined): CpuSample {
  let database = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    // Not Linux.
  }
  for (const pid of pids) {
    const { command, us } = cpuOf(pid);
    if (command === 'postgres') database += us;
  }
  return {
    server: serverPid === undefined ? 0 : cpuOf(String(serverPid)).us,
    database,
    loadGenerator: cpuOf(String(process.pid)).us,
  };
}

/** CPU microseconds per request of each part between two samples; undefined without /proc. */
export function cpuPerRequest(
  before: CpuSample,
  after: CpuSample,
  requests: number,
): CpuSample | undefined {
  if (requests === 0 || after.server === 0) return undefined;
  const per = (key: keyof CpuSample) => (after[key] - before[key]) / requests;
  return { server: per('server'), database: per('database'), loadGenerator: per('loadGenerator') };
}

/** "CPU/request: server 210 µs, PostgreSQL 180 µs", or '' when not measured. */
export function formatCpu(cpu: CpuSample | undefined, serverName: string): string {
  if (!cpu) return '';
  const us = (value: number) => `${Math.round(value)} µs`;
  return `; CPU/request: ${serverName} ${us(cpu.server)}, PostgreSQL ${us(cpu.database)}, load generator ${us(cpu.loadGenerator)}`;
}
