// Types of scripts/deploy.mjs for the TypeScript that imports it (its test).
import type { Unstable_Config } from "wrangler";

type RunResult = { status: number; stdout: string; stderr: string };

export declare function deploy(options?: {
  configPath?: string;
  run?: (command: string, args: string[], options?: { capture?: boolean }) => RunResult;
  readConfig?: (path: string, env: string | undefined) => Promise<Unstable_Config>;
  print?: (line: string) => void;
  warn?: (line: string) => void;
}): Promise<number>;
