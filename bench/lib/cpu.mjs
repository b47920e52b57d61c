// CPU time of a process tree from Linux's own counters (/proc/<pid>/stat utime + stime, every thread included):
// the benchmarks read the workerd child of `wrangler dev` before and after each timed run.
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux the bench runs on). */
const TICKS_PER_SECOND = 100;

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: fields are counted after its closing one.
    const close = text.lastIndexOf(")");
    const name = text.slice(text.indexOf("(") + 1, close);
    const fields = text.slice(close + 2).split(" ");
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
    return { pid, name, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** The descendants of `root` (pid) whose command name starts with `name`. */
export function descendantsNamed(root, name) {
  const all = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => stat(Number(pid)))
    .filter(Boolean);
  const children = new Map();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found = [];
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      if (child.name.startsWith(name)) found.push(child.pid);
      walk(child.pid);
    }
  };
  walk(root);
  return found;
}

/** CPU milliseconds (user + system) the processes have used so far. */
export function cpuMs(pids) {
  return pids.reduce((total, pid) => total + ((stat(pid)?.ticks ?? 0) * 1000) / TICKS_PER_SECOND, 0);
}
