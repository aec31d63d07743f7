/**
 * Where a browser file's time goes (E2E_COST=<file>: one JSON line per file appended to it): the
 * wall seconds of the server's start, Chromium's launch and the file's `ready`, and the CPU seconds
 * of the server, of Chromium (every other process under this worker) and of the worker itself. CPU
 * seconds stay comparable while other work loads the machine; wall seconds do not.
 */
import fs from 'node:fs';

const TICK = 100; // USER_HZ on Linux

/** [pid, ppid, cpu seconds] of every process in /proc: its own and its reaped children's (a closed tab's). */
function processes(): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push([
        Number(name),
        Number(f[1]),
        (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK,
      ]);
    } catch {
      /* gone */
    }
  }
  return out;
}

/** CPU seconds of the live processes under `root` (itself excluded), split by the subtree of `apart`. */
export function treeCpu(root: number, apart?: number): { apart: number; rest: number } {
  const all = processes();
  const children = new Map<number, [number, number][]>();
  for (const [pid, ppid, cpu] of all) children.set(ppid, [...(children.get(ppid) ?? []), [pid, cpu]]);
  const sum = (pid: number): number => (children.get(pid) ?? []).reduce((s, [c, cpu]) => s + cpu + sum(c), 0);
  const own = (pid: number) => all.find(([p]) => p === pid)?.[2] ?? 0;
  const a = apart ? own(apart) + sum(apart) : 0;
  return { apart: a, rest: sum(root) - a };
}

export const costFile = process.env.E2E_COST;

export function recordCost(entry: Record<string, unknown>): void {
  if (costFile) fs.appendFileSync(costFile, `${JSON.stringify(entry)}\n`);
}
