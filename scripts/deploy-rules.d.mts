// Types of scripts/deploy-rules.mjs for the TypeScript that imports it (its test).
import type { Unstable_Config as ResolvedConfig } from "wrangler";

export declare const PRODUCTION_ENV: "production";
export declare function originProblem(origin: string | undefined): string | null;
export declare function bindingNames(config: ResolvedConfig): Record<string, string[]>;
export declare function preflightProblems(local: ResolvedConfig, production: ResolvedConfig): string[];
export declare function missingServices(secretNames: string[]): { name: string; label: string; without: string; secrets: string[] }[];
export declare function secretNamesOf(stdout: string): string[];
